-- ============================================================================
-- Ngiti baseline, 2 of 10: clinics, staff profiles and what each role may do.
--
-- Sign-up: every auth account gets its staff profile in the same transaction
-- (handle_new_user). Two ways in:
--   1. raw_app_meta_data has clinic_id and role. Only the service role (admin
--      API, e.g. the create-user edge function) or SQL (the seed) can set
--      app_metadata, so both are trusted: the profile joins that clinic.
--   2. raw_user_meta_data has clinic_name and name (public sign-up form): a new
--      clinic is created and the user becomes its admin.
-- Anything else raises, so GoTrue answers 500 "Database error saving new user"
-- and no account, clinic or profile is left behind. A role or clinic_id in
-- user_metadata (which anyone can write) is never read.
--
-- Staff accounts follow rules no caller can outrace or walk around:
--   * A clinic keeps an admin who can sign in, whoever removes or demotes one
--     (a browser, the delete-user function, the service role, GoTrue's admin
--     API, plain SQL) and however many do it at the same moment. The check
--     runs in the transaction that removes the admin, under a lock on the
--     clinic's row: two admins deleting each other at once are taken one
--     after the other, and the second one sees the first one gone. Only
--     admins who can sign in count (an account, not soft-deleted, its e-mail
--     confirmed).
--   * Browsers neither add nor remove staff profiles. A profile is made with
--     its account (create-user, sign-up: the handle_new_user trigger) and goes
--     with it (delete-user). For every caller, a profile bound to an account
--     is only made in the transaction that creates the account.
--   * delete-user removes an account through delete_staff_account(), which
--     names who asked for it in a transaction-local setting and deletes in the
--     same transaction: a failed deletion leaves nothing behind.
--   * Nobody makes a superadmin from a browser or changes their own role; a
--     profile's clinic and account never change. The role in the account's
--     app_metadata follows the profile, so a fresh JWT says what the database
--     enforces.
--
-- One authorization rule: which role may do what, as data, and one function
-- that every policy and RPC asks.
--
--   public.role_permissions   (role, permission): what a clinic role may do.
--                             The same table, as data, is
--                             common/contract/permissions.ts, which the SPA
--                             and the service read; a test compares the two.
--   public.authorize(clinic, permission)
--                             true for a superadmin (every permission, every
--                             clinic), or when the caller's profile is in
--                             that clinic and its role holds the permission.
--
-- Policies on rows of a clinic are written
--
--   (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
--   and (select public.authorize(public.current_clinic_id(), '<permission>'))
--
-- which is authorize(clinic_id, '<permission>') taken apart: the row's part
-- (the row is in the caller's clinic, or the caller is a superadmin) and the
-- caller's part (their role holds the permission in their own clinic). Both
-- are evaluated once per statement, never once per row (authorize is a
-- security definer function, which Postgres cannot inline), and the row's part
-- is a plain comparison beside the clinic filter of the query, so that filter
-- still finds rows through the clinic's index. Permissions are named by
-- capability, not by table.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- clinics
-- ---------------------------------------------------------------------------
create table public.clinics (
  id bigint generated always as identity primary key,
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  timezone text not null default 'Asia/Manila' check (public.is_valid_time_zone(timezone)),
  reminder_time time not null default '09:00',
  address text check (address is null or (btrim(address) <> '' and char_length(address) <= 500)),
  contact_email text check (
    contact_email is null or (contact_email ~ '^[^@\s]+@[^@\s]+$' and char_length(contact_email) <= 320)
  ),
  contact_phone text check (contact_phone is null or (btrim(contact_phone) <> '' and char_length(contact_phone) <= 50)),
  fb_page_id text check (fb_page_id is null or (btrim(fb_page_id) <> '' and char_length(fb_page_id) <= 100)),
  messenger_page_id text check (
    messenger_page_id is null or (btrim(messenger_page_id) <> '' and char_length(messenger_page_id) <= 100)
  ),
  page_token_hint text check (page_token_hint is null or char_length(page_token_hint) <= 20),
  created_at timestamptz not null default now(),
  recall_interval_months integer not null default 6
    constraint clinics_recall_interval_months_check check (recall_interval_months between 1 and 36),
  vat_registered boolean not null default false,
  fb_page_name text
    constraint clinics_fb_page_name_check
      check (fb_page_name is null or (btrim(fb_page_name) <> '' and char_length(fb_page_name) <= 500)),
  constraint clinics_reminder_time_within_the_day check (reminder_time < time '24:00'),
  constraint clinics_fb_page_name_needs_page check (fb_page_name is null or fb_page_id is not null)
);

comment on column public.clinics.vat_registered is
  'Whether the clinic is VAT-registered. Not registered: senior citizen / PWD patients get the discount only, '
  'there is no VAT to exempt.';

comment on column public.clinics.fb_page_name is
  'Name of the connected Facebook page as Meta gave it when it was chosen (at most 500 characters, as the pages '
  'offered are kept); null without a page or for a page connected before names were kept. Written only by the '
  'notification service.';

comment on table public.clinics is 'A dental clinic; every other row of the app belongs to exactly one clinic.';

comment on column public.clinics.timezone is
  'IANA time zone of the clinic. Opening hours, "today", weeks and reminders are computed in it.';

comment on column public.clinics.reminder_time is 'Local time of day (clinic time zone) when automated reminders go out.';

comment on column public.clinics.fb_page_id is 'Connected Facebook page; written only by the notification service.';

comment on column public.clinics.messenger_page_id is
  'Page id Messenger webhooks arrive with; unique, so an incoming message maps to one clinic.';

comment on column public.clinics.page_token_hint is
  'A recognisable tail of the page access token (e.g. the last 4 characters), shown instead of the secret.';

comment on column public.clinics.recall_interval_months is
  'Months after a patient''s last Completed appointment (clinic calendar) at which they are due for a check-up: 1-36, default 6.';

create unique index clinics_messenger_page_id_key on public.clinics (messenger_page_id) where messenger_page_id is not null;

revoke all on public.clinics from anon, authenticated;

revoke all on sequence public.clinics_id_seq from anon, authenticated;

grant all on public.clinics to service_role;

grant select, delete on public.clinics to authenticated;

-- Browsers write only the Clinic Configuration form's columns. Update keeps the
-- three page columns so a browser may resend the values it read (the guard
-- trigger refuses any change to them, 42501); insert does not need them.
-- timezone, id and created_at are the database's.
grant insert (name, reminder_time, address, contact_email, contact_phone, recall_interval_months)
  on public.clinics to authenticated;

grant update (
  name, reminder_time, address, contact_email, contact_phone, fb_page_id, messenger_page_id, page_token_hint,
  recall_interval_months
) on public.clinics to authenticated;

alter table public.clinics enable row level security;

-- ---------------------------------------------------------------------------
-- clinic_secrets: server-only
-- ---------------------------------------------------------------------------
create table public.clinic_secrets (
  clinic_id bigint primary key references public.clinics (id) on delete cascade,
  fb_page_access_token text check (
    fb_page_access_token is null or (btrim(fb_page_access_token) <> '' and char_length(fb_page_access_token) <= 2000)
  ),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.clinic_secrets is
  'Secrets of a clinic (the Messenger page access token). Only the service role reads or writes them.';

-- No policy: nothing for browser roles.
select private.setup_clinic_table('public.clinic_secrets', audit => array[
  'facebook_connection', 'only=fb_page_access_token:page_access_token', 'about=clinic', 'actions=update']);

-- ---------------------------------------------------------------------------
-- users: staff profiles
-- ---------------------------------------------------------------------------
create table public.users (
  id bigint generated always as identity primary key,
  user_id uuid unique references auth.users (id) on delete cascade,
  email text not null check (email ~ '^[^@\s]+@[^@\s]+$' and char_length(email) <= 320),
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  role public.staff_role not null default 'receptionist',
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  created_at timestamptz not null default now()
);

comment on table public.users is
  'Staff profile: one per sign-in account, in one clinic, with one role. Created by the sign-up trigger.';

comment on column public.users.user_id is 'The auth.users account; never changes once the profile exists.';

comment on column public.users.role is
  'superadmin reaches every clinic; admin manages their clinic; receptionist and dentist work in it.';

create index users_clinic_id_id_idx on public.users (clinic_id, id desc);

create index users_email_idx on public.users (email);

-- ---------------------------------------------------------------------------
-- Helpers for policies: who is calling?
-- security definer so they can read public.users under RLS without recursion.
-- ---------------------------------------------------------------------------
create function public.current_clinic_id()
returns bigint language sql stable security definer set search_path = '' as $$
  select u.clinic_id from public.users u where u.user_id = (select auth.uid())
$$;

select private.setup_function('public.current_clinic_id()', '{authenticated,service_role}',
  'Clinic of the signed-in user''s profile; null without a profile.');

create function public.current_app_role()
returns text language sql stable security definer set search_path = '' as $$
  select u.role from public.users u where u.user_id = (select auth.uid())
$$;

select private.setup_function('public.current_app_role()', '{authenticated,service_role}',
  'Role (superadmin, admin, receptionist, dentist) of the signed-in user''s profile; null without a profile.');

create function public.is_superadmin()
returns boolean language sql stable security definer set search_path = '' as $$
  select coalesce(public.current_app_role() = 'superadmin', false)
$$;

select private.setup_function('public.is_superadmin()', '{authenticated,service_role}',
  'True when the signed-in user is a superadmin (reaches every clinic).');

create function public.can_access_clinic(p_clinic_id bigint)
returns boolean language sql stable security definer set search_path = '' as $$
  select public.is_superadmin() or coalesce(p_clinic_id = public.current_clinic_id(), false)
$$;

select private.setup_function('public.can_access_clinic(bigint)', '{authenticated,service_role}',
  'True when the signed-in user may work in clinic p_clinic_id: their own clinic, or any clinic for a superadmin.');

-- ---------------------------------------------------------------------------
-- guard_user_profile
-- ---------------------------------------------------------------------------
create function public.guard_user_profile()
returns trigger language plpgsql set search_path = '' as $$
begin
  if tg_op = 'UPDATE' and new.user_id is distinct from old.user_id then
    raise exception 'The sign-in account of a staff profile cannot change.'
      using errcode = 'insufficient_privilege', hint = 'profile_account_fixed';
  end if;
  if not public.is_browser_role() then
    return new;
  end if;
  if new.role = 'superadmin' and (tg_op = 'INSERT' or old.role <> 'superadmin') then
    raise exception 'Only the service role can make someone a superadmin.'
      using errcode = 'insufficient_privilege', hint = 'superadmin_by_service_only';
  end if;
  if tg_op = 'UPDATE' and new.role <> old.role and old.user_id = (select auth.uid()) then
    raise exception 'You cannot change your own role.'
      using errcode = 'insufficient_privilege', hint = 'own_role_change';
  end if;
  return new;
end;
$$;

select private.setup_function('public.guard_user_profile()', '{service_role}',
  'Trigger: refuses (42501) making a superadmin from a browser, changing one''s own role, and changing user_id.');

-- ---------------------------------------------------------------------------
-- handle_new_user
-- ---------------------------------------------------------------------------
create function public.handle_new_user()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  v_app_meta jsonb := coalesce(new.raw_app_meta_data, '{}'::jsonb);
  v_user_meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  v_name text := nullif(btrim(v_user_meta ->> 'name'), '');
  v_clinic_name text := nullif(btrim(v_user_meta ->> 'clinic_name'), '');
  v_clinic_id bigint;
begin
  if new.email is null then
    raise exception 'Staff accounts need an e-mail address.'
      using errcode = 'not_null_violation',
            hint = 'staff_email_required';
  end if;

  perform pg_catalog.set_config('ngiti.new_account', new.id::text, true);
  if v_app_meta ? 'clinic_id' and v_app_meta ? 'role' then
    insert into public.users (user_id, email, name, role, clinic_id)
    values (
      new.id,
      new.email,
      coalesce(v_name, split_part(new.email, '@', 1)),
      (v_app_meta ->> 'role')::public.staff_role,
      (v_app_meta ->> 'clinic_id')::bigint
    );
  elsif v_clinic_name is not null then
    if v_name is null then
      raise exception 'Sign-up needs a name.'
        using errcode = 'check_violation',
              hint = 'signup_name_required';
    end if;
    insert into public.clinics (name) values (v_clinic_name) returning id into v_clinic_id;
    insert into public.users (user_id, email, name, role, clinic_id)
    values (new.id, new.email, v_name, 'admin', v_clinic_id);
  else
    raise exception 'Sign-up needs a clinic name.'
      using errcode = 'check_violation',
            detail = 'Pass clinic_name and name in the user metadata (options.data of supabase.auth.signUp).',
            hint = 'signup_clinic_name_required';
  end if;
  perform pg_catalog.set_config('ngiti.new_account', '', true);
  return new;
end;
$$;

select private.setup_function('public.handle_new_user()', '{service_role}',
  'Trigger on auth.users: creates the staff profile from app_metadata {clinic_id, role}, or a new clinic and its '
  'admin from user_metadata {clinic_name, name}; otherwise raises so the sign-up leaves nothing behind.');

-- The profile's e-mail follows the account's (login looks the profile up by e-mail).
create function public.handle_user_email_change()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  update public.users set email = new.email where user_id = new.id;
  return new;
end;
$$;

select private.setup_function('public.handle_user_email_change()', '{service_role}',
  'Trigger on auth.users: copies a changed e-mail address to the staff profile.');

-- The profile: deleted, or its role changed from admin. Every caller, the service role included.
create function public.guard_last_clinic_admin()
returns trigger language plpgsql security definer set search_path = '' as $$
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

select private.setup_function('public.guard_last_clinic_admin()', '{service_role}',
  'Trigger: refuses (PT409) deleting or demoting a clinic''s last admin who can sign in, for every caller.');

-- ---------------------------------------------------------------------------
-- sync_profile_role_to_account
-- ---------------------------------------------------------------------------
create function public.sync_profile_role_to_account()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  update auth.users
     set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || pg_catalog.jsonb_build_object('role', new.role)
   where id = new.user_id
     and raw_app_meta_data ? 'role'
     and raw_app_meta_data ->> 'role' is distinct from new.role::text;
  return null;
end;
$$;

select private.setup_function('public.sync_profile_role_to_account()', '{service_role}',
  'Trigger on public.users: copies a changed role into the account''s app_metadata (when it carries one), so '
  'the next JWT names the role the database enforces.');

-- ---------------------------------------------------------------------------
-- The last admin of a clinic
-- ---------------------------------------------------------------------------
create function public.counts_as_clinic_admin(p_user_id uuid)
returns boolean language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from auth.users a
     where a.id = p_user_id and a.deleted_at is null and a.email_confirmed_at is not null
  )
$$;

select private.setup_function('public.counts_as_clinic_admin(uuid)', '{service_role}',
  'True when the account can sign in (exists, not soft-deleted, e-mail confirmed): only such an admin keeps a clinic managed.');

-- ---------------------------------------------------------------------------
-- ensure_clinic_keeps_admin
-- ---------------------------------------------------------------------------
create function public.ensure_clinic_keeps_admin(p_clinic_id bigint, p_leaving_profile_id bigint)
returns void language plpgsql security definer set search_path = '' as $$
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
            detail = 'Make another user of this clinic an admin first.',
            hint = 'last_admin';
  end if;
end;
$$;

select private.setup_function('public.ensure_clinic_keeps_admin(bigint, bigint)', '{service_role}',
  'Raises PT409 (HTTP 409) unless the clinic has an admin who can sign in besides the given profile; '
  'locks the clinic''s row first, so concurrent removals of its admins are decided one after the other.');

-- The account: deleted (its profile goes by cascade) or soft-deleted (GoTrue's should_soft_delete).
create function public.guard_last_clinic_admin_account()
returns trigger language plpgsql security definer set search_path = '' as $$
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

select private.setup_function('public.guard_last_clinic_admin_account()', '{service_role}',
  'Trigger on auth.users: refuses (PT409) deleting or soft-deleting the account of a clinic''s last admin.');

-- ---------------------------------------------------------------------------
-- guard_profile_account
-- ---------------------------------------------------------------------------
create function public.guard_profile_account()
returns trigger language plpgsql set search_path = '' as $$
begin
  -- An existing account (a login whose profile was removed, or another clinic's staff) is never
  -- given a profile afterwards: that would hand its next sign-in to whoever made the profile.
  if new.user_id is not null
     and coalesce(pg_catalog.current_setting('ngiti.new_account', true), '') <> new.user_id::text then
    raise exception 'A staff profile is made with its account (Add User or sign-up).'
      using errcode = 'insufficient_privilege', hint = 'profile_needs_account';
  end if;
  return new;
end;
$$;

select private.setup_function('public.guard_profile_account()', '{service_role}',
  'Trigger: refuses (42501) a profile for an account, unless the sign-up trigger is creating that account now.');

-- ---------------------------------------------------------------------------
-- delete_staff_account
-- ---------------------------------------------------------------------------
create function public.delete_staff_account(p_user_id uuid, p_requested_by uuid)
returns integer language plpgsql security definer set search_path = '' as $$
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
    raise exception 'User not found' using errcode = 'PT404', hint = 'user_not_found';
  end if;
  return v_profiles;
end;
$$;

select private.setup_function('public.delete_staff_account(uuid, uuid)', '{service_role}',
  'delete-user''s step, service role only: deletes the account (and its profile), recording p_requested_by as '
  'who did it; PT404 when there is no such account, PT409 when it is the clinic''s last admin.');

-- user_id is the login behind the profile; the actor columns name people by it already. The
-- policies are below: a user may also read their own profile.
-- Browsers neither add nor remove staff profiles: they come and go with their accounts. They
-- update the name and the role only.
select private.setup_clinic_table('public.users', grants => array['select, update'],
  audit => array['user', 'skip=user_id']);

create trigger users_guard_profile before insert or update on public.users
  for each row execute function public.guard_user_profile();

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (new.email is distinct from old.email and new.email is not null)
  execute function public.handle_user_email_change();

create trigger users_role_to_app_metadata after update of role on public.users
  for each row when (new.role is distinct from old.role and new.user_id is not null)
  execute function public.sync_profile_role_to_account();

create trigger users_keep_last_admin before update of role or delete on public.users
  for each row execute function public.guard_last_clinic_admin();

create trigger accounts_keep_last_admin before update of deleted_at or delete on auth.users
  for each row execute function public.guard_last_clinic_admin_account();

create trigger users_made_with_account before insert on public.users
  for each row execute function public.guard_profile_account();

-- access_changes: whatever ends a user's access before their token expires
-- ({user_id, session_id, reason}; session_id only when one session ended).
create trigger access_revoked_on_user_delete after delete on auth.users
  for each row execute function public.notify_change('access_changes',
    'user_id=id', 'session_id=null', 'reason="user_deleted"');

create trigger access_revoked_on_user_soft_delete after update of banned_until, deleted_at on auth.users
  for each row when (
    new.deleted_at is not null
    and (old.deleted_at is null or (new.banned_until is distinct from old.banned_until and new.banned_until > pg_catalog.now()))
  )
  execute function public.notify_change('access_changes', 'user_id=old.id', 'session_id=null', 'reason="user_deleted"');

create trigger access_revoked_on_user_ban after update of banned_until, deleted_at on auth.users
  for each row when (
    new.deleted_at is null and new.banned_until is distinct from old.banned_until and new.banned_until > pg_catalog.now()
  )
  execute function public.notify_change('access_changes', 'user_id=old.id', 'session_id=null', 'reason="user_banned"');

create trigger access_revoked_on_session_end after delete on auth.sessions
  for each row when (old.user_id is not null)
  execute function public.notify_change('access_changes', 'user_id', 'session_id=id', 'reason="session_ended"');

-- GoTrue ends a session whose used refresh token came back (the family is revoked) by setting
-- not_after rather than deleting it: that ends its access too.
create trigger access_revoked_on_session_expiry after update of not_after on auth.sessions
  for each row when (
    old.user_id is not null
    and new.not_after is not null and new.not_after <= pg_catalog.now()
    and (old.not_after is null or old.not_after > pg_catalog.now())
  )
  execute function public.notify_change('access_changes',
    'user_id=old.user_id', 'session_id=old.id', 'reason="session_ended"');

-- A profile that moves to another login ends the old login's access.
create trigger access_changed_on_profile_update after update of role, clinic_id, user_id on public.users
  for each row when (
    old.user_id is not null
    and (new.role is distinct from old.role
      or new.clinic_id is distinct from old.clinic_id
      or new.user_id is distinct from old.user_id)
  )
  execute function public.notify_change('access_changes',
    'user_id=old.user_id', 'session_id=null', 'reason="profile_changed"');

create trigger access_revoked_on_profile_delete after delete on public.users
  for each row when (old.user_id is not null)
  execute function public.notify_change('access_changes', 'user_id', 'session_id=null', 'reason="profile_deleted"');

-- ---------------------------------------------------------------------------
-- role_permissions
-- ---------------------------------------------------------------------------
create table public.role_permissions (
  role text not null check (role in ('admin', 'receptionist', 'dentist')),
  permission text not null check (permission ~ '^[a-z]+(_[a-z]+)*\.[a-z]+(_[a-z]+)*$'),
  primary key (role, permission)
);

comment on table public.role_permissions is
  'What each clinic role may do, in its own clinic. The superadmin is not listed: it holds every permission in '
  'every clinic. Written only by migrations; the same table is common/contract/permissions.ts.';

comment on column public.role_permissions.permission is
  'A capability, <area>.<verb> (patients.write, billing.void, users.manage, ...), checked by public.authorize().';

revoke all on public.role_permissions from public, anon, authenticated, service_role;

grant select on public.role_permissions to authenticated, service_role;

insert into public.role_permissions (role, permission)
select r.role, p.permission
  from (values
    -- Every clinic role: the clinic's own record, patients, appointments, Messenger, billing, and
    -- reading the dentists, procedures and recalls.
    ('clinic.read', array['admin', 'receptionist', 'dentist']),
    ('patients.read', array['admin', 'receptionist', 'dentist']),
    ('patients.write', array['admin', 'receptionist', 'dentist']),
    ('appointments.read', array['admin', 'receptionist', 'dentist']),
    ('appointments.write', array['admin', 'receptionist', 'dentist']),
    ('messenger.read', array['admin', 'receptionist', 'dentist']),
    ('billing.read', array['admin', 'receptionist', 'dentist']),
    ('billing.write', array['admin', 'receptionist', 'dentist']),
    ('dentists.read', array['admin', 'receptionist', 'dentist']),
    ('procedures.read', array['admin', 'receptionist', 'dentist']),
    ('recalls.read', array['admin', 'receptionist', 'dentist']),
    -- The front desk: dentists and their availability, the price list, reports, recalls, waitlist.
    ('dentists.manage', array['admin', 'receptionist']),
    ('procedures.manage', array['admin', 'receptionist']),
    ('reports.read', array['admin', 'receptionist']),
    ('recalls.manage', array['admin', 'receptionist']),
    ('waitlist.manage', array['admin', 'receptionist']),
    -- Admins: the clinic's settings, its staff, voids and the audit trail.
    ('clinic.configure', array['admin']),
    ('users.manage', array['admin']),
    ('billing.void', array['admin']),
    ('audit.read', array['admin'])
    -- clinics.manage (add and delete clinics, work in any of them): the superadmin's alone.
  ) as p (permission, roles)
 cross join lateral unnest(p.roles) as r (role);

-- ---------------------------------------------------------------------------
-- authorize
-- ---------------------------------------------------------------------------
create function public.authorize(p_clinic_id bigint, p_permission text)
returns boolean language sql stable security definer set search_path = '' as $$
  select coalesce((
    select u.role::text = 'superadmin'
        or (u.clinic_id = p_clinic_id
            and exists (
              select 1 from public.role_permissions rp
               where rp.role = u.role::text and rp.permission = p_permission
            ))
      from public.users u
     where u.user_id = (select auth.uid())
  ), false)
$$;

select private.setup_function('public.authorize(bigint, text)', '{authenticated,service_role}',
  'True when the signed-in user is a superadmin, or their profile is in clinic p_clinic_id and their role holds '
  'p_permission (public.role_permissions); false without a profile.');

-- The refusal every RPC that needs a permission opens with: 42501 with the RPC's own message and
-- code (hint) unless the caller holds p_permission in clinic p_clinic_id (public.authorize). Not
-- security definer: authorize() already is, and security invoker RPCs call it as the caller. So
-- that they can, signed-in users may use the schema private, and call this helper and lock_live_row below.
create function private.require_permission(p_clinic_id bigint, p_permission text, p_message text, p_hint text)
returns void language plpgsql stable set search_path = '' as $$
begin
  if not public.authorize(p_clinic_id, p_permission) then
    raise exception '%', p_message using errcode = 'insufficient_privilege', hint = p_hint;
  end if;
end;
$$;

select private.setup_function('private.require_permission(bigint, text, text, text)', '{authenticated,service_role}');

grant usage on schema private to authenticated, service_role;

-- What every delete RPC of a soft-deletable row (delete_patient, delete_dentist) does first: lock
-- row p_id of p_table that is not deleted, as the caller sees it (not security definer: row-level
-- security applies; FOR UPDATE makes a concurrent booking wait, then see it deleted), or refuse with
-- PT404 (HTTP 404) and the caller's code. Answers the row's id.
create function private.lock_live_row(p_table regclass, p_id bigint, p_noun text, p_not_found_hint text)
returns bigint language plpgsql set search_path = '' as $$
declare
  v_id bigint;
begin
  execute pg_catalog.format('select t.id from %s t where t.id = $1 and not t.deleted for update', p_table)
    into v_id using p_id;
  if v_id is null then
    raise exception '% % not found; it may have been deleted.', pg_catalog.initcap(p_noun), p_id
      using errcode = 'PT404', hint = p_not_found_hint;
  end if;
  return v_id;
end;
$$;

select private.setup_function('private.lock_live_row(regclass, bigint, text, text)', '{authenticated,service_role}');

-- What a security definer RPC does first with the row it writes about: lock row p_id of the table
-- whose row type p_row has (pass null::public.<table>), and answer it, when the caller may work in
-- its clinic (can_access_clinic); otherwise refuse with PT404 and the caller's message and code.
create function private.lock_clinic_row(p_row anyelement, p_id bigint, p_not_found text, p_not_found_hint text)
returns anyelement language plpgsql set search_path = '' as $$
declare
  v_found integer;
begin
  execute pg_catalog.format('select t.* from %s t where t.id = $1 for update', pg_catalog.pg_typeof(p_row))
    into p_row using p_id;
  get diagnostics v_found = row_count;
  if v_found = 0 or not public.can_access_clinic(p_row.clinic_id) then
    raise exception '%', p_not_found using errcode = 'PT404', hint = p_not_found_hint;
  end if;
  return p_row;
end;
$$;

select private.setup_function('private.lock_clinic_row(anyelement, bigint, text, text)', '{}');

alter table public.role_permissions enable row level security;

create policy "Staff can view role permissions" on public.role_permissions
  for select to authenticated
  using (true);

select private.create_clinic_policy('public.clinics', 'Staff can view their own clinic', 'select', 'clinic.read', clinic_column => 'id');

create policy "Superadmins can add clinics" on public.clinics
  for insert to authenticated
  with check ((select public.authorize(public.current_clinic_id(), 'clinics.manage')));

select private.create_clinic_policy('public.clinics', 'Admins can update their own clinic', 'update', 'clinic.configure', clinic_column => 'id');

create policy "Superadmins can delete clinics" on public.clinics
  for delete to authenticated
  using ((select public.authorize(public.current_clinic_id(), 'clinics.manage')));

create policy "Staff can view their own profile, admins their clinic's" on public.users
  for select to authenticated
  using (
    user_id = (select auth.uid())
    or (
      (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
      and (select public.authorize(public.current_clinic_id(), 'users.manage'))
    )
  );

create function public.guard_superadmin_profile()
returns trigger language plpgsql set search_path = '' as $$
begin
  if public.is_browser_role() and old.role = 'superadmin' and not (select public.is_superadmin()) then
    raise exception 'Only the superadmin can change this account.'
      using errcode = 'insufficient_privilege', hint = 'superadmin_account_protected';
  end if;
  return new;
end;
$$;

select private.setup_function('public.guard_superadmin_profile()', '{service_role}',
  'Trigger: refuses (42501) a browser''s change of the superadmin''s profile unless it comes from the superadmin.');

create trigger users_guard_superadmin before update on public.users
  for each row execute function public.guard_superadmin_profile();

-- No role condition in `using`: an admin's update of the superadmin's profile reaches
-- guard_superadmin_profile, which refuses it by name (superadmin_account_protected) instead of
-- matching no row. `with check` still keeps any new superadmin row out of an admin's reach.
create policy "Admins can edit staff of their clinic" on public.users
  for update to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'users.manage'))
  )
  with check (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'users.manage'))
    and (role <> 'superadmin' or (select public.is_superadmin()))
  );

