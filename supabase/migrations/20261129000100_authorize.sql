-- ============================================================================
-- One authorization rule: which role may do what, as data, and one function
-- that every policy and RPC asks.
--
-- Until now each policy spelt out its roles (has_any_role(array[...])) next
-- to a clinic check, about thirty times, and the SPA and the service kept
-- their own role lists. Now:
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
-- still finds rows through the clinic's index.
--
-- Permissions are named by capability, not by table. The roles holding them
-- are the ones the policies allowed before this migration; no behaviour
-- changes. Role columns are compared as text (role::text), so this holds
-- whether users.role is text or an enum.
-- ============================================================================

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

revoke all on public.role_permissions from public, anon, authenticated, service_role;
grant select on public.role_permissions to authenticated, service_role;

alter table public.role_permissions enable row level security;

create policy "Staff can view role permissions" on public.role_permissions
  for select to authenticated
  using (true);

-- ---------------------------------------------------------------------------
-- authorize
-- ---------------------------------------------------------------------------
create function public.authorize(p_clinic_id bigint, p_permission text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
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

comment on function public.authorize(bigint, text) is
  'True when the signed-in user is a superadmin, or their profile is in clinic p_clinic_id and their role holds '
  'p_permission (public.role_permissions); false without a profile.';

revoke execute on function public.authorize(bigint, text) from public, anon;
grant execute on function public.authorize(bigint, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- clinics
-- ---------------------------------------------------------------------------
drop policy "Staff can view their own clinic" on public.clinics;
drop policy "Superadmins can add clinics" on public.clinics;
drop policy "Admins can update their own clinic" on public.clinics;
drop policy "Superadmins can delete clinics" on public.clinics;

create policy "Staff can view their own clinic" on public.clinics
  for select to authenticated
  using (
    (id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'clinic.read'))
  );

create policy "Superadmins can add clinics" on public.clinics
  for insert to authenticated
  with check ((select public.authorize(public.current_clinic_id(), 'clinics.manage')));

create policy "Admins can update their own clinic" on public.clinics
  for update to authenticated
  using (
    (id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'clinic.configure'))
  )
  with check (
    (id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'clinic.configure'))
  );

create policy "Superadmins can delete clinics" on public.clinics
  for delete to authenticated
  using ((select public.authorize(public.current_clinic_id(), 'clinics.manage')));

-- ---------------------------------------------------------------------------
-- users (staff profiles): everyone reads their own; admins read and edit their
-- clinic's, but never a superadmin's profile.
-- ---------------------------------------------------------------------------
drop policy "Staff can view their own profile, admins their clinic's" on public.users;
drop policy "Admins can edit staff of their clinic" on public.users;

create policy "Staff can view their own profile, admins their clinic's" on public.users
  for select to authenticated
  using (
    user_id = (select auth.uid())
    or (
      (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
      and (select public.authorize(public.current_clinic_id(), 'users.manage'))
    )
  );

create policy "Admins can edit staff of their clinic" on public.users
  for update to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'users.manage'))
    and (role::text <> 'superadmin' or (select public.is_superadmin()))
  )
  with check (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'users.manage'))
    and (role::text <> 'superadmin' or (select public.is_superadmin()))
  );

-- ---------------------------------------------------------------------------
-- patients
-- ---------------------------------------------------------------------------
drop policy "Staff can view patients of their clinic" on public.patients;
drop policy "Staff can add patients to their clinic" on public.patients;
drop policy "Staff can update patients of their clinic" on public.patients;

create policy "Staff can view patients of their clinic" on public.patients
  for select to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'patients.read'))
  );

create policy "Staff can add patients to their clinic" on public.patients
  for insert to authenticated
  with check (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'patients.write'))
  );

create policy "Staff can update patients of their clinic" on public.patients
  for update to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'patients.write'))
  )
  with check (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'patients.write'))
  );

-- ---------------------------------------------------------------------------
-- appointments, and what the service records about them
-- ---------------------------------------------------------------------------
drop policy "Staff can view appointments of their clinic" on public.appointments;
drop policy "Staff can book appointments in their clinic" on public.appointments;
drop policy "Staff can update appointments of their clinic" on public.appointments;
drop policy "Staff can view appointment flags of their clinic" on public.appointment_flags;
drop policy "Staff can resolve appointment flags of their clinic" on public.appointment_flags;

