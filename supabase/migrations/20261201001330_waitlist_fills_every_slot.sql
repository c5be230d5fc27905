-- ============================================================================
-- The waitlist fills every freed slot. See docs/waitlist.md.
--
--   preferences          an entry may name its dentist or take any dentist
--                        (dentist_id null), and keep to some weekdays and a
--                        time window. waitlist_entry_fits_slot() is the one
--                        rule of which slot fits which entry: the queue
--                        trigger, the open-slot search and the service use it.
--   moved appointments   a live future appointment moved to another time or
--                        dentist frees its old slot like a cancellation.
--   latecomers           an entry that joins while a fitting slot is open
--                        (no booking rule refuses it: clinic_hours_problem()
--                        and slot_problem(), which the booking trigger uses
--                        too) queues the earliest such slot at once.
--   a booking moved      a patient who already holds a later booking of the
--                        entry's dentist (any dentist) is offered only earlier
--                        slots; taking one moves that booking (one update, so
--                        never two bookings), which frees the later slot.
-- ============================================================================

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

-- enforce_appointment_rules (the booking trigger, which asks slot_problem) and its trigger
-- live whole in 20261201001580_bookings_one_dentist_at_a_time.sql.

-- ---------------------------------------------------------------------------
-- waitlist_entries: any dentist, preferred weekdays and time window
-- ---------------------------------------------------------------------------
alter table public.waitlist_entries
  alter column dentist_id drop not null,
  add column preferred_weekdays integer[] check (
    preferred_weekdays is null or (
      array_ndims(preferred_weekdays) = 1
      and cardinality(preferred_weekdays) between 1 and 6
      and array_position(preferred_weekdays, null::integer) is null
      and 1 <= all (preferred_weekdays)
      and 6 >= all (preferred_weekdays)
    )
  ),
  add column preferred_from time,
  add column preferred_to time,
  add constraint waitlist_entries_time_window_check check (
    preferred_from is null or preferred_to is null or preferred_from < preferred_to
  );

comment on column public.waitlist_entries.dentist_id is 'The dentist the patient waits for; null: any dentist.';
comment on column public.waitlist_entries.preferred_weekdays is
  'ISO weekdays the patient can come (1 Monday … 6 Saturday); null: any day the clinic is open.';
comment on column public.waitlist_entries.preferred_from is
  'Clinic time the slot may start at the earliest; null: from opening.';
comment on column public.waitlist_entries.preferred_to is 'Clinic time the slot must end by; null: until closing.';

-- One open entry per patient and dentist, "any dentist" included: a second one would only get the
-- same offers twice. A database migrated before this file has an older index, dropped first.
drop index if exists public.waitlist_entries_one_open_idx;
create unique index waitlist_entries_one_open_idx on public.waitlist_entries (patient_id, dentist_id) nulls not distinct
  where status in ('waiting', 'offered');

grant insert (preferred_weekdays, preferred_from, preferred_to) on public.waitlist_entries to authenticated;

-- ---------------------------------------------------------------------------
-- Which booking taking an offer moves, and which slot fits which entry
-- ---------------------------------------------------------------------------
-- waitlist_booking_to_move is in 20261201001690_one_rule_for_booked_ahead.sql (by way of
-- 20261201001640_one_waitlist_booking_per_patient.sql: it also moves a booking the patient took
-- from another of their entries). waitlist_entry_fits_slot, which asks it, is there too.

-- ---------------------------------------------------------------------------
-- The queue: a slot may be open rather than freed by an appointment
-- ---------------------------------------------------------------------------
alter table public.waitlist_freed_slots
  alter column appointment_id drop not null,
  add column opened_for_entry_id bigint,
  add constraint waitlist_freed_slots_source_check check ((appointment_id is null) <> (opened_for_entry_id is null));

comment on column public.waitlist_freed_slots.appointment_id is
  'The cancelled, deleted or moved appointment that freed the slot; null for an open slot found for a new entry.';
