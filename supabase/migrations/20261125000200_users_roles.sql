-- ============================================================================
-- Users & Roles (spec part 2 §2, §5, §6, §7): the rules the screen relies on,
-- enforced where every caller meets them.
--
-- Already in place (20261121000200_security.sql, 20261121000100_schema.sql):
-- admins manage their own clinic's profiles and the superadmin any clinic's;
-- nobody makes a superadmin from a browser or changes their own role; nobody
-- deletes their own profile; a profile's clinic and account never change.
--
-- Added here:
--   * a clinic never loses its last admin through the API: demoting or
--     deleting the only admin profile of a clinic is refused (the delete-user
--     edge function checks the same before deleting an account);
--   * the role in the account's app_metadata follows the profile, so a fresh
--     JWT says what the database enforces (RLS itself reads public.users, so a
--     role change takes effect on the user's next request either way).
-- ============================================================================

-- ---------------------------------------------------------------------------
-- The last admin of a clinic stays an admin
-- ---------------------------------------------------------------------------
create function public.guard_last_clinic_admin()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_others integer;
begin
  -- Only what comes through the API (a browser's JWT) is refused here. The service role and SQL
  -- may still remove a whole clinic's staff (tests, the dashboard), and the delete-user function
  -- checks the rule itself before it deletes an account with the service role.
  if not public.is_browser_role() then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  if old.role <> 'admin' or (tg_op = 'UPDATE' and new.role = 'admin') then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  -- Lock the clinic's admin rows, so two admins demoting each other at once cannot both succeed.
  select count(*) into v_others
    from (
      select 1 from public.users u
       where u.clinic_id = old.clinic_id and u.role = 'admin' and u.id <> old.id
       for update
    ) others;
  if v_others = 0 then
    raise exception 'A clinic must keep at least one admin.'
      using errcode = 'insufficient_privilege',
            hint = 'Make another user of this clinic an admin first.';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

comment on function public.guard_last_clinic_admin() is
  'Trigger: refuses (42501) demoting or deleting, through the API, the only admin profile of a clinic.';

create trigger users_keep_last_admin before update of role or delete on public.users
  for each row execute function public.guard_last_clinic_admin();

-- ---------------------------------------------------------------------------
-- app_metadata.role follows the profile
-- ---------------------------------------------------------------------------
create function public.sync_profile_role_to_account()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update auth.users
     set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || pg_catalog.jsonb_build_object('role', new.role)
   where id = new.user_id
     and raw_app_meta_data ? 'role'
     and raw_app_meta_data ->> 'role' is distinct from new.role;
  return null;
end;
$$;

comment on function public.sync_profile_role_to_account() is
  'Trigger on public.users: copies a changed role into the account''s app_metadata (when it carries one), so '
  'the next JWT names the role the database enforces.';

revoke execute on function public.guard_last_clinic_admin(), public.sync_profile_role_to_account()
  from public, anon, authenticated;

create trigger users_role_to_app_metadata after update of role on public.users
  for each row when (new.role is distinct from old.role and new.user_id is not null)
  execute function public.sync_profile_role_to_account();
