-- ============================================================================
-- Ngiti baseline, 4 of 10: dentists, their availability, appointments and
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
  'Periods of one day, in clinic local time, in which a dentist cannot be booked (is_available = false). '
  'Browsers read it and write it through save_availability_day and delete_availability_block only.';

comment on column public.dentist_availability.is_available is
  'false: a blocked period (the only kind the app writes). Blocked periods refuse bookings.';

create index dentist_availability_dentist_id_date_idx on public.dentist_availability (dentist_id, specific_date);

-- Browsers read blocks here and write them through save_availability_day and
-- delete_availability_block only (below): those lock the dentist as a booking does.
select private.setup_clinic_table('public.dentist_availability', grants => array['select'],
  audit => array['availability'], policies => array[
  ['select', 'dentists.read', 'Staff can view dentist availability of their clinic']]);

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
  cancelled_at timestamptz,
  cancel_reason text check (
    cancel_reason is null or (btrim(cancel_reason) <> '' and char_length(cancel_reason) <= 200)
    ),
  unique (id, clinic_id),
  constraint appointments_patient_fkey foreign key (patient_id, clinic_id)
    references public.patients (id, clinic_id) on delete cascade,
  constraint appointments_dentist_fkey foreign key (dentist_id, clinic_id)
    references public.dentists (id, clinic_id),
  constraint appointments_no_overlap exclude using gist (
    dentist_id with =,
    public.appointment_slot(appointment_time) with &&
  ) where (not deleted and status <> 'Cancelled'),
  constraint appointments_cancelled_at_when_cancelled
    check ((status = 'Cancelled') = (cancelled_at is not null))
);

comment on column public.appointments.cancelled_at is
  'When the appointment became Cancelled (stamped by the database); null while it is not Cancelled.';

comment on column public.appointments.cancel_reason is
  'Why it was cancelled, for the clinic (not the message to the patient); optional, only on a Cancelled appointment.';

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

-- A patient renamed at one desk is renamed on the Appointments screens of the clinic's other desks:
-- they name patients through a join on public.patients, so a rename changes what they show while
-- no appointment changes. Each of the patient's appointments is announced as an update (the feed
-- loads the rows, new name and all, in one query; the tab merges them without calling it news).
create function public.announce_patient_rename_to_appointments()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  -- The fields appointments_notify_update sends, for each row.
  perform pg_catalog.pg_notify('appointment_changes', pg_catalog.json_build_object(
      'op', 'UPDATE', 'id', a.id, 'clinic_id', a.clinic_id, 'dentist_id', a.dentist_id, 'patient_id', a.patient_id,
      'status', a.status, 'appointment_time', a.appointment_time, 'deleted', a.deleted)::text)
    from public.appointments a
   where a.patient_id = new.id and a.clinic_id = new.clinic_id and not a.deleted;
  return null;
end
$$;

select private.setup_function('public.announce_patient_rename_to_appointments()', '{}',
  'Trigger: a patient renamed announces each of their appointments on appointment_changes.');

create trigger patients_notify_appointments_of_rename after update of name on public.patients
  for each row when (old.name is distinct from new.name)
  execute function public.announce_patient_rename_to_appointments();

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
  for_appointment_time timestamptz,
  constraint appointment_reminders_appointment_fkey foreign key (appointment_id, clinic_id)
    references public.appointments (id, clinic_id) on delete cascade,
  constraint appointment_reminders_outcome_check check (
    outcome in ('sent', 'failed')
    or (outcome in ('pending', 'skipped') and not is_manual)
  ),
  constraint appointment_reminders_pending_has_next_attempt check (
    outcome <> 'pending' or next_attempt_at is not null
  ),
  constraint appointment_reminders_automated_has_time check (is_manual or for_appointment_time is not null)
);

comment on column public.appointment_reminders.for_appointment_time is
  'Automated reminders: the appointment time they remind of (a moved appointment is reminded of its new '
  'time). Null for manual reminders.';

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

create index appointment_reminders_appointment_id_sent_on_idx on public.appointment_reminders (appointment_id, sent_on desc);

-- The retry pass looks for lapsed claims.
create index appointment_reminders_pending_idx on public.appointment_reminders (next_attempt_at)
  where outcome = 'pending';

select private.setup_clinic_table('public.appointment_reminders', grants => array['select'],
  policies => array[
  ['select', 'messenger.read', 'Staff can view reminders of their clinic']]);

