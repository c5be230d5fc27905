-- ============================================================================
-- Patients and dentists: deleting them, and searching patients at scale.
--
--   delete_patient(p_patient_id)  soft-deletes a patient together with all their
--                                 appointments (the confirmation promises it).
--   delete_dentist(p_dentist_id)  hard delete, soft delete or "blocked" with the
--                                 future appointments, decided under a row lock
--                                 so a booking made meanwhile cannot slip in.
--   enforce_appointment_rules()   replaced: reads the dentist and the patient
--                                 FOR SHARE, which is what makes those locks
--                                 serialise a concurrent booking.
--   patient search indexes        trigram (pg_trgm) indexes for the
--                                 case-insensitive substring search.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- Booking rules, now locking the dentist and patient rows they read
-- ---------------------------------------------------------------------------
-- Unchanged from 20261121000300_booking.sql except for the two FOR SHARE.
-- Without them the trigger reads a snapshot: a booking could check "dentist
-- not deleted" just before delete_dentist soft-deletes the dentist and commit a
-- future appointment afterwards (the foreign key's own KEY SHARE lock does not
-- stop that, because soft delete does not change a key). FOR SHARE waits for a
-- delete_dentist or delete_patient in progress (they hold FOR UPDATE), then
-- reads the committed row: deleted or inactive refuses the booking, and a row
-- that is gone leaves the refusal to the foreign key (23503). Bookings do not
-- wait for each other (FOR SHARE locks are compatible). Lock order is always
-- dentist, then patient.
create or replace function public.enforce_appointment_rules()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_time_zone text;
  v_local_start timestamp;
  v_local_end timestamp;
  v_day date;
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
  select d.is_active, d.deleted into v_dentist_active, v_dentist_deleted
    from public.dentists d where d.id = new.dentist_id and d.clinic_id = new.clinic_id
    for share;
  select p.deleted into v_patient_deleted
    from public.patients p where p.id = new.patient_id and p.clinic_id = new.clinic_id
    for share;
  -- Unknown clinic, dentist or patient: the foreign keys refuse the row.
  if v_time_zone is null or v_dentist_active is null or v_patient_deleted is null then
    return new;
  end if;

  v_local_start := new.appointment_time at time zone v_time_zone;
  v_local_end := (new.appointment_time + interval '20 minutes') at time zone v_time_zone;
  v_day := v_local_start::date;

  if v_dentist_deleted then
    v_problem := 'dentist deleted';
  elsif not v_dentist_active then
    v_problem := 'dentist inactive';
  elsif v_patient_deleted then
    v_problem := 'patient deleted';
  elsif extract(isodow from v_local_start) = 7 then
    v_problem := 'closed on Sunday';
  elsif v_local_start < v_day + time '09:00' or v_local_end > v_day + time '18:00' then
    v_problem := 'outside clinic hours';
  elsif v_local_start < v_day + time '13:00' and v_local_end > v_day + time '12:00' then
    v_problem := 'lunch break';
  elsif exists (
    select 1
    from public.dentist_availability a
    where a.dentist_id = new.dentist_id
      and a.specific_date = v_day
      and not a.is_available
      and a.specific_date + a.start_time < v_local_end
      and a.specific_date + a.end_time > v_local_start
  ) then
    v_problem := 'blocked by dentist availability';
  elsif exists (
    select 1
    from public.appointments o
    where o.dentist_id = new.dentist_id
      and o.id <> new.id
      and not o.deleted
      and o.status <> 'Cancelled'
      and public.appointment_slot(o.appointment_time) && public.appointment_slot(new.appointment_time)
  ) then
    v_problem := 'overlaps another appointment';
  end if;

  if v_problem is not null then
    raise exception using
      errcode = 'exclusion_violation',
      message = 'This slot may already be taken or dentist is unavailable.',
      detail = v_problem;
  end if;
  return new;
end;
$$;