create policy "Staff can view appointments of their clinic" on public.appointments
  for select to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'appointments.read'))
  );

create policy "Staff can book appointments in their clinic" on public.appointments
  for insert to authenticated
  with check (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'appointments.write'))
  );

create policy "Staff can update appointments of their clinic" on public.appointments
  for update to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'appointments.write'))
  )
  with check (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'appointments.write'))
  );

create policy "Staff can view appointment flags of their clinic" on public.appointment_flags
  for select to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'appointments.read'))
  );

create policy "Staff can resolve appointment flags of their clinic" on public.appointment_flags
  for update to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'appointments.write'))
  )
  with check (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'appointments.write'))
  );

-- ---------------------------------------------------------------------------
-- Messenger: reminders, status notices and contacts (written by the service)
-- ---------------------------------------------------------------------------
drop policy "Staff can view reminders of their clinic" on public.appointment_reminders;
drop policy "Staff can view status notices of their clinic" on public.appointment_notifications;
drop policy "Staff can view Messenger contacts of their clinic" on public.messenger_contacts;

create policy "Staff can view reminders of their clinic" on public.appointment_reminders
  for select to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'messenger.read'))
  );

create policy "Staff can view status notices of their clinic" on public.appointment_notifications
  for select to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'messenger.read'))
  );

create policy "Staff can view Messenger contacts of their clinic" on public.messenger_contacts
  for select to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'messenger.read'))
  );

-- ---------------------------------------------------------------------------
-- dentists and dentist_availability
-- ---------------------------------------------------------------------------
drop policy "Staff can view dentists of their clinic" on public.dentists;
drop policy "Front desk can add dentists to their clinic" on public.dentists;
drop policy "Front desk can update dentists of their clinic" on public.dentists;
drop policy "Front desk can delete dentists of their clinic" on public.dentists;
drop policy "Staff can view dentist availability of their clinic" on public.dentist_availability;
drop policy "Front desk can add availability blocks in their clinic" on public.dentist_availability;
drop policy "Front desk can update availability blocks of their clinic" on public.dentist_availability;
drop policy "Front desk can delete availability blocks of their clinic" on public.dentist_availability;

create policy "Staff can view dentists of their clinic" on public.dentists
  for select to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'dentists.read'))
  );

create policy "Front desk can add dentists to their clinic" on public.dentists
  for insert to authenticated
  with check (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'dentists.manage'))
  );

create policy "Front desk can update dentists of their clinic" on public.dentists
  for update to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'dentists.manage'))
  )
  with check (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'dentists.manage'))
  );

create policy "Front desk can delete dentists of their clinic" on public.dentists
  for delete to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'dentists.manage'))
  );

create policy "Staff can view dentist availability of their clinic" on public.dentist_availability
  for select to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'dentists.read'))
  );

create policy "Front desk can add availability blocks in their clinic" on public.dentist_availability
  for insert to authenticated
  with check (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'dentists.manage'))
  );

create policy "Front desk can update availability blocks of their clinic" on public.dentist_availability
  for update to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'dentists.manage'))
  )
  with check (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'dentists.manage'))
  );

create policy "Front desk can delete availability blocks of their clinic" on public.dentist_availability
  for delete to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'dentists.manage'))
  );

-- ---------------------------------------------------------------------------
-- procedure_categories and procedures
-- ---------------------------------------------------------------------------
drop policy "Staff can view procedure categories of their clinic" on public.procedure_categories;
drop policy "Front desk can add procedure categories to their clinic" on public.procedure_categories;
drop policy "Front desk can update procedure categories of their clinic" on public.procedure_categories;
drop policy "Front desk can delete procedure categories of their clinic" on public.procedure_categories;
drop policy "Staff can view procedures of their clinic" on public.procedures;
drop policy "Front desk can add procedures to their clinic" on public.procedures;
drop policy "Front desk can update procedures of their clinic" on public.procedures;
drop policy "Front desk can delete procedures of their clinic" on public.procedures;

create policy "Staff can view procedure categories of their clinic" on public.procedure_categories
  for select to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'procedures.read'))
  );

create policy "Front desk can add procedure categories to their clinic" on public.procedure_categories
  for insert to authenticated
  with check (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'procedures.manage'))
  );

create policy "Front desk can update procedure categories of their clinic" on public.procedure_categories
  for update to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'procedures.manage'))
  )
  with check (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'procedures.manage'))
  );