-- ---------------------------------------------------------------------------
-- stamp_appointment_cancellation: cancelled_at is the moment the status
-- became Cancelled, whatever a browser sends; leaving Cancelled clears both
-- the time and the reason. The service role, owners and SQL may still write
-- history (an imported cancellation keeps the time it is given).
-- ---------------------------------------------------------------------------
create function public.stamp_appointment_cancellation()
returns trigger language plpgsql set search_path = '' as $$
declare
  v_became_cancelled boolean;
begin
  if new.status = 'Cancelled' then
    v_became_cancelled := tg_op = 'INSERT' or old.status is distinct from 'Cancelled';
    if public.is_browser_role() then
      new.cancelled_at := case when v_became_cancelled then pg_catalog.now() else old.cancelled_at end;
    elsif v_became_cancelled then
      new.cancelled_at := coalesce(new.cancelled_at, pg_catalog.now());
    else
      new.cancelled_at := coalesce(new.cancelled_at, old.cancelled_at, pg_catalog.now());
    end if;
    return new;
  end if;

  new.cancelled_at := null;
  -- Leaving Cancelled drops the old reason; a reason given to a live appointment is refused.
  if tg_op = 'UPDATE' and old.status = 'Cancelled' and new.cancel_reason is not distinct from old.cancel_reason then
    new.cancel_reason := null;
  elsif new.cancel_reason is not null then
    raise exception 'Only a cancelled appointment has a cancellation reason.'
      using errcode = 'check_violation',
            hint = 'cancel_reason_needs_cancelled';
  end if;
  return new;
end;
$$;

select private.setup_function('public.stamp_appointment_cancellation()', '{service_role}',
  'Trigger: stamps cancelled_at when an appointment becomes Cancelled (now() for browser roles, whatever they send; '
  'the given time or now() for the service and SQL), keeps it while it stays Cancelled, and clears cancelled_at and '
  'cancel_reason when it leaves Cancelled. A cancel_reason on an appointment that is not Cancelled: 23514, hint '
  'cancel_reason_needs_cancelled.');

create trigger appointments_stamp_cancellation before insert or update on public.appointments
  for each row execute function public.stamp_appointment_cancellation();

create function public.slot_problem(
  p_dentist_id bigint, p_start timestamptz, p_time_zone text, p_except_appointment_id bigint default null
)
returns text language plpgsql stable security definer set search_path = '' as $$
declare
  v_problem text := public.clinic_hours_problem(p_start, p_time_zone);
  v_local_start timestamp := p_start at time zone p_time_zone;
  v_local_end timestamp := (p_start + interval '20 minutes') at time zone p_time_zone;
begin
  if v_problem is not null then
    return v_problem;
  end if;
  if exists (
    select 1
    from public.dentist_availability a
    where a.dentist_id = p_dentist_id
      and a.specific_date = v_local_start::date
      and not a.is_available
      and a.specific_date + a.start_time < v_local_end
      and a.specific_date + a.end_time > v_local_start
  ) then
    return 'blocked by dentist availability';
  end if;
  if exists (
    select 1
    from public.appointments o
    where o.dentist_id = p_dentist_id
      and o.id is distinct from p_except_appointment_id
      and not o.deleted
      and o.status <> 'Cancelled'
      and public.appointment_slot(o.appointment_time) && public.appointment_slot(p_start)
  ) then
    return 'overlaps another appointment';
  end if;
  return null;
end;
$$;

select private.setup_function('public.slot_problem(bigint, timestamptz, text, bigint)', '{service_role}',
  'Why the dentist cannot hold a 20-minute appointment at p_start (clinic hours, a blocked period, another live '
  'appointment than p_except_appointment_id), or null. The booking trigger and the waitlist''s open-slot search.');

create function public.enforce_appointment_rules()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  v_time_zone text;
  v_dentist_active boolean;
  v_dentist_deleted boolean;
  v_patient_deleted boolean;
  v_problem text;