comment on function public.enforce_appointment_rules() is
  'Trigger: refuses live bookings outside 09:00-18:00 clinic time, in 12:00-13:00, on Sundays, in a blocked period, '
  'with an inactive or deleted dentist or a deleted patient, or overlapping another: SQLSTATE 23P01, message '
  '''This slot may already be taken or dentist is unavailable.'', detail names the rule. Runs on insert, and on '
  'update when dentist, patient or time change or the row becomes live again. Past times are allowed (history). '
  'Reads the dentist and patient FOR SHARE, so delete_dentist and delete_patient serialise with bookings.';

revoke execute on function public.enforce_appointment_rules() from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- delete_patient: soft-delete a patient and all their appointments
-- ---------------------------------------------------------------------------
-- security invoker: row-level security decides which patients and
-- appointments the caller may change (every staff role of the clinic may).
create function public.delete_patient(p_patient_id bigint)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_patient_id bigint;
  v_deleted_appointments integer;
begin
  if p_patient_id is null then
    raise exception 'A patient is required.' using errcode = 'null_value_not_allowed';
  end if;

  -- FOR UPDATE: a booking for this patient waits (the booking trigger reads
  -- the patient FOR SHARE) and then sees the patient deleted.
  select p.id into v_patient_id
    from public.patients p
   where p.id = p_patient_id and not p.deleted
     for update;
  if v_patient_id is null then
    raise exception 'Patient % not found; it may have been deleted.', p_patient_id using errcode = 'no_data_found';
  end if;

  with removed as (
    update public.appointments a
       set deleted = true
     where a.patient_id = v_patient_id and not a.deleted
    returning a.id
  )
  select count(*)::integer into v_deleted_appointments from removed;

  update public.patients p set deleted = true where p.id = v_patient_id;
  if not found then
    raise exception 'Patient % could not be deleted.', p_patient_id using errcode = 'insufficient_privilege';
  end if;

  return jsonb_build_object('deleted_appointments', v_deleted_appointments);
end;
$$;

comment on function public.delete_patient(bigint) is
  'Soft-deletes patient p_patient_id (deleted = true) and, in the same transaction, every appointment of theirs '
  'not yet deleted. Returns {"deleted_appointments": n}. Errors: P0002 when the caller cannot see the patient '
  '(other clinic, unknown, already deleted), 22004 without a patient.';

revoke execute on function public.delete_patient(bigint) from public, anon;
grant execute on function public.delete_patient(bigint) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- delete_dentist: hard delete, soft delete or blocked, decided atomically
-- ---------------------------------------------------------------------------
-- The spec's outcomes when Delete is clicked:
--   no appointments at all               -> hard delete   {"outcome":"hard_deleted"}
--   only past or closed appointments     -> deleted=true  {"outcome":"soft_deleted"}
--   a future appointment (time >= now,   -> no change     {"outcome":"blocked",
--   not deleted, Scheduled or Confirmed)                   "appointments":[...]}
-- The dentist row is locked FOR UPDATE first; a concurrent booking waits for
-- this transaction in the booking trigger and is then refused (soft delete:
-- 'dentist deleted'; hard delete: the foreign key, 23503). A booking already in
-- progress makes this function wait and then see the new appointment.
-- Availability blocks go with a hard delete (on delete cascade).
-- security invoker: row-level security applies to every read and write.
create function public.delete_dentist(p_dentist_id bigint)
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
  if public.is_browser_role() and not public.has_any_role(array['superadmin', 'admin', 'receptionist']) then
    raise exception 'Only the front desk can delete dentists.' using errcode = 'insufficient_privilege';
  end if;

  select d.id into v_dentist_id
    from public.dentists d
   where d.id = p_dentist_id and not d.deleted
     for update;
  if v_dentist_id is null then
    raise exception 'Dentist % not found; it may have been deleted.', p_dentist_id using errcode = 'no_data_found';
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

comment on function public.delete_dentist(bigint) is
  'Deletes dentist p_dentist_id as the spec decides: no appointments at all -> removed ({"outcome":"hard_deleted"}, '
  'availability blocks cascade); only past or closed ones -> deleted = true ({"outcome":"soft_deleted"}); any '
  'appointment at or after now, not deleted, Scheduled or Confirmed -> nothing changes ({"outcome":"blocked", '
  '"appointments":[{id, patient_name, status, appointment_time, reason}]} by time; patient_name null when the '
  'patient is deleted). Errors: 42501 unless superadmin/admin/receptionist, P0002 dentist not visible (other '
  'clinic, unknown, already deleted), 22004 without a dentist.';

revoke execute on function public.delete_dentist(bigint) from public, anon;
grant execute on function public.delete_dentist(bigint) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Patient search: case-insensitive substring of name, phone or messenger_id
-- ---------------------------------------------------------------------------
-- The Patients screen filters with ILIKE '%text%' on the three columns (OR).
-- A btree cannot serve a substring; trigram GIN indexes can, for text of three
-- characters or more. Partial like the list itself (deleted rows are hidden).
-- pg_trgm exists on hosted Supabase and on PostgreSQL; the local PGlite has it
-- only when the stack loads its contrib module, so the indexes are created
-- where the extension is available and left out otherwise (the search still
-- works, without the index). An existing pg_trgm in another schema is reused.
do $$
declare
  v_schema text;
begin
  if not exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_trgm') then
    raise notice 'pg_trgm is not available: patient search runs without trigram indexes.';
    return;
  end if;
  create extension if not exists pg_trgm with schema extensions;
  select n.nspname into v_schema
    from pg_catalog.pg_extension e
    join pg_catalog.pg_namespace n on n.oid = e.extnamespace
   where e.extname = 'pg_trgm';
  execute format(
    'create index if not exists patients_name_trgm_idx on public.patients using gin (name %I.gin_trgm_ops) where not deleted',
    v_schema
  );
  execute format(
    'create index if not exists patients_phone_trgm_idx on public.patients using gin (phone %I.gin_trgm_ops) where not deleted',
    v_schema
  );
  execute format(
    'create index if not exists patients_messenger_id_trgm_idx on public.patients '
    'using gin (messenger_id %I.gin_trgm_ops) where not deleted',
    v_schema
  );
end
$$;