create policy "Front desk can delete procedure categories of their clinic" on public.procedure_categories
  for delete to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'procedures.manage'))
  );

create policy "Staff can view procedures of their clinic" on public.procedures
  for select to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'procedures.read'))
  );

create policy "Front desk can add procedures to their clinic" on public.procedures
  for insert to authenticated
  with check (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'procedures.manage'))
  );

create policy "Front desk can update procedures of their clinic" on public.procedures
  for update to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'procedures.manage'))
  )
  with check (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'procedures.manage'))
  );

create policy "Front desk can delete procedures of their clinic" on public.procedures
  for delete to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'procedures.manage'))
  );

-- ---------------------------------------------------------------------------
-- invoices and payments (append-only for browsers; voids through the RPCs below)
-- ---------------------------------------------------------------------------
drop policy "Staff can view invoices of their clinic" on public.invoices;
drop policy "Staff can add invoices in their clinic" on public.invoices;
drop policy "Staff can view payments of their clinic" on public.payments;
drop policy "Staff can record payments in their clinic" on public.payments;

create policy "Staff can view invoices of their clinic" on public.invoices
  for select to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'billing.read'))
  );

create policy "Staff can add invoices in their clinic" on public.invoices
  for insert to authenticated
  with check (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'billing.write'))
  );

create policy "Staff can view payments of their clinic" on public.payments
  for select to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'billing.read'))
  );

create policy "Staff can record payments in their clinic" on public.payments
  for insert to authenticated
  with check (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'billing.write'))
  );

