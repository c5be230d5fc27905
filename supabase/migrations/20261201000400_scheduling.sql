-- ============================================================================
-- Ngiti baseline, 4 of 9: dentists, their availability, appointments and
-- reminders.
--
-- One error for every refused booking, so the app can show one message:
--   SQLSTATE 23P01 (exclusion_violation; PostgREST answers HTTP 400)
--   message  'This slot may already be taken or dentist is unavailable.'
--   detail   which rule refused it (see public.enforce_appointment_rules).
-- The exclusion constraint appointments_no_overlap is the race-proof backstop
-- for overlaps; it raises 23P01 too, with Postgres' own message naming the
-- constraint.
--
-- delete_dentist(p_dentist_id) is a hard delete, a soft delete or "blocked"
-- with the future appointments, decided under a row lock; the booking rules
-- read the dentist and the patient FOR SHARE, which is what makes those locks
-- serialise a concurrent booking.
--
-- Booking guards for requests from a browser. The booking form only offers
-- future slots and the clinic's own procedures. A crafted request (an edited
-- payload, a script with a staff member's token) must not get around that, so
-- for browser roles (public.is_browser_role(): anon and authenticated) the
-- database also refuses:
--
--   booking in the past  a live appointment (not deleted, not Cancelled) that
--                        is inserted, or whose time, dentist or patient is
--                        changed, at a time that has already started
--                        (appointment_time <= now()). Same error as every
--                        refused booking: SQLSTATE 23P01, message 'This slot
--                        may already be taken or dentist is unavailable.',
--                        detail 'in the past'.
--   unknown procedure    a reason whose procedure part (before ' — Notes: ')
--                        is not the name of a procedure of the appointment's
--                        clinic, on insert and on updates that change the
--                        reason: SQLSTATE 23514 (check_violation, HTTP 400),
--                        message 'The procedure is not in this clinic''s price
--                        list.', detail 'unknown procedure'. A null reason is
--                        left alone (the column allows it: no procedure named
--                        is not a false one).
--
-- Not refused: the service role, table owners and SQL (the seed, the
-- notification service) may still write history in the past and any reason;
-- status changes of a past appointment (Completed, No Show, and back from
-- Cancelled) stay allowed, as do soft deletes. Sundays, hours, lunch, blocks,
-- overlaps and inactive or deleted dentists are refused for everyone by
-- public.enforce_appointment_rules(); another clinic's dentist or patient by
-- the composite foreign keys (23503) and row-level security (42501).
-- ============================================================================

-- ---------------------------------------------------------------------------
-- dentists and their availability
-- ---------------------------------------------------------------------------
create table public.dentists (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  email text not null check (email ~ '^[^@\s]+@[^@\s]+$' and char_length(email) <= 320),
  phone text not null check (btrim(phone) <> '' and char_length(phone) <= 50),
  is_active boolean not null default true,
  deleted boolean not null default false,
  created_at timestamptz not null default now(),
  unique (id, clinic_id)
);

comment on table public.dentists is 'A dentist of one clinic.';
comment on column public.dentists.is_active is 'Inactive dentists keep their history but cannot be booked.';
comment on column public.dentists.deleted is
  'Soft delete, for dentists with past appointments; a dentist with none is deleted for real.';

create index dentists_clinic_id_name_idx on public.dentists (clinic_id, name);

-- delete_dentist is in 20261201001690_one_rule_for_booked_ahead.sql (by way of
-- 20261201001570_dentist_delete_stages.sql: a refused delete says which one).

select private.setup_clinic_table('public.dentists', grants => array['select, insert, update, delete'],
  audit => array['dentist'], policies => array[
  ['select', 'dentists.read', 'Staff can view dentists of their clinic'],
  ['insert', 'dentists.manage', 'Front desk can add dentists to their clinic'],
  ['update', 'dentists.manage', 'Front desk can update dentists of their clinic'],
  ['delete', 'dentists.manage', 'Front desk can delete dentists of their clinic']]);

-- ---------------------------------------------------------------------------
-- dentist_availability
-- ---------------------------------------------------------------------------