comment on column public.waitlist_freed_slots.opened_for_entry_id is
  'The entry that joined while this slot was open (no foreign key, like appointment_id).';

-- Every queued slot wakes the service, however it was queued.
create function public.announce_waitlist_slot()
returns trigger language plpgsql set search_path = '' as $$
begin
  perform pg_catalog.pg_notify('waitlist_freed_slots', new.id::text);
  return null;
end;
$$;

select private.setup_function('public.announce_waitlist_slot()', '{service_role}');

create trigger waitlist_freed_slots_announce after insert on public.waitlist_freed_slots
  for each row execute function public.announce_waitlist_slot();

-- queue_waitlist_freed_slot (with its two triggers) is in
-- 20261201001690_one_rule_for_booked_ahead.sql: it asks private.is_booked_ahead.

-- ---------------------------------------------------------------------------
-- A latecomer: the earliest open slot that fits a new entry, queued at once
-- ---------------------------------------------------------------------------
create function public.earliest_open_slot(p_entry public.waitlist_entries)
returns table (dentist_id bigint, slot_time timestamptz)
language plpgsql stable security definer set search_path = '' as $$
declare
  v_time_zone text;
  v_today date;
  v_day date;
  v_minute integer;
  v_start timestamptz;
  v_dentist bigint;
begin
  select c.timezone into v_time_zone from public.clinics c where c.id = p_entry.clinic_id;
  v_today := (pg_catalog.now() at time zone v_time_zone)::date;
  for v_day in
    select d::date from pg_catalog.generate_series(
      greatest(p_entry.from_date, v_today)::timestamp, p_entry.to_date::timestamp, interval '1 day') d
  loop
    -- Every 20-minute start of the day; the booking rules say which the clinic keeps.
    for v_minute in select pg_catalog.generate_series(0, 24 * 60 - 20, 20) loop
      v_start := (v_day + pg_catalog.make_interval(mins => v_minute)) at time zone v_time_zone;
      continue when v_start <= pg_catalog.now() or public.clinic_hours_problem(v_start, v_time_zone) is not null;
      for v_dentist in
        select d.id from public.dentists d
         where d.clinic_id = p_entry.clinic_id and d.is_active and not d.deleted
           and (p_entry.dentist_id is null or d.id = p_entry.dentist_id)
         order by d.id
      loop
        if public.waitlist_entry_fits_slot(p_entry, v_dentist, v_start, v_time_zone)
           and public.slot_problem(v_dentist, v_start, v_time_zone) is null then
          dentist_id := v_dentist;
          slot_time := v_start;
          return next;
          return;
        end if;
      end loop;
    end loop;
  end loop;
end;
$$;

select private.setup_function('public.earliest_open_slot(public.waitlist_entries)', '{service_role}',
  'The earliest future slot (first by time, then by dentist id) that fits the entry and that no booking rule '
  'refuses (slot_problem): an open slot the entry can be offered; no row when there is none.');

create function public.queue_open_slot_for_entry()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  insert into public.waitlist_freed_slots (clinic_id, dentist_id, slot_time, opened_for_entry_id)
  select new.clinic_id, o.dentist_id, o.slot_time, new.id from public.earliest_open_slot(new) o;
  return null;
end;
$$;

select private.setup_function('public.queue_open_slot_for_entry()', '{service_role}',
  'Trigger: a new waiting entry for which a slot is open now queues the earliest one (earliest_open_slot) in '
  'waitlist_freed_slots, so the service offers it at once.');

create trigger waitlist_entries_queue_open_slot after insert on public.waitlist_entries
  for each row when (new.status = 'waiting')
  execute function public.queue_open_slot_for_entry();

-- ---------------------------------------------------------------------------
-- take_waitlist_offer (a booking the patient holds later is moved, not doubled) is in
-- 20261201001640_one_waitlist_booking_per_patient.sql.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- waitlist_entries_for_slot (the service's candidates for a queued slot, through the one fit rule)
-- is in 20261201001690_one_rule_for_booked_ahead.sql: one entry per patient.
-- ---------------------------------------------------------------------------
