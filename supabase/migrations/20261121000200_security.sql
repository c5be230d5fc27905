-- ============================================================================
-- Who may see and change what.
--
-- The database is the security boundary: the browser talks to PostgREST with
-- the anon key (role anon) or a user's JWT (role authenticated); the
-- notification service and edge functions use the service role, which
-- bypasses row-level security. Every public table has RLS with one policy per
-- operation; what a role may never do at all is also withheld as a table
-- privilege, so it fails loudly (42501) instead of touching zero rows.
--
--   anon            nothing in public
--   authenticated   rows of their own clinic, by role (superadmin: all clinics)
--   service_role    everything (server code only)
-- ============================================================================

-- ---------------------------------------------------------------------------
-- Helpers for policies: who is calling?
-- security definer so they can read public.users under RLS without recursion.
-- ---------------------------------------------------------------------------
create function public.current_clinic_id()
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select u.clinic_id from public.users u where u.user_id = (select auth.uid())
$$;

comment on function public.current_clinic_id() is 'Clinic of the signed-in user''s profile; null without a profile.';

create function public.current_app_role()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select u.role from public.users u where u.user_id = (select auth.uid())
$$;

comment on function public.current_app_role() is
  'Role (superadmin, admin, receptionist, dentist) of the signed-in user''s profile; null without a profile.';

create function public.is_superadmin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(public.current_app_role() = 'superadmin', false)
$$;

comment on function public.is_superadmin() is 'True when the signed-in user is a superadmin (reaches every clinic).';

create function public.can_access_clinic(p_clinic_id bigint)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.is_superadmin() or coalesce(p_clinic_id = public.current_clinic_id(), false)
$$;

comment on function public.can_access_clinic(bigint) is
  'True when the signed-in user may work in clinic p_clinic_id: their own clinic, or any clinic for a superadmin.';

create function public.has_any_role(p_roles text[])
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(public.current_app_role() = any (p_roles), false)
$$;

comment on function public.has_any_role(text[]) is
  'True when the signed-in user''s role is one of p_roles. List superadmin explicitly where it applies.';

-- Not security definer on purpose: inside a security definer function
-- current_user is the owner, which is exactly "not a browser".
create function public.is_browser_role()
returns boolean
language sql
stable
set search_path = ''
as $$
  select current_user in ('anon', 'authenticated')
$$;

comment on function public.is_browser_role() is
  'True when the statement runs as anon or authenticated (a browser), false for service_role, owners and definer functions.';

