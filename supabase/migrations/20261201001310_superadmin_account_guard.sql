-- ---------------------------------------------------------------------------
-- The superadmin's staff profile: only the superadmin changes it
-- ---------------------------------------------------------------------------
-- An admin's update of the superadmin's profile used to match no row (the update policy left the
-- row out), so the screen took the row for deleted while the list still showed it. The policy now
-- lets an admin aim at every profile of their clinic, and guard_superadmin_profile refuses the
-- superadmin's with its own code, which the Users & Roles screen words for people.

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

-- Written once, here; a database migrated before this file has the older policy.
drop policy if exists "Admins can edit staff of their clinic" on public.users;

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