-- Each is the text of 20261128000202_rpc_refusals.sql with only its role checks changed: first the
-- role (in the caller's own clinic), then, once the row is known, the row's clinic.
create or replace function public.void_payment(p_payment_id bigint, p_reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payment public.payments;
begin
  if not public.authorize(public.current_clinic_id(), 'billing.void') then
    raise exception 'Only an admin can void.' using errcode = 'insufficient_privilege';
  end if;
  if p_reason is null or btrim(p_reason) = '' then
    raise exception 'A reason is required to void.' using errcode = 'invalid_parameter_value';
  end if;
  if char_length(btrim(p_reason)) > 500 then
    raise exception 'The reason is too long (at most 500 characters).' using errcode = 'invalid_parameter_value';
  end if;
  select p.* into v_payment from public.payments p where p.id = p_payment_id for update;
  if not found or not public.can_access_clinic(v_payment.clinic_id) then
    raise exception 'Payment not found.' using errcode = 'PT404';
  end if;
  if not public.authorize(v_payment.clinic_id, 'billing.void') then
    raise exception 'Only an admin can void.' using errcode = 'insufficient_privilege';
  end if;
  if v_payment.voided_at is not null then
    raise exception 'This payment is already void.' using errcode = 'PT409';
  end if;
  update public.payments
     set voided_at = pg_catalog.now(), void_reason = btrim(p_reason), voided_by = (select auth.uid())
   where id = v_payment.id;
end;
$$;

create or replace function public.void_invoice(p_invoice_id bigint, p_reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_invoice public.invoices;
begin
  if not public.authorize(public.current_clinic_id(), 'billing.void') then
    raise exception 'Only an admin can void.' using errcode = 'insufficient_privilege';
  end if;
  if p_reason is null or btrim(p_reason) = '' then
    raise exception 'A reason is required to void.' using errcode = 'invalid_parameter_value';
  end if;
  if char_length(btrim(p_reason)) > 500 then
    raise exception 'The reason is too long (at most 500 characters).' using errcode = 'invalid_parameter_value';
  end if;
  -- The lock waits for payments being added to this invoice (they hold a share lock).
  select i.* into v_invoice from public.invoices i where i.id = p_invoice_id for update;
  if not found or not public.can_access_clinic(v_invoice.clinic_id) then
    raise exception 'Invoice not found.' using errcode = 'PT404';
  end if;
  if not public.authorize(v_invoice.clinic_id, 'billing.void') then
    raise exception 'Only an admin can void.' using errcode = 'insufficient_privilege';
  end if;
  if v_invoice.voided_at is not null then
    raise exception 'This invoice is already void.' using errcode = 'PT409';
  end if;
  if exists (select 1 from public.payments p where p.invoice_id = v_invoice.id and p.voided_at is null) then
    raise exception 'Void this invoice''s payments first.' using errcode = 'PT409';
  end if;
  update public.invoices
     set voided_at = pg_catalog.now(), void_reason = btrim(p_reason), voided_by = (select auth.uid())
   where id = v_invoice.id;
end;
$$;

drop function public.can_void_in_clinic(bigint);

-- ---------------------------------------------------------------------------
-- Dentist RPCs: the role is checked before the row is read (for a dentist
-- account the row would otherwise just look missing).
-- ---------------------------------------------------------------------------
create or replace function public.delete_dentist(p_dentist_id bigint)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_dentist_id bigint;
  v_future jsonb;
begin
  if p_dentist_id is null then
    raise exception 'A dentist is required.' using errcode = 'null_value_not_allowed';
  end if;
  -- Checked first: for a dentist account the row would otherwise just look
  -- missing (SELECT ... FOR UPDATE applies the update policy).
  if public.is_browser_role() and not public.authorize(public.current_clinic_id(), 'dentists.manage') then
    raise exception 'Only the front desk can delete dentists.' using errcode = 'insufficient_privilege';
  end if;

  select d.id into v_dentist_id
    from public.dentists d
   where d.id = p_dentist_id and not d.deleted
     for update;
  if v_dentist_id is null then
    raise exception 'Dentist % not found; it may have been deleted.', p_dentist_id using errcode = 'PT404';
  end if;

  -- The patient's name is null ('Unknown' on screen) when the patient is
  -- soft-deleted: the screens only know patients that are not deleted.
  select coalesce(
           jsonb_agg(
             jsonb_build_object(
               'id', a.id,
               'patient_name', p.name,
               'status', a.status,
               'appointment_time', a.appointment_time,
               'reason', a.reason
             )
             order by a.appointment_time, a.id
           ),
           '[]'::jsonb
         )
    into v_future
    from public.appointments a
    left join public.patients p on p.id = a.patient_id and p.clinic_id = a.clinic_id and not p.deleted
   where a.dentist_id = v_dentist_id
     and not a.deleted
     and a.status in ('Scheduled', 'Confirmed')
     and a.appointment_time >= now();

  if jsonb_array_length(v_future) > 0 then
    return jsonb_build_object('outcome', 'blocked', 'appointments', v_future);
  end if;

  if exists (select 1 from public.appointments a where a.dentist_id = v_dentist_id) then
    update public.dentists d set deleted = true where d.id = v_dentist_id;
    if not found then
      raise exception 'Dentist % could not be deleted.', p_dentist_id using errcode = 'insufficient_privilege';
    end if;
    return jsonb_build_object('outcome', 'soft_deleted');
  end if;

  delete from public.dentists d where d.id = v_dentist_id;
  if not found then
    raise exception 'Dentist % could not be deleted.', p_dentist_id using errcode = 'insufficient_privilege';
  end if;
  return jsonb_build_object('outcome', 'hard_deleted');
end;
$$;

create or replace function public.save_availability_day(p_dentist_id bigint, p_date date, p_blocks jsonb)
returns setof public.dentist_availability
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_clinic_id bigint;
  v_block jsonb;
  v_index bigint;
  v_start text;
  v_end text;
  v_starts time[] := '{}';
  v_ends time[] := '{}';
begin
  if p_dentist_id is null or p_date is null then
    raise exception 'Dentist and date required!' using errcode = 'null_value_not_allowed';
  end if;
  if p_blocks is null or jsonb_typeof(p_blocks) <> 'array' then
    raise exception 'p_blocks must be an array of {start_time, end_time}.' using errcode = 'invalid_parameter_value';
  end if;
  if public.is_browser_role() and not public.authorize(public.current_clinic_id(), 'dentists.manage') then
    raise exception 'Only the front desk can change dentist availability.' using errcode = 'insufficient_privilege';
  end if;

  select d.clinic_id into v_clinic_id from public.dentists d where d.id = p_dentist_id;
  if v_clinic_id is null then
    raise exception 'Dentist % not found.', p_dentist_id using errcode = 'PT404';
  end if;

  for v_block, v_index in select b.value, b.ordinality from jsonb_array_elements(p_blocks) with ordinality as b loop
    v_start := case when jsonb_typeof(v_block) = 'object' then v_block ->> 'start_time' end;
    v_end := case when jsonb_typeof(v_block) = 'object' then v_block ->> 'end_time' end;
    if v_start is null or v_end is null
       or v_start !~ '^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$'
       or v_end !~ '^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$' then
      raise exception 'Block % needs start_time and end_time as HH:MM.', v_index using errcode = 'invalid_parameter_value';
    end if;
    v_starts := v_starts || v_start::time;
    v_ends := v_ends || v_end::time;
    if v_start::time >= v_end::time or v_start::time < time '09:00' or v_end::time > time '18:00' then
      raise exception 'Block % (% to %) must start before it ends, within 09:00 to 18:00.', v_index, v_start, v_end
        using errcode = 'invalid_parameter_value';
    end if;
  end loop;

  if exists (
    select 1
    from unnest(v_starts, v_ends) with ordinality as a(start_time, end_time, n)
    join unnest(v_starts, v_ends) with ordinality as b(start_time, end_time, n)
      on a.n < b.n and a.start_time < b.end_time and b.start_time < a.end_time
  ) then
    raise exception 'Blocks of one day must not overlap each other.' using errcode = 'invalid_parameter_value';
  end if;

  delete from public.dentist_availability a where a.dentist_id = p_dentist_id and a.specific_date = p_date;

  return query
    with inserted as (
      insert into public.dentist_availability (clinic_id, dentist_id, specific_date, start_time, end_time, is_available)
      select v_clinic_id, p_dentist_id, p_date, b.start_time, b.end_time, false
      from unnest(v_starts, v_ends) as b(start_time, end_time)
      returning *
    )
    select * from inserted order by inserted.start_time;
end;
$$;

-- ---------------------------------------------------------------------------
-- Reports: day_sheet, no_show_insight and day_sheet_export ask can_read_reports().
-- ---------------------------------------------------------------------------
create or replace function public.can_read_reports(p_clinic_id bigint)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.authorize(p_clinic_id, 'reports.read')
$$;

-- ---------------------------------------------------------------------------
-- Recalls
-- ---------------------------------------------------------------------------
drop policy "Staff can view recalls of their clinic" on public.recall_messages;
drop policy "Staff can view booking requests of their clinic" on public.recall_requests;
drop policy "Front desk can handle booking requests of their clinic" on public.recall_requests;

create policy "Staff can view recalls of their clinic" on public.recall_messages
  for select to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'recalls.read'))
  );