create table public.dentist_availability (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  dentist_id bigint not null,
  specific_date date not null,
  start_time time not null,
  end_time time not null,
  is_available boolean not null default false,
  created_at timestamptz not null default now(),
  constraint dentist_availability_hours_check check (
    start_time < end_time and start_time >= time '09:00' and end_time <= time '18:00'
  ),
  constraint dentist_availability_dentist_fkey foreign key (dentist_id, clinic_id)
    references public.dentists (id, clinic_id) on delete cascade,
  constraint dentist_availability_no_overlap exclude using gist (
    dentist_id with =,
    tsrange(specific_date + start_time, specific_date + end_time, '[)') with &&
  )
);

comment on table public.dentist_availability is
  'Periods of one day, in clinic local time, in which a dentist cannot be booked (is_available = false).';
comment on column public.dentist_availability.is_available is
  'false: a blocked period (the only kind the app writes). Blocked periods refuse bookings.';

create index dentist_availability_dentist_id_date_idx on public.dentist_availability (dentist_id, specific_date);

-- save_availability_day is in 20261201001840_availability_as_read.sql: it locks the dentist as
-- a booking does, and replaces a day only as the caller read it. Browsers' writes below are revoked
-- there: they write through save_availability_day and delete_availability_block.

select private.setup_clinic_table('public.dentist_availability', grants => array['select, insert, update, delete'],
  audit => array['availability'], policies => array[
  ['select', 'dentists.read', 'Staff can view dentist availability of their clinic'],
  ['insert', 'dentists.manage', 'Front desk can add availability blocks in their clinic'],
  ['update', 'dentists.manage', 'Front desk can update availability blocks of their clinic'],
  ['delete', 'dentists.manage', 'Front desk can delete availability blocks of their clinic']]);

-- ---------------------------------------------------------------------------
-- appointments
-- ---------------------------------------------------------------------------
create table public.appointments (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  patient_id bigint not null,
  dentist_id bigint not null,
  appointment_time timestamptz not null,
  reason text check (reason is null or (btrim(reason) <> '' and char_length(reason) <= 1000)),
  status public.appointment_status not null default 'Scheduled',
  deleted boolean not null default false,
  booking_origin text check (booking_origin is null or (btrim(booking_origin) <> '' and char_length(booking_origin) <= 50)),
  guardian_messenger_id text check (
    guardian_messenger_id is null or (btrim(guardian_messenger_id) <> '' and char_length(guardian_messenger_id) <= 100)
  ),
  reminder_enabled boolean not null default true,
  reminder_days integer[] not null default '{1}' check (
    array_ndims(reminder_days) = 1
    and cardinality(reminder_days) between 1 and 10
    and array_position(reminder_days, null::integer) is null
    and 0 <= all (reminder_days)
    and 365 >= all (reminder_days)
  ),
  reminder_message text check (reminder_message is null or char_length(reminder_message) <= 1000),
  reminder_recipient_type public.reminder_recipient_type not null default 'patient',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, clinic_id),
  constraint appointments_patient_fkey foreign key (patient_id, clinic_id)
    references public.patients (id, clinic_id) on delete cascade,
  constraint appointments_dentist_fkey foreign key (dentist_id, clinic_id)
    references public.dentists (id, clinic_id),
  constraint appointments_no_overlap exclude using gist (
    dentist_id with =,
    public.appointment_slot(appointment_time) with &&
  ) where (not deleted and status <> 'Cancelled')
);

comment on table public.appointments is
  'A 20-minute booking of a patient with a dentist. Live (not deleted, not Cancelled) bookings of one dentist never overlap.';
comment on column public.appointments.reason is 'Procedure name, optionally followed by '' — Notes: '' and the notes.';
comment on column public.appointments.deleted is 'Soft delete ("Appointment cancelled" in the UI); frees the slot.';
comment on column public.appointments.booking_origin is 'Where the booking came from: ''messenger'', ''walk-in'', ...; null means the app.';
comment on column public.appointments.guardian_messenger_id is 'Messenger id of a guardian, for reminders to the guardian.';
comment on column public.appointments.reminder_days is 'Days before the appointment on which automated reminders go out (0 = same day).';
comment on column public.appointments.reminder_message is 'Custom reminder text; null or blank means the default message.';
comment on constraint appointments_dentist_fkey on public.appointments is
  'No cascade: a dentist with appointments is soft-deleted, never removed.';