-- ---------------------------------------------------------------------------
-- Function privileges. New functions are executable by PUBLIC and (through
-- the platform's default privileges) by anon; withdraw that everywhere, and
-- grant what signed-in users need. Functions used in constraints and policies
-- must stay executable by authenticated: Postgres checks EXECUTE when it
-- evaluates them.
-- ---------------------------------------------------------------------------
revoke execute on function
  public.is_valid_time_zone(text),
  public.appointment_slot(timestamptz),
  public.set_updated_at(),
  public.prevent_clinic_change(),
  public.current_clinic_id(),
  public.current_app_role(),
  public.is_superadmin(),
  public.can_access_clinic(bigint),
  public.has_any_role(text[]),
  public.is_browser_role()
from public, anon;

grant execute on function
  public.is_valid_time_zone(text),
  public.appointment_slot(timestamptz),
  public.current_clinic_id(),
  public.current_app_role(),
  public.is_superadmin(),
  public.can_access_clinic(bigint),
  public.has_any_role(text[]),
  public.is_browser_role()
to authenticated, service_role;

revoke execute on function public.set_updated_at(), public.prevent_clinic_change() from authenticated;

-- ---------------------------------------------------------------------------
-- Table privileges: anon gets nothing; authenticated gets only the verbs some
-- policy allows; service_role keeps everything.
-- ---------------------------------------------------------------------------
revoke all on all tables in schema public from anon, authenticated;
revoke all on all sequences in schema public from anon, authenticated;
grant all on all tables in schema public to service_role;

grant select, insert, update, delete on public.clinics to authenticated;
grant select, insert, update, delete on public.users to authenticated;
grant select, insert, update on public.patients to authenticated;
grant select, insert, update, delete on public.dentists to authenticated;
grant select, insert, update, delete on public.dentist_availability to authenticated;
grant select, insert, update on public.appointments to authenticated;
grant select on public.appointment_reminders to authenticated;
grant select, insert, update, delete on public.procedure_categories to authenticated;
grant select, insert, update, delete on public.procedures to authenticated;
grant select, insert on public.invoices to authenticated;
grant select, insert on public.payments to authenticated;
-- public.clinic_secrets: nothing for browser roles.

alter table public.clinics enable row level security;
alter table public.clinic_secrets enable row level security;
alter table public.users enable row level security;
alter table public.patients enable row level security;
alter table public.dentists enable row level security;
alter table public.dentist_availability enable row level security;
alter table public.appointments enable row level security;
alter table public.appointment_reminders enable row level security;
alter table public.procedure_categories enable row level security;
alter table public.procedures enable row level security;
alter table public.invoices enable row level security;
alter table public.payments enable row level security;

-- Policies wrap helper calls in (select ...) so Postgres evaluates them once
-- per statement, not once per row.

-- ---------------------------------------------------------------------------
-- clinics
-- ---------------------------------------------------------------------------
create policy "Staff can view their own clinic" on public.clinics
  for select to authenticated
  using (id = (select public.current_clinic_id()) or (select public.is_superadmin()));

create policy "Superadmins can add clinics" on public.clinics
  for insert to authenticated
  with check ((select public.is_superadmin()));

create policy "Admins can update their own clinic" on public.clinics
  for update to authenticated
  using ((select public.is_superadmin()) or (id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin']))))
  with check ((select public.is_superadmin()) or (id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin']))));

create policy "Superadmins can delete clinics" on public.clinics
  for delete to authenticated
  using ((select public.is_superadmin()));

-- The Facebook page connection is made by the notification service after the
-- OAuth flow; a browser may resend the values it read, never change them.
create function public.guard_clinic_page_connection()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not public.is_browser_role() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.fb_page_id is not null or new.messenger_page_id is not null or new.page_token_hint is not null then
      raise exception 'The Facebook page of a clinic is connected through the notification service.'
        using errcode = 'insufficient_privilege';
    end if;
  elsif (new.fb_page_id, new.messenger_page_id, new.page_token_hint)
        is distinct from (old.fb_page_id, old.messenger_page_id, old.page_token_hint) then
    raise exception 'The Facebook page of a clinic is connected through the notification service.'
      using errcode = 'insufficient_privilege';
  end if;
  return new;
end;
$$;

comment on function public.guard_clinic_page_connection() is
  'Trigger: browser roles cannot set fb_page_id, messenger_page_id or page_token_hint (42501).';

create trigger clinics_guard_page_connection before insert or update on public.clinics
  for each row execute function public.guard_clinic_page_connection();

-- ---------------------------------------------------------------------------
-- clinic_secrets: RLS on, no policy, no privilege. Service role only.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- users (staff profiles)
-- ---------------------------------------------------------------------------
create policy "Staff can view their own profile, admins their clinic's" on public.users
  for select to authenticated
  using (
    user_id = (select auth.uid())
    or (select public.is_superadmin())
    or (clinic_id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin'])))
  );

create policy "Admins can add staff to their clinic" on public.users
  for insert to authenticated
  with check (
    role <> 'superadmin'
    and (
      (select public.is_superadmin())
      or (clinic_id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin'])))
    )
  );

create policy "Admins can edit staff of their clinic" on public.users
  for update to authenticated
  using (
    (select public.is_superadmin())
    or (clinic_id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin'])) and role <> 'superadmin')
  )
  with check (
    (select public.is_superadmin())
    or (clinic_id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin'])) and role <> 'superadmin')
  );

create policy "Admins can remove other staff of their clinic" on public.users
  for delete to authenticated
  using (
    user_id is distinct from (select auth.uid())
    and (
      (select public.is_superadmin())
      or (clinic_id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin'])) and role <> 'superadmin')
    )
  );

-- Role rules the policies cannot express: nobody makes a superadmin from a
-- browser, nobody changes their own role, and a profile stays bound to its
-- sign-in account. Not security definer: it must see the caller's role.
create function public.guard_user_profile()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.user_id is distinct from old.user_id then
    raise exception 'The sign-in account of a staff profile cannot change.'
      using errcode = 'insufficient_privilege';
  end if;
  if not public.is_browser_role() then
    return new;
  end if;
  if new.role = 'superadmin' and (tg_op = 'INSERT' or old.role <> 'superadmin') then
    raise exception 'Only the service role can make someone a superadmin.'
      using errcode = 'insufficient_privilege';
  end if;
  if tg_op = 'UPDATE' and new.role <> old.role and old.user_id = (select auth.uid()) then
    raise exception 'You cannot change your own role.'
      using errcode = 'insufficient_privilege';
  end if;
  return new;
end;
$$;

comment on function public.guard_user_profile() is
  'Trigger: refuses (42501) making a superadmin from a browser, changing one''s own role, and changing user_id.';

create trigger users_guard_profile before insert or update on public.users
  for each row execute function public.guard_user_profile();

-- ---------------------------------------------------------------------------
-- patients: all staff of the clinic; soft delete only
-- ---------------------------------------------------------------------------
create policy "Staff can view patients of their clinic" on public.patients
  for select to authenticated
  using (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()));

create policy "Staff can add patients to their clinic" on public.patients
  for insert to authenticated
  with check (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()));

create policy "Staff can update patients of their clinic" on public.patients
  for update to authenticated
  using (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
  with check (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()));

-- ---------------------------------------------------------------------------
-- appointments: all staff of the clinic; soft delete only
-- ---------------------------------------------------------------------------
create policy "Staff can view appointments of their clinic" on public.appointments
  for select to authenticated
  using (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()));

create policy "Staff can book appointments in their clinic" on public.appointments
  for insert to authenticated
  with check (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()));

create policy "Staff can update appointments of their clinic" on public.appointments
  for update to authenticated
  using (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
  with check (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()));

-- ---------------------------------------------------------------------------
-- appointment_reminders: read by staff; written by the service role only
-- ---------------------------------------------------------------------------
create policy "Staff can view reminders of their clinic" on public.appointment_reminders
  for select to authenticated
  using (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()));

-- ---------------------------------------------------------------------------
-- dentists: read by all staff; managed by superadmin, admin, receptionist
-- ---------------------------------------------------------------------------
create policy "Staff can view dentists of their clinic" on public.dentists
  for select to authenticated
  using (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()));

create policy "Front desk can add dentists to their clinic" on public.dentists
  for insert to authenticated
  with check (
    (select public.is_superadmin())
    or (clinic_id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin', 'receptionist'])))
  );

create policy "Front desk can update dentists of their clinic" on public.dentists
  for update to authenticated
  using (
    (select public.is_superadmin())
    or (clinic_id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin', 'receptionist'])))
  )
  with check (
    (select public.is_superadmin())
    or (clinic_id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin', 'receptionist'])))
  );

create policy "Front desk can delete dentists of their clinic" on public.dentists
  for delete to authenticated
  using (
    (select public.is_superadmin())
    or (clinic_id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin', 'receptionist'])))
  );

-- ---------------------------------------------------------------------------
-- dentist_availability: read by all staff; managed by the front desk
-- ---------------------------------------------------------------------------
create policy "Staff can view dentist availability of their clinic" on public.dentist_availability
  for select to authenticated
  using (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()));

create policy "Front desk can add availability blocks in their clinic" on public.dentist_availability
  for insert to authenticated
  with check (
    (select public.is_superadmin())
    or (clinic_id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin', 'receptionist'])))
  );

create policy "Front desk can update availability blocks of their clinic" on public.dentist_availability
  for update to authenticated
  using (
    (select public.is_superadmin())
    or (clinic_id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin', 'receptionist'])))
  )
  with check (
    (select public.is_superadmin())
    or (clinic_id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin', 'receptionist'])))
  );

create policy "Front desk can delete availability blocks of their clinic" on public.dentist_availability
  for delete to authenticated
  using (
    (select public.is_superadmin())
    or (clinic_id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin', 'receptionist'])))
  );

-- ---------------------------------------------------------------------------
-- procedure_categories and procedures: read by all staff; managed by the front desk
-- ---------------------------------------------------------------------------
create policy "Staff can view procedure categories of their clinic" on public.procedure_categories
  for select to authenticated
  using (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()));

create policy "Front desk can add procedure categories to their clinic" on public.procedure_categories
  for insert to authenticated
  with check (
    (select public.is_superadmin())
    or (clinic_id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin', 'receptionist'])))
  );

create policy "Front desk can update procedure categories of their clinic" on public.procedure_categories
  for update to authenticated
  using (
    (select public.is_superadmin())
    or (clinic_id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin', 'receptionist'])))
  )
  with check (
    (select public.is_superadmin())
    or (clinic_id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin', 'receptionist'])))
  );

create policy "Front desk can delete procedure categories of their clinic" on public.procedure_categories
  for delete to authenticated
  using (
    (select public.is_superadmin())
    or (clinic_id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin', 'receptionist'])))
  );

create policy "Staff can view procedures of their clinic" on public.procedures
  for select to authenticated
  using (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()));

create policy "Front desk can add procedures to their clinic" on public.procedures
  for insert to authenticated
  with check (
    (select public.is_superadmin())
    or (clinic_id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin', 'receptionist'])))
  );

create policy "Front desk can update procedures of their clinic" on public.procedures
  for update to authenticated
  using (
    (select public.is_superadmin())
    or (clinic_id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin', 'receptionist'])))
  )
  with check (
    (select public.is_superadmin())
    or (clinic_id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin', 'receptionist'])))
  );

create policy "Front desk can delete procedures of their clinic" on public.procedures
  for delete to authenticated
  using (
    (select public.is_superadmin())
    or (clinic_id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin', 'receptionist'])))
  );

-- ---------------------------------------------------------------------------
-- invoices and payments: read and add by all staff; append-only (no update,
-- no delete for browser roles: a mistake is corrected by a new record)
-- ---------------------------------------------------------------------------
create policy "Staff can view invoices of their clinic" on public.invoices
  for select to authenticated
  using (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()));

create policy "Staff can add invoices in their clinic" on public.invoices
  for insert to authenticated
  with check (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()));

create policy "Staff can view payments of their clinic" on public.payments
  for select to authenticated
  using (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()));

create policy "Staff can record payments in their clinic" on public.payments
  for insert to authenticated
  with check (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()));

revoke execute on function public.guard_clinic_page_connection(), public.guard_user_profile()
  from public, anon, authenticated;
