-- ============================================================================
-- Staff accounts: rules no caller can outrace or walk around.
--
-- 1. A clinic keeps an admin who can sign in, whoever removes or demotes one
--    (a browser, the delete-user function, the service role, GoTrue's admin
--    API, plain SQL) and however many do it at the same moment. The check
--    runs in the database, in the transaction that removes the admin, under
--    a lock on the clinic's row: two admins deleting each other at once are
--    taken one after the other, and the second one sees the first one gone.
--    Until now the rule held only for browsers, and delete-user checked it in
--    a request of its own before deleting, so both deletions could pass.
--    Only admins who can sign in count (an account, not soft-deleted, its
--    e-mail confirmed): a profile without an account, or an account nobody
--    can use, never keeps a clinic managed.
-- 2. Browsers neither add nor remove staff profiles. A profile is made with
--    its account (create-user, sign-up: the handle_new_user trigger) and goes
--    with it (delete-user). Before this, an admin could add an admin profile
--    without an account (which then "kept" the clinic managed), and remove a
--    profile while its login stayed, for another clinic's admin to adopt.
--    For every caller, a profile bound to an account is only made in the
--    transaction that creates the account.
-- 3. delete-user removes an account through delete_staff_account(), which
--    names who asked for it in a transaction-local setting and deletes in the
--    same transaction: a failed deletion leaves nothing behind. The note table
--    of 20261126000500_user_deletion_actor.sql outlived failed deletions and
--    named their admin as the actor of a later, unrelated removal; it goes.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- 1. The last admin of a clinic
-- ---------------------------------------------------------------------------
create function public.counts_as_clinic_admin(p_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from auth.users a
     where a.id = p_user_id and a.deleted_at is null and a.email_confirmed_at is not null
  )
$$;

comment on function public.counts_as_clinic_admin(uuid) is
  'True when the account can sign in (exists, not soft-deleted, e-mail confirmed): only such an admin keeps a clinic managed.';