create index appointments_clinic_id_time_idx on public.appointments (clinic_id, appointment_time);

create index appointments_dentist_id_time_idx on public.appointments (dentist_id, appointment_time);

create index appointments_patient_id_time_idx on public.appointments (patient_id, appointment_time);

create index appointments_no_show_by_patient_idx on public.appointments (clinic_id, patient_id, appointment_time)
  where status = 'No Show' and not deleted;

-- Indexes the due list uses: each patient's last Completed appointment, read
-- for the whole clinic in index order; the recall log by patient.
create index appointments_clinic_completed_idx
  on public.appointments (clinic_id, patient_id, appointment_time desc, id desc)
  where status = 'Completed' and not deleted;

-- enforce_appointment_rules (the booking trigger) and its trigger live whole in
-- 20261201001580_bookings_one_dentist_at_a_time.sql.

-- ---------------------------------------------------------------------------
-- guard_browser_booking
-- ---------------------------------------------------------------------------
create function public.guard_browser_booking()
-- Not security definer: is_browser_role() must see the caller's role, and the
-- look-ups below run under the caller's row-level security (staff read their
-- clinic's dentists, patients and procedures).
returns trigger language plpgsql set search_path = '' as $$
declare
  v_is_booking boolean;
  v_procedure text;
begin
  if not public.is_browser_role() then
    return new;
  end if;
  -- Another clinic: row-level security refuses the row after this trigger;
  -- answer nothing here that would tell its price list or schedule apart.
  if not public.can_access_clinic(new.clinic_id) then
    return new;
  end if;
  -- An unknown dentist or patient, or one of another clinic: the composite
  -- foreign keys refuse the row (23503), as they do for everyone.
  if not exists (select 1 from public.dentists d where d.id = new.dentist_id and d.clinic_id = new.clinic_id)
     or not exists (select 1 from public.patients p where p.id = new.patient_id and p.clinic_id = new.clinic_id) then
    return new;
  end if;

  v_is_booking := tg_op = 'INSERT'
    or new.appointment_time is distinct from old.appointment_time
    or new.dentist_id is distinct from old.dentist_id
    or new.patient_id is distinct from old.patient_id;
  if v_is_booking
     and not (new.deleted or new.status = 'Cancelled')
     and new.appointment_time <= now() then
    raise exception using
      errcode = 'exclusion_violation',
      message = 'This slot may already be taken or dentist is unavailable.',
      detail = 'in the past', hint = 'appointment_in_past';
  end if;

  if new.reason is not null and (tg_op = 'INSERT' or new.reason is distinct from old.reason) then
    v_procedure := pg_catalog.btrim(pg_catalog.split_part(new.reason, ' — Notes: ', 1));
    if not exists (
      select 1
      from public.procedures pr
      where pr.clinic_id = new.clinic_id
        and pg_catalog.btrim(pr.name) = v_procedure
    ) then
      raise exception using
        errcode = 'check_violation',
        message = 'The procedure is not in this clinic''s price list.',
        detail = 'unknown procedure', hint = 'unknown_procedure';
    end if;
  end if;

  return new;
end;
$$;

-- EXECUTE is not checked when a trigger fires; nobody calls this directly.
select private.setup_function('public.guard_browser_booking()', '{service_role}',
  'Trigger: for browser roles only, refuses booking or moving a live appointment to a time that has started '
  '(23P01, ''This slot may already be taken or dentist is unavailable.'', detail ''in the past'') and a reason '
  'whose procedure part (before '' — Notes: '') is not a procedure of the clinic, on insert or when the reason '
  'changes (23514, detail ''unknown procedure''). The service role, owners and SQL may still write history.');

-- The audit trail: every row, each column that changed (audit_row_change).
select private.setup_clinic_table('public.appointments', grants => array['select, insert, update'],
  audit => array['appointment'], policies => array[
  ['select', 'appointments.read', 'Staff can view appointments of their clinic'],
  ['insert', 'appointments.write', 'Staff can book appointments in their clinic'],
  ['update', 'appointments.write', 'Staff can update appointments of their clinic']]);

create trigger appointments_guard_browser_booking before insert or update on public.appointments
  for each row execute function public.guard_browser_booking();