create policy "Staff can view booking requests of their clinic" on public.recall_requests
  for select to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'recalls.read'))
  );

create policy "Front desk can handle booking requests of their clinic" on public.recall_requests
  for update to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'recalls.manage'))
  )
  with check (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'recalls.manage'))
  );

-- ---------------------------------------------------------------------------
-- Waitlist
-- ---------------------------------------------------------------------------
drop policy "Front desk can view the waitlist of their clinic" on public.waitlist_entries;
drop policy "Front desk can add to the waitlist of their clinic" on public.waitlist_entries;
drop policy "Front desk can remove waitlist entries of their clinic" on public.waitlist_entries;
drop policy "Front desk can view waitlist offers of their clinic" on public.waitlist_offers;

create policy "Front desk can view the waitlist of their clinic" on public.waitlist_entries
  for select to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'waitlist.manage'))
  );

create policy "Front desk can add to the waitlist of their clinic" on public.waitlist_entries
  for insert to authenticated
  with check (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'waitlist.manage'))
  );

create policy "Front desk can remove waitlist entries of their clinic" on public.waitlist_entries
  for update to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'waitlist.manage'))
  )
  with check (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'waitlist.manage'))
  );

create policy "Front desk can view waitlist offers of their clinic" on public.waitlist_offers
  for select to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'waitlist.manage'))
  );

drop function public.is_front_desk_of(bigint);

-- ---------------------------------------------------------------------------
-- Audit trail (reading only; the log's writers are not role checks)
-- ---------------------------------------------------------------------------
drop policy "Admins can read their clinic's audit log" on public.audit_log;

create policy "Admins can read their clinic's audit log" on public.audit_log
  for select to authenticated
  using (
    (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
    and (select public.authorize(public.current_clinic_id(), 'audit.read'))
  );

-- ---------------------------------------------------------------------------
-- Nothing asks for a list of roles any more.
-- ---------------------------------------------------------------------------
drop function public.has_any_role(text[]);