create function public.ensure_clinic_keeps_admin(p_clinic_id bigint, p_leaving_profile_id bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- One removal or demotion of an admin per clinic at a time. Whoever waits here counts afterwards,
  -- in a statement of its own, so (read committed) it sees what the one before it committed.
  -- "no key update": it does not hold up inserts of rows that merely reference the clinic.
  perform 1 from public.clinics c where c.id = p_clinic_id for no key update;
  if not found then
    -- The clinic itself is being deleted, and its staff with it.
    return;
  end if;
  if not exists (
    select 1
      from public.users u
     where u.clinic_id = p_clinic_id
       and u.role = 'admin'
       and u.id <> p_leaving_profile_id
       and public.counts_as_clinic_admin(u.user_id)
  ) then
    raise exception 'A clinic must keep at least one admin.'
      using errcode = 'PT409',
            hint = 'Make another user of this clinic an admin first.';
  end if;
end;
$$;

comment on function public.ensure_clinic_keeps_admin(bigint, bigint) is
  'Raises PT409 (HTTP 409) unless the clinic has an admin who can sign in besides the given profile; '
  'locks the clinic''s row first, so concurrent removals of its admins are decided one after the other.';

-- The profile: deleted, or its role changed from admin. Every caller, the service role included.
create or replace function public.guard_last_clinic_admin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role <> 'admin' or (tg_op = 'UPDATE' and new.role = 'admin') then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  -- A profile without a usable account never counted. When the account is being deleted right now
  -- (this delete is its cascade), the account's own trigger below has already decided.
  if old.user_id is not null and public.counts_as_clinic_admin(old.user_id) then
    perform public.ensure_clinic_keeps_admin(old.clinic_id, old.id);
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

comment on function public.guard_last_clinic_admin() is
  'Trigger: refuses (PT409) deleting or demoting a clinic''s last admin who can sign in, for every caller.';

-- The account: deleted (its profile goes by cascade) or soft-deleted (GoTrue's should_soft_delete).
create function public.guard_last_clinic_admin_account()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_profile record;
begin
  if tg_op = 'UPDATE' and not (old.deleted_at is null and new.deleted_at is not null) then
    return new;
  end if;
  if old.deleted_at is not null or old.email_confirmed_at is null then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  select u.id, u.clinic_id into v_profile from public.users u where u.user_id = old.id and u.role = 'admin';
  if found then
    perform public.ensure_clinic_keeps_admin(v_profile.clinic_id, v_profile.id);
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

comment on function public.guard_last_clinic_admin_account() is
  'Trigger on auth.users: refuses (PT409) deleting or soft-deleting the account of a clinic''s last admin.';

revoke execute on function
  public.counts_as_clinic_admin(uuid),
  public.ensure_clinic_keeps_admin(bigint, bigint),
  public.guard_last_clinic_admin(),
  public.guard_last_clinic_admin_account()
from public, anon, authenticated;

drop trigger users_keep_last_admin on public.users;
create trigger users_keep_last_admin before update of role or delete on public.users
  for each row execute function public.guard_last_clinic_admin();

create trigger accounts_keep_last_admin before update of deleted_at or delete on auth.users
  for each row execute function public.guard_last_clinic_admin_account();

-- ---------------------------------------------------------------------------
-- 2. Profiles come and go with their accounts
-- ---------------------------------------------------------------------------
-- The SPA reads and edits profiles ({name, role}); adding is create-user's, removing delete-user's.
drop policy "Admins can add staff to their clinic" on public.users;
drop policy "Admins can remove other staff of their clinic" on public.users;
revoke insert, delete on public.users from authenticated;

-- The sign-up trigger names the account it is making a profile for, for this transaction only.
create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_app_meta jsonb := coalesce(new.raw_app_meta_data, '{}'::jsonb);
  v_user_meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  v_name text := nullif(btrim(v_user_meta ->> 'name'), '');
  v_clinic_name text := nullif(btrim(v_user_meta ->> 'clinic_name'), '');
  v_clinic_id bigint;
begin
  if new.email is null then
    raise exception 'Staff accounts need an e-mail address.' using errcode = 'not_null_violation';
  end if;

  perform pg_catalog.set_config('ngiti.new_account', new.id::text, true);
  if v_app_meta ? 'clinic_id' and v_app_meta ? 'role' then
    insert into public.users (user_id, email, name, role, clinic_id)
    values (
      new.id,
      new.email,
      coalesce(v_name, split_part(new.email, '@', 1)),
      v_app_meta ->> 'role',
      (v_app_meta ->> 'clinic_id')::bigint
    );
  elsif v_clinic_name is not null then
    if v_name is null then
      raise exception 'Sign-up needs a name.' using errcode = 'check_violation';
    end if;
    insert into public.clinics (name) values (v_clinic_name) returning id into v_clinic_id;
    insert into public.users (user_id, email, name, role, clinic_id)
    values (new.id, new.email, v_name, 'admin', v_clinic_id);
  else
    raise exception 'Sign-up needs a clinic name.'
      using errcode = 'check_violation',
            hint = 'Pass clinic_name and name in the user metadata (options.data of supabase.auth.signUp).';
  end if;
  perform pg_catalog.set_config('ngiti.new_account', '', true);
  return new;
end;
$$;

comment on function public.handle_new_user() is
  'Trigger on auth.users: creates the staff profile from app_metadata {clinic_id, role}, or a new clinic and its '
  'admin from user_metadata {clinic_name, name}; otherwise raises so the sign-up leaves nothing behind.';

create function public.guard_profile_account()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- An existing account (a login whose profile was removed, or another clinic's staff) is never
  -- given a profile afterwards: that would hand its next sign-in to whoever made the profile.
  if new.user_id is not null
     and coalesce(pg_catalog.current_setting('ngiti.new_account', true), '') <> new.user_id::text then
    raise exception 'A staff profile is made with its account (Add User or sign-up).'
      using errcode = 'insufficient_privilege';
  end if;
  return new;
end;
$$;

comment on function public.guard_profile_account() is
  'Trigger: refuses (42501) a profile for an account, unless the sign-up trigger is creating that account now.';

revoke execute on function public.guard_profile_account(), public.handle_new_user() from public, anon, authenticated;

create trigger users_made_with_account before insert on public.users
  for each row execute function public.guard_profile_account();

-- ---------------------------------------------------------------------------
-- 3. delete-user: who asked, and the deletion, in one transaction
-- ---------------------------------------------------------------------------
create function public.delete_staff_account(p_user_id uuid, p_requested_by uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_profiles integer;
begin
  -- Transaction-local: the users audit trigger names p_requested_by for this removal, and a refused
  -- or failed removal takes the note with it.
  perform pg_catalog.set_config('ngiti.audit_actor', p_requested_by::text, true);
  select count(*)::integer into v_profiles from public.users u where u.user_id = p_user_id;
  -- The profile goes by cascade; the last-admin triggers may refuse (PT409) and undo it all.
  delete from auth.users a where a.id = p_user_id;
  if not found then
    raise exception 'User not found' using errcode = 'PT404';
  end if;
  return v_profiles;
end;
$$;

comment on function public.delete_staff_account(uuid, uuid) is
  'delete-user''s step, service role only: deletes the account (and its profile), recording p_requested_by as '
  'who did it; PT404 when there is no such account, PT409 when it is the clinic''s last admin.';

revoke execute on function public.delete_staff_account(uuid, uuid) from public, anon, authenticated;
grant execute on function public.delete_staff_account(uuid, uuid) to service_role;

-- The note table and its trigger: replaced by the transaction-local actor above.
drop trigger users_take_deletion_request on public.users;
drop function public.take_user_deletion_request();
drop table public.user_deletion_requests;