begin
  -- Only live appointments hold a slot; cancelling or deleting is always allowed.
  if new.deleted or new.status = 'Cancelled' then
    return new;
  end if;
  -- A live appointment keeps its slot through status, reason and reminder edits.
  if tg_op = 'UPDATE'
     and not (old.deleted or old.status = 'Cancelled')
     and new.dentist_id = old.dentist_id
     and new.patient_id = old.patient_id
     and new.appointment_time = old.appointment_time then
    return new;
  end if;
  -- A signed-in user writing into a clinic they cannot reach is refused by
  -- row-level security after this trigger; reveal nothing about that clinic.
  if (select auth.uid()) is not null and not public.can_access_clinic(new.clinic_id) then
    return new;
  end if;

  select c.timezone into v_time_zone from public.clinics c where c.id = new.clinic_id;
  -- The dentist's row locked for the rest of the transaction: two bookings of one dentist run one
  -- after the other, so the second checks the slots with the first committed. Checked at once,
  -- both passed slot_problem and then waited on each other in the exclusion constraint's check
  -- (a deadlock, 40P01, instead of the slot-taken refusal). Dentist first, patient second, always.
  select d.is_active, d.deleted into v_dentist_active, v_dentist_deleted
    from public.dentists d where d.id = new.dentist_id and d.clinic_id = new.clinic_id
    for no key update;
  select p.deleted into v_patient_deleted
    from public.patients p where p.id = new.patient_id and p.clinic_id = new.clinic_id
    for share;
  -- Unknown clinic, dentist or patient: the foreign keys refuse the row.
  if v_time_zone is null or v_dentist_active is null or v_patient_deleted is null then
    return new;
  end if;

  if v_dentist_deleted then
    v_problem := 'dentist deleted';
  elsif not v_dentist_active then
    v_problem := 'dentist inactive';
  elsif v_patient_deleted then
    v_problem := 'patient deleted';
  else
    v_problem := public.slot_problem(new.dentist_id, new.appointment_time, v_time_zone, new.id);
  end if;

  if v_problem is not null then
    raise exception using
      errcode = 'exclusion_violation',
      message = 'This slot may already be taken or dentist is unavailable.',
      detail = v_problem,
      hint = case v_problem
        when 'dentist deleted' then 'dentist_deleted'
        when 'dentist inactive' then 'dentist_inactive'
        when 'patient deleted' then 'patient_deleted'
        when 'closed on Sunday' then 'clinic_closed'
        when 'outside clinic hours' then 'outside_clinic_hours'
        when 'lunch break' then 'lunch_break'
        when 'blocked by dentist availability' then 'dentist_unavailable'
        else 'slot_taken'
      end;
  end if;
  return new;
end;
$$;

