-- ============================================================================
-- Booking integrity and saving a day of availability.
--
-- One error for every refused booking, so the app can show one message:
--   SQLSTATE 23P01 (exclusion_violation; PostgREST answers HTTP 409)
--   message  'This slot may already be taken or dentist is unavailable.'
--   detail   which rule refused it (see public.enforce_appointment_rules).
-- The exclusion constraint appointments_no_overlap (schema migration) is the
-- race-proof backstop for overlaps; it raises 23P01 too, with Postgres' own
-- message naming the constraint.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- Appointment rules: clinic hours, lunch, Sundays, blocks, dentist, patient
-- ---------------------------------------------------------------------------
create function public.enforce_appointment_rules()
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
    from public.dentists d where d.id = new.dentist_id and d.clinic_id = new.clinic_id;
  select p.deleted into v_patient_deleted
    from public.patients p where p.id = new.patient_id and p.clinic_id = new.clinic_id;
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
  'update when dentist, patient or time change or the row becomes live again. Past times are allowed (history).';

create trigger appointments_enforce_booking_rules before insert or update on public.appointments
  for each row execute function public.enforce_appointment_rules();

revoke execute on function public.enforce_appointment_rules() from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- save_availability_day: replace one dentist's blocks for one date, atomically
-- ---------------------------------------------------------------------------
-- security invoker: row-level security decides whether the caller may touch
-- this dentist's availability; any error undoes the delete as well.
create function public.save_availability_day(p_dentist_id bigint, p_date date, p_blocks jsonb)
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
  if public.is_browser_role() and not public.has_any_role(array['superadmin', 'admin', 'receptionist']) then
    raise exception 'Only the front desk can change dentist availability.' using errcode = 'insufficient_privilege';
  end if;

  select d.clinic_id into v_clinic_id from public.dentists d where d.id = p_dentist_id;
  if v_clinic_id is null then
    raise exception 'Dentist % not found.', p_dentist_id using errcode = 'no_data_found';
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

comment on function public.save_availability_day(bigint, date, jsonb) is
  'Replaces the blocked periods of dentist p_dentist_id on p_date with p_blocks, a JSON array of '
  '{"start_time":"HH:MM","end_time":"HH:MM"} (inside 09:00-18:00, start before end, not overlapping); '
  'an empty array clears the day. All or nothing. Returns the saved rows by start_time. '
  'Errors: 22023 invalid blocks, 22004 missing dentist or date, P0002 unknown dentist, 42501 not allowed.';

revoke execute on function public.save_availability_day(bigint, date, jsonb) from public, anon;
grant execute on function public.save_availability_day(bigint, date, jsonb) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Change feed: on hosted Supabase, Realtime (postgres_changes) only streams
-- tables in the supabase_realtime publication. The notification service
-- listens to appointment changes. Elsewhere the publication does not exist.
-- ---------------------------------------------------------------------------
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