-- appointment_changes: every change of an appointment, and of one of its flags.
-- The payload stays small (NOTIFY allows 8000 bytes): the service loads the row.
create trigger appointments_notify_insert after insert on public.appointments
  for each row execute function public.notify_change('appointment_changes',
    'op=TG_OP', 'id', 'clinic_id', 'dentist_id', 'patient_id', 'status', 'appointment_time', 'deleted');

create trigger appointments_notify_delete after delete on public.appointments
  for each row execute function public.notify_change('appointment_changes',
    'op=TG_OP', 'id', 'clinic_id', 'dentist_id', 'patient_id', 'status', 'appointment_time', 'deleted=true');

-- An update that changes nothing but the updated_at stamp (a form saved unchanged) is not news.
create trigger appointments_notify_update after update on public.appointments
  for each row when (
    (pg_catalog.to_jsonb(old) - 'updated_at') is distinct from (pg_catalog.to_jsonb(new) - 'updated_at')
  )
  execute function public.notify_change('appointment_changes',
    'op=TG_OP', 'id', 'clinic_id', 'dentist_id', 'patient_id', 'status', 'appointment_time', 'deleted');

-- Change feed: on hosted Supabase, Realtime (postgres_changes) only streams
-- tables in the supabase_realtime publication. The notification service
-- listens to appointment changes. Elsewhere the publication does not exist.
do $$
begin
  if exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime')
     and not exists (
       select 1 from pg_catalog.pg_publication_tables
       where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'appointments'
     ) then
    alter publication supabase_realtime add table public.appointments;
  end if;
end
$$;

-- ---------------------------------------------------------------------------
-- appointment_reminders: log of reminders sent
-- ---------------------------------------------------------------------------
create table public.appointment_reminders (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  appointment_id bigint not null,
  sent_on timestamptz not null default now(),
  days_ahead integer not null check (days_ahead >= 0),
  messenger_id text check (messenger_id is null or (btrim(messenger_id) <> '' and char_length(messenger_id) <= 100)),
  is_manual boolean not null default false,
  outcome public.reminder_outcome not null default 'sent',
  error text check (error is null or char_length(error) <= 2000),
  created_at timestamptz not null default now(),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz,
  claim_token uuid,
  constraint appointment_reminders_appointment_fkey foreign key (appointment_id, clinic_id)
    references public.appointments (id, clinic_id) on delete cascade,
  constraint appointment_reminders_outcome_check check (
    outcome in ('sent', 'failed')
    or (outcome in ('pending', 'skipped') and not is_manual)
  ),
  constraint appointment_reminders_pending_has_next_attempt check (
    outcome <> 'pending' or next_attempt_at is not null
  )
);

comment on table public.appointment_reminders is
  'Every reminder sent for an appointment, manual or automated. Written by the notification service only.';
comment on column public.appointment_reminders.days_ahead is 'Whole days between sending and the appointment date.';
comment on column public.appointment_reminders.outcome is
  'sent; failed (then error says why); pending: an automated reminder claimed by a service instance '
  'and being sent, or waiting for a retry at next_attempt_at; or skipped: an automated reminder not '
  'sent because it was not needed (error says why, e.g. a manual reminder already went out that day).';
comment on column public.appointment_reminders.attempts is 'Send attempts made so far (automated reminders).';
comment on column public.appointment_reminders.next_attempt_at is
  'Pending only: when the claim lapses and the reminder may be (re)tried by any instance.';
comment on column public.appointment_reminders.claim_token is
  'Pending only: the claim of the service pass sending it; an outcome is written only under its claim.';

-- The idempotency key of automated reminders (one per appointment, its time and days ahead) is in
-- 20261201001760_reminders_per_appointment_time.sql.

create index appointment_reminders_appointment_id_sent_on_idx on public.appointment_reminders (appointment_id, sent_on desc);

-- The retry pass looks for lapsed claims.
create index appointment_reminders_pending_idx on public.appointment_reminders (next_attempt_at)
  where outcome = 'pending';

select private.setup_clinic_table('public.appointment_reminders', grants => array['select'],
  policies => array[
  ['select', 'messenger.read', 'Staff can view reminders of their clinic']]);