-- ---------------------------------------------------------------------------
-- Booking rules on time alone, out of enforce_appointment_rules so the
-- open-slot search asks the same questions a booking does.
-- ---------------------------------------------------------------------------
create function public.clinic_hours_problem(p_start timestamptz, p_time_zone text)
returns text language sql stable set search_path = '' as $$
  with local as (
    select p_start at time zone p_time_zone as start_at,
           (p_start + interval '20 minutes') at time zone p_time_zone as end_at,
           (p_start at time zone p_time_zone)::date as day
  )
  select case
    when extract(isodow from l.start_at) = 7 then 'closed on Sunday'
    when l.start_at < l.day + time '09:00' or l.end_at > l.day + time '18:00' then 'outside clinic hours'
    when l.start_at < l.day + time '13:00' and l.end_at > l.day + time '12:00' then 'lunch break'
  end
  from local l
$$;

select private.setup_function('public.clinic_hours_problem(timestamptz, text)', '{service_role}',
  'Why a 20-minute appointment starting at p_start cannot be held in a clinic of zone p_time_zone whatever the '
  'dentist (''closed on Sunday'', ''outside clinic hours'', ''lunch break''), or null.');

-- ---------------------------------------------------------------------------
-- Permissions: every clinic role reads the chart; dentists chart, and so do
-- admins (often the clinic's own dentist). Receptionists read only.
-- ---------------------------------------------------------------------------
insert into public.role_permissions (role, permission) values
  ('admin', 'chart.read'),
  ('receptionist', 'chart.read'),
  ('dentist', 'chart.read'),
  ('admin', 'chart.write'),
  ('dentist', 'chart.write');

insert into public.role_permissions (role, permission) values
  ('admin', 'plan.read'),
  ('receptionist', 'plan.read'),
  ('dentist', 'plan.read'),
  ('admin', 'plan.write'),
  ('dentist', 'plan.write'),
  ('admin', 'plan.decide'),
  ('receptionist', 'plan.decide'),
  ('dentist', 'plan.decide');

-- ---------------------------------------------------------------------------
-- Helpers of the functions below
-- ---------------------------------------------------------------------------
-- The signed-in user's name, stamped beside their id so a record reads the same later.
create function private.current_user_name()
returns text language sql stable security definer set search_path = '' as $$
  select u.name from public.users u where u.user_id = (select auth.uid())
$$;

select private.setup_function('private.current_user_name()', '{}');

-- ---------------------------------------------------------------------------
-- Permissions: admins manage the clinic's HMOs and what they cover; every
-- role that reads patients reads them (cards name an HMO). Patients' cards
-- and discount IDs are patient fields (patients.read / patients.write).
-- ---------------------------------------------------------------------------
insert into public.role_permissions (role, permission) values ('admin', 'hmos.manage');

grant insert (vat_registered), update (vat_registered) on public.clinics to authenticated;

revoke update on public.users from authenticated;

grant update (name, role) on public.users to authenticated;

-- As the other page columns: a browser may resend the value it read (the guard refuses any change).
grant update (fb_page_name) on public.clinics to authenticated;

create function public.update_clinic_settings(p_clinic_id bigint, p_settings jsonb, p_read jsonb)
returns setof public.clinics language plpgsql security invoker set search_path = '' as $$
declare
  v_keys constant text[] := array[
    'name', 'reminder_time', 'recall_interval_months', 'vat_registered', 'address', 'contact_email', 'contact_phone'
  ];
begin
  if p_settings is null or jsonb_typeof(p_settings) <> 'object' or not (p_settings ?& v_keys)
     or p_read is null or jsonb_typeof(p_read) <> 'object' or not (p_read ?& v_keys) then
    raise exception 'p_settings and p_read must each hold the clinic''s %.', pg_catalog.array_to_string(v_keys, ', ')
      using errcode = 'invalid_parameter_value', hint = 'clinic_settings_invalid';
  end if;

  -- The clinic as the caller read it: a value changed since is another desk's save, which the
  -- form does not show and would undo. No row: changed meanwhile, or not the caller's to change.
  return query
    with updated as (
      update public.clinics c
         set name = p_settings ->> 'name',
             reminder_time = (p_settings ->> 'reminder_time')::time,
             recall_interval_months = (p_settings ->> 'recall_interval_months')::integer,
             vat_registered = (p_settings ->> 'vat_registered')::boolean,
             address = p_settings ->> 'address',
             contact_email = p_settings ->> 'contact_email',
             contact_phone = p_settings ->> 'contact_phone'
       where c.id = p_clinic_id
         and (c.name, c.reminder_time, c.recall_interval_months, c.vat_registered,
              c.address, c.contact_email, c.contact_phone)
             is not distinct from
             (p_read ->> 'name', (p_read ->> 'reminder_time')::time, (p_read ->> 'recall_interval_months')::integer,
              (p_read ->> 'vat_registered')::boolean,
              p_read ->> 'address', p_read ->> 'contact_email', p_read ->> 'contact_phone')
      returning c.*
    )
    select * from updated;
end;
$$;

select private.setup_function('public.update_clinic_settings(bigint, jsonb, jsonb)', '{authenticated}',
  'Clinic Configuration''s Update Clinic: sets name, reminder_time, recall_interval_months, vat_registered, '
  'address, contact_email and contact_phone of clinic p_clinic_id from p_settings, only while the clinic still '
  'holds p_read (the same seven keys, as the caller read them; null for none). Security invoker: the clinics '
  'policies, grants and triggers apply as to a plain update. Returns the updated row; none when the clinic was '
  'changed since it was read or is not the caller''s to change (the caller reads it again to tell). Errors: 22023 '
  '(clinic_settings_invalid) a key missing, and the clinics'' checks (23514, 23502).');