select private.setup_function('public.enforce_appointment_rules()', '{service_role}',
  'Trigger: refuses live bookings outside 09:00-18:00 clinic time, in 12:00-13:00, on Sundays, in a blocked period, '
  'with an inactive or deleted dentist or a deleted patient, or overlapping another: SQLSTATE 23P01, message '
  '''This slot may already be taken or dentist is unavailable.'', detail names the rule. Runs on insert, and on '
  'update when dentist, patient or time change or the row becomes live again. Past times are allowed (history). '
  'Locks the dentist''s row (FOR NO KEY UPDATE: one booking of a dentist at a time, so a race ends in slot_taken, '
  'never a deadlock) and reads the patient''s FOR SHARE, so delete_dentist and delete_patient serialise with bookings.');

create trigger appointments_enforce_booking_rules before insert or update on public.appointments
  for each row execute function public.enforce_appointment_rules();

-- Whether an appointment holds its slot ahead of p_now: not deleted, Scheduled or Confirmed, and
-- not before p_now (the spec's "future appointment" of a dentist delete). A one-expression SQL
-- function without SET, so the planner inlines it into the caller's query: the appointments'
-- time indexes still serve "appointment_time >= p_now". Callers fix their own search_path.
create function private.is_booked_ahead(p_appointment public.appointments, p_now timestamptz)
returns boolean language sql immutable as $$
  select not p_appointment.deleted
     and p_appointment.status in ('Scheduled', 'Confirmed')
     and p_appointment.appointment_time >= p_now
$$;

select private.setup_function('private.is_booked_ahead(public.appointments, timestamptz)', '{authenticated,service_role}');

-- ---------------------------------------------------------------------------
-- delete_dentist: a dentist with future appointments is not deleted; they are listed
-- ---------------------------------------------------------------------------
create function public.delete_dentist(p_dentist_id bigint)
returns jsonb language plpgsql security invoker set search_path = '' as $$
declare
  v_dentist_id bigint;
  v_future jsonb;
  v_outcome text;
  v_state text;
  v_message text;
begin
  if p_dentist_id is null then
    raise exception 'A dentist is required.'
      using errcode = 'null_value_not_allowed',
            hint = 'dentist_required';
  end if;
  -- Checked first: for a dentist account the row would otherwise just look
  -- missing (SELECT ... FOR UPDATE applies the update policy).
  if public.is_browser_role() then
    perform private.require_permission(public.current_clinic_id(), 'dentists.manage',
      'Only the front desk can delete dentists.', 'dentist_delete_forbidden');
  end if;

  v_dentist_id := private.lock_live_row('public.dentists', p_dentist_id, 'dentist', 'dentist_not_found');

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
     and private.is_booked_ahead(a, pg_catalog.now());

  if jsonb_array_length(v_future) > 0 then
    return jsonb_build_object('outcome', 'blocked', 'appointments', v_future);
  end if;

  v_outcome := case when exists (select 1 from public.appointments a where a.dentist_id = v_dentist_id)
                    then 'soft_deleted' else 'hard_deleted' end;
  -- The update or the delete itself may still be refused (row-level security, a trigger, a key):
  -- the refusal keeps its SQLSTATE and says which of the two it refused, since the spec words them
  -- apart ('Error soft deleting dentist.', 'Error deleting dentist.').
  begin
    if v_outcome = 'soft_deleted' then
      update public.dentists d set deleted = true where d.id = v_dentist_id;
    else
      delete from public.dentists d where d.id = v_dentist_id;
    end if;
    if not found then
      raise exception 'Dentist % could not be deleted.', p_dentist_id
        using errcode = 'insufficient_privilege',
              hint = 'dentist_delete_failed';
    end if;
  exception when others then
    get stacked diagnostics v_state = returned_sqlstate, v_message = message_text;
    if v_outcome = 'soft_deleted' then
      raise exception using errcode = v_state, message = v_message, hint = 'dentist_soft_delete_failed';
    end if;
    raise exception using errcode = v_state, message = v_message, hint = 'dentist_delete_failed';
  end;
  return jsonb_build_object('outcome', v_outcome);
end;
$$;

select private.setup_function('public.delete_dentist(bigint)', '{authenticated,service_role}',
  'Deletes dentist p_dentist_id as the spec decides: no appointments at all -> removed ({"outcome":"hard_deleted"}, '
  'availability blocks cascade); only past or closed ones -> deleted = true ({"outcome":"soft_deleted"}); any '
  'appointment at or after now, not deleted, Scheduled or Confirmed -> nothing changes ({"outcome":"blocked", '
  '"appointments":[{id, patient_name, status, appointment_time, reason}]} by time; patient_name null when the '
  'patient is deleted). Errors: 42501 unless superadmin/admin/receptionist, PT404 (HTTP 404) dentist not visible '
  '(other clinic, unknown, already deleted), 22004 without a dentist; the delete or the soft delete itself refused '
  '(row-level security, a trigger): its SQLSTATE with hint dentist_delete_failed or dentist_soft_delete_failed.');

-- Security definer: browsers may not write the table. A browser needs dentists.manage and finds only
-- its clinic's dentists (as row-level security had it); the service and the owner are trusted.
create function public.save_availability_day(p_dentist_id bigint, p_date date, p_blocks jsonb, p_read jsonb)
returns setof public.dentist_availability language plpgsql security definer set search_path = '' as $$
declare
  v_browser constant boolean := private.is_browser_request();
  v_clinic_id bigint;
  v_time_zone text;
  v_block jsonb;
  v_index bigint;
  v_start text;
  v_end text;
  v_starts time[] := '{}';
  v_ends time[] := '{}';
  v_time constant text := '^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$';
begin
  if p_dentist_id is null or p_date is null then
    raise exception 'Dentist and date required!'
      using errcode = 'null_value_not_allowed',
            hint = 'availability_day_required';
  end if;
  if p_blocks is null or jsonb_typeof(p_blocks) <> 'array' then
    raise exception 'p_blocks must be an array of {start_time, end_time}.'
      using errcode = 'invalid_parameter_value',
            hint = 'availability_blocks_invalid';
  end if;
  if p_read is null or jsonb_typeof(p_read) <> 'array' or exists (
    select 1
      from jsonb_array_elements(p_read) as r(value)
     where jsonb_typeof(r.value) <> 'object'
        or coalesce(r.value ->> 'start_time', '') !~ v_time
        or coalesce(r.value ->> 'end_time', '') !~ v_time
        or jsonb_typeof(coalesce(r.value -> 'is_available', 'false')) <> 'boolean'
  ) then
    raise exception 'p_read must be the day''s rows as read: an array of {start_time, end_time, is_available}.'
      using errcode = 'invalid_parameter_value',
            hint = 'availability_blocks_invalid';
  end if;
  if v_browser then
    perform private.require_permission(public.current_clinic_id(), 'dentists.manage',
      'Only the front desk can change dentist availability.', 'availability_forbidden');
  end if;

  -- The dentist's row locked, as the booking trigger locks it: a booking waits for the day being
  -- saved and then sees its blocks, and of two saves of one dentist the later waits for the earlier
  -- and then compares the day with what it read (both at once, the second's rows ran into the
  -- first's in the exclusion constraint).
  select d.clinic_id into v_clinic_id
    from public.dentists d
   where d.id = p_dentist_id and (not v_browser or public.can_access_clinic(d.clinic_id))
     for no key update;
  if v_clinic_id is null then
    raise exception 'Dentist % not found.', p_dentist_id using errcode = 'PT404', hint = 'dentist_not_found';
  end if;

  for v_block, v_index in select b.value, b.ordinality from jsonb_array_elements(p_blocks) with ordinality as b loop
    v_start := case when jsonb_typeof(v_block) = 'object' then v_block ->> 'start_time' end;
    v_end := case when jsonb_typeof(v_block) = 'object' then v_block ->> 'end_time' end;
    if v_start is null or v_end is null or v_start !~ v_time or v_end !~ v_time then
      raise exception 'Block % needs start_time and end_time as HH:MM.', v_index
        using errcode = 'invalid_parameter_value',
              hint = 'availability_block_invalid';
    end if;
    v_starts := v_starts || v_start::time;
    v_ends := v_ends || v_end::time;
    if v_start::time >= v_end::time or v_start::time < time '09:00' or v_end::time > time '18:00' then
      raise exception 'Block % (% to %) must start before it ends, within 09:00 to 18:00.', v_index, v_start, v_end
        using errcode = 'invalid_parameter_value', hint = 'availability_block_out_of_hours';
    end if;
  end loop;

  if exists (
    select 1
    from unnest(v_starts, v_ends) with ordinality as a(start_time, end_time, n)
    join unnest(v_starts, v_ends) with ordinality as b(start_time, end_time, n)
      on a.n < b.n and a.start_time < b.end_time and b.start_time < a.end_time
  ) then
    raise exception 'Blocks of one day must not overlap each other.'
      using errcode = 'invalid_parameter_value',
            hint = 'availability_blocks_overlap';
  end if;

  -- The day replaced only as the caller read it: a row added, removed or changed since is another
  -- desk's work, which this grid does not show and would undo.
  if array(
       select pg_catalog.format('%s %s %s', a.start_time, a.end_time, a.is_available)
         from public.dentist_availability a
        where a.dentist_id = p_dentist_id and a.specific_date = p_date
        order by 1
     ) is distinct from array(
       select pg_catalog.format('%s %s %s', (r.value ->> 'start_time')::time, (r.value ->> 'end_time')::time,
                                coalesce((r.value ->> 'is_available')::boolean, false))
         from jsonb_array_elements(p_read) as r(value)
        order by 1
     ) then
    raise exception 'The blocks of this day were changed elsewhere since they were read.'
      using errcode = 'PT409', hint = 'availability_changed';
  end if;

  -- A block never covers a live appointment, as a booking never lands in a block (slot_problem):
  -- the grid offers no booked hour, but a grid read before another desk booked it would.
  select c.timezone into v_time_zone from public.clinics c where c.id = v_clinic_id;
  if exists (
    select 1
      from public.appointments o
      join unnest(v_starts, v_ends) as b(start_time, end_time)
        on p_date + b.start_time < (o.appointment_time + interval '20 minutes') at time zone v_time_zone
       and p_date + b.end_time > o.appointment_time at time zone v_time_zone
     where o.dentist_id = p_dentist_id
       and not o.deleted
       and o.status <> 'Cancelled'
       and o.appointment_time >= (p_date - 1)::timestamp at time zone v_time_zone
       and o.appointment_time < (p_date + 1)::timestamp at time zone v_time_zone
  ) then
    raise exception 'A blocked time covers an appointment of this dentist.'
      using errcode = 'exclusion_violation', hint = 'availability_block_booked';
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

select private.setup_function('public.save_availability_day(bigint, date, jsonb, jsonb)', '{authenticated,service_role}',
  'Replaces the blocked periods of dentist p_dentist_id on p_date with p_blocks, a JSON array of '
  '{"start_time":"HH:MM","end_time":"HH:MM"} (inside 09:00-18:00, start before end, not overlapping); '
  'an empty array clears the day. p_read is the day''s rows as the caller read them '
  '([{"start_time","end_time","is_available"}], is_available false when left out): the day is replaced only '
  'while it is stored so. All or nothing. Returns the saved rows by start_time. Locks the dentist''s row '
  '(FOR NO KEY UPDATE), as the booking trigger does. Errors: 22023 invalid blocks, 22004 missing dentist or date, '
  'PT404 (HTTP 404) unknown dentist, 42501 not allowed, PT409 (HTTP 409, availability_changed) the day changed '
  'since it was read, 23P01 (availability_block_booked) a block over a live appointment.');

-- ---------------------------------------------------------------------------
-- delete_availability_block: the Blocked Periods table's Delete
-- ---------------------------------------------------------------------------
-- One block by id. A block not there is refused as a day changed since it was read
-- (availability_changed): deleted at another desk, or replaced by another desk's save of its day
-- (a save writes the day's blocks anew, under new ids), so the desk reads the day again rather than
-- be told 'Deleted!' of a block still standing. Another clinic's block is not there either. The
-- dentist's row is locked first, as
-- save_availability_day locks it: a save that read the day with this block waits, then finds it
-- gone and refuses rather than bring it back.
create function public.delete_availability_block(p_block_id bigint)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_browser constant boolean := private.is_browser_request();
  v_block public.dentist_availability;
begin
  if v_browser then
    perform private.require_permission(public.current_clinic_id(), 'dentists.manage',
      'Only the front desk can change dentist availability.', 'availability_forbidden');
  end if;
  select a.* into v_block from public.dentist_availability a where a.id = p_block_id;
  if not found or (v_browser and not public.can_access_clinic(v_block.clinic_id)) then
    raise exception 'The blocks of this day were changed elsewhere since they were read.'
      using errcode = 'PT409', hint = 'availability_changed';
  end if;
  perform 1 from public.dentists d where d.id = v_block.dentist_id for no key update;
  delete from public.dentist_availability a where a.id = p_block_id;
end;
$$;

select private.setup_function('public.delete_availability_block(bigint)', '{authenticated,service_role}',
  'Deletes the blocked period p_block_id (front desk of its clinic: dentists.manage). Locks the dentist''s row '
  '(FOR NO KEY UPDATE), as save_availability_day does. Errors: 42501 (availability_forbidden) not allowed, PT409 '
  '(HTTP 409, availability_changed) no such block of the clinic: deleted, or its day saved anew, since it was read.');

-- The read values with a default are the ones that may be null: a reason never stored, and a status
-- left out (a started appointment corrected where it is keeps its own).
create function public.update_appointment_as_read(
  p_appointment_id bigint,
  p_clinic_id bigint,
  p_dentist_id bigint,
  p_patient_id bigint,
  p_appointment_time timestamptz,
  p_reason text,
  p_read_dentist_id bigint,
  p_read_patient_id bigint,
  p_read_appointment_time timestamptz,
  p_read_status public.appointment_status,
  p_read_reason text default null,
  p_status public.appointment_status default null
)
returns table (id bigint, updated_at timestamptz)
language sql security invoker set search_path = '' as $$
  update public.appointments a
     set dentist_id = p_dentist_id,
         patient_id = p_patient_id,
         appointment_time = p_appointment_time,
         reason = p_reason,
         status = coalesce(p_status, a.status)
   where a.id = p_appointment_id
     and a.clinic_id = p_clinic_id
     and not a.deleted
     and a.dentist_id = p_read_dentist_id
     and a.patient_id = p_read_patient_id
     and a.appointment_time = p_read_appointment_time
     and a.status = p_read_status
     and a.reason is not distinct from p_read_reason
  returning a.id, a.updated_at
$$;

select private.setup_function(
  'public.update_appointment_as_read(bigint, bigint, bigint, bigint, timestamptz, text, bigint, bigint, timestamptz, '
  'public.appointment_status, text, public.appointment_status)',
  '{authenticated,service_role}',
  'Edit Appointment''s Save: sets dentist_id, patient_id, appointment_time, reason and status (p_status; null '
  'keeps the stored one) of appointment p_appointment_id of clinic p_clinic_id, only while it is not deleted and '
  'still holds the p_read_* values (p_read_reason null: no reason stored). Returns {id, updated_at} of the row '
  'written; none when it matched nothing (changed or deleted since it was read, or not the caller''s to write). '
  'Security invoker: row-level security and the booking triggers apply as to a PATCH of the table, with their '
  'codes (23P01 a refused slot, 23514 an unknown procedure, 42501 not allowed).');
