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
create function public.waitlist_booking_to_move(p_entry public.waitlist_entries)
returns public.appointments language sql stable security definer set search_path = '' as $$
  select a.*
    from public.appointments a
   where a.patient_id = p_entry.patient_id and a.clinic_id = p_entry.clinic_id
     and (p_entry.dentist_id is null or a.dentist_id = p_entry.dentist_id)
     and not a.deleted and a.status in ('Scheduled', 'Confirmed')
     and a.appointment_time > pg_catalog.now()
   order by a.appointment_time, a.id
   limit 1
$$;

select private.setup_function('public.waitlist_booking_to_move(public.waitlist_entries)', '{service_role}',
  'The patient''s next live future booking with the entry''s dentist (any dentist when it names none): the one a '
  'taken offer moves to the earlier slot, or null.');

create function public.waitlist_entry_fits_slot(
  p_entry public.waitlist_entries, p_dentist_id bigint, p_slot_time timestamptz, p_time_zone text
)
returns boolean language sql stable security definer set search_path = '' as $$
  select (p_entry.dentist_id is null or p_entry.dentist_id = p_dentist_id)
     and (p_slot_time at time zone p_time_zone)::date between p_entry.from_date and p_entry.to_date
     and (p_entry.preferred_weekdays is null
          or extract(isodow from p_slot_time at time zone p_time_zone)::integer = any (p_entry.preferred_weekdays))
     and (p_entry.preferred_from is null or (p_slot_time at time zone p_time_zone)::time >= p_entry.preferred_from)
     and (p_entry.preferred_to is null
          or ((p_slot_time + interval '20 minutes') at time zone p_time_zone)::time <= p_entry.preferred_to)
     and coalesce((public.waitlist_booking_to_move(p_entry)).appointment_time > p_slot_time, true)
$$;

select private.setup_function('public.waitlist_entry_fits_slot(public.waitlist_entries, bigint, timestamptz, text)', '{service_role}',
  'Whether a slot of p_dentist_id at p_slot_time fits the entry: its dentist (or any), its dates (clinic dates, '
  'inclusive), weekdays and time window, and earlier than a booking the patient already holds.');

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

-- ---------------------------------------------------------------------------
-- A freed slot: cancelled, deleted or moved away from. Written once, for all three
-- (a database migrated before this file has an older one: dropped first, with its triggers).
-- ---------------------------------------------------------------------------
drop function if exists public.queue_waitlist_freed_slot() cascade;

create function public.queue_waitlist_freed_slot()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  v_time_zone text;
begin
  if old.deleted or old.status not in ('Scheduled', 'Confirmed') or old.appointment_time <= pg_catalog.now() then
    return null;
  end if;
  if tg_op = 'UPDATE'
     and not (new.deleted or new.status = 'Cancelled')
     and new.appointment_time = old.appointment_time and new.dentist_id = old.dentist_id then
    return null;
  end if;
  select c.timezone into v_time_zone from public.clinics c where c.id = old.clinic_id;
  if not exists (
    select 1 from public.waitlist_entries e
     where e.clinic_id = old.clinic_id and e.status = 'waiting'
       and public.waitlist_entry_fits_slot(e, old.dentist_id, old.appointment_time, v_time_zone)
  ) then
    return null;
  end if;
  insert into public.waitlist_freed_slots (clinic_id, dentist_id, slot_time, appointment_id)
  values (old.clinic_id, old.dentist_id, old.appointment_time, old.id);
  return null;
end;
$$;

select private.setup_function('public.queue_waitlist_freed_slot()', '{service_role}',
  'Trigger: a Scheduled or Confirmed future appointment that is cancelled, soft-deleted, removed or moved (another '
  'time or dentist) queues its old slot in waitlist_freed_slots (and notifies ''waitlist_freed_slots'') when a '
  'waiting entry fits it (waitlist_entry_fits_slot).');

create trigger appointments_queue_waitlist_freed_slot
  after update of status, deleted, appointment_time, dentist_id on public.appointments
  for each row when (
    (new.status = 'Cancelled' and old.status <> 'Cancelled')
    or (new.deleted and not old.deleted)
    or new.appointment_time <> old.appointment_time
    or new.dentist_id <> old.dentist_id
  )
  execute function public.queue_waitlist_freed_slot();

create trigger appointments_queue_waitlist_freed_slot_on_delete
  after delete on public.appointments
  for each row execute function public.queue_waitlist_freed_slot();

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
-- take_waitlist_offer: a booking the patient holds later is moved, not doubled
-- ---------------------------------------------------------------------------
drop function if exists public.take_waitlist_offer(bigint, bigint, text, text);

create function public.take_waitlist_offer(p_clinic_id bigint, p_offer_id bigint, p_psid text, p_mid text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  v_offer public.waitlist_offers;
  v_entry public.waitlist_entries;
  v_slot public.waitlist_freed_slots;
  v_booking public.appointments;
  v_outcome text;
  v_appointment_id bigint;
  v_moved_from timestamptz;
begin
  if public.is_browser_role() then
    raise exception 'Only the notification service books waitlist offers.'
      using errcode = 'insufficient_privilege',
            hint = 'waitlist_offer_service_only';
  end if;
  -- Audit trail: this change comes from a Messenger webhook event.
  perform pg_catalog.set_config('ngiti.audit_source', 'webhook', true);

  insert into public.waitlist_replies (mid, clinic_id, offer_id, psid, outcome)
  values (p_mid, p_clinic_id, p_offer_id, p_psid, 'ignored')
  on conflict (mid) do nothing;
  if not found then
    return jsonb_build_object('outcome', 'duplicate');
  end if;

  select o.* into v_offer from public.waitlist_offers o
   where o.id = p_offer_id and o.clinic_id = p_clinic_id and o.messenger_id = p_psid;
  if not found then
    return jsonb_build_object('outcome', 'ignored');
  end if;
  -- Every tap of one slot waits here for the one before it.
  select s.* into v_slot from public.waitlist_freed_slots s
   where s.id = v_offer.freed_slot_id and s.clinic_id = v_offer.clinic_id
   for update;
  select o.* into v_offer from public.waitlist_offers o where o.id = p_offer_id for update;
  select e.* into v_entry from public.waitlist_entries e where e.id = v_offer.entry_id for update;

  if v_offer.status = 'booked' then
    v_outcome := 'already_booked';
    v_appointment_id := v_offer.appointment_id;
  elsif v_offer.status = 'withdrawn' or v_entry.status = 'removed' then
    v_outcome := 'withdrawn';
  elsif v_slot.taken_offer_id is not null or v_offer.status = 'gone' then
    v_outcome := 'gone';
  elsif v_offer.status = 'expired' or v_offer.slot_time <= pg_catalog.now() then
    v_outcome := 'expired';
  else
    v_booking := public.waitlist_booking_to_move(v_entry);
    begin
      if v_booking.id is not null and v_booking.appointment_time > v_offer.slot_time then
        -- The booking itself moves (the booking rules and the exclusion
        -- constraint check it like any move); its old slot is queued onward.
        update public.appointments
           set appointment_time = v_offer.slot_time, dentist_id = v_slot.dentist_id
         where id = v_booking.id
        returning id into v_appointment_id;
        v_moved_from := v_booking.appointment_time;
      else
        insert into public.appointments (clinic_id, patient_id, dentist_id, appointment_time, status, booking_origin)
        values (v_entry.clinic_id, v_entry.patient_id, v_slot.dentist_id, v_offer.slot_time, 'Scheduled', 'waitlist')
        returning id into v_appointment_id;
      end if;
      v_outcome := 'booked';
    exception when exclusion_violation then
      v_outcome := 'gone';
      v_moved_from := null;
    end;
  end if;

  if v_outcome = 'booked' then
    update public.waitlist_offers
       set status = 'booked', appointment_id = v_appointment_id, answered_at = pg_catalog.now()
     where id = v_offer.id;
    update public.waitlist_entries
       set status = 'booked', booked_appointment_id = v_appointment_id
     where id = v_entry.id;
    update public.waitlist_freed_slots set taken_offer_id = v_offer.id where id = v_slot.id;
  end if;
  if v_outcome in ('booked', 'gone') then
    -- The slot is no longer free: every other open offer of it is gone, and
    -- their entries wait again.
    with ended as (
      update public.waitlist_offers o
         set status = 'gone', answered_at = case when o.id = v_offer.id then pg_catalog.now() else o.answered_at end
       where o.freed_slot_id = v_slot.id and o.status in ('sending', 'sent', 'failed')
       returning o.entry_id
    )
    update public.waitlist_entries e
       set status = 'waiting'
      from ended
     where e.id = ended.entry_id and e.status = 'offered';
  elsif v_outcome = 'expired' and v_offer.status in ('sending', 'sent', 'failed') then
    update public.waitlist_offers set status = 'expired', answered_at = pg_catalog.now() where id = v_offer.id;
    update public.waitlist_entries set status = 'waiting' where id = v_entry.id and status = 'offered';
  end if;

  update public.waitlist_replies set outcome = v_outcome::public.waitlist_reply_outcome where mid = p_mid;
  return jsonb_build_object(
    'outcome', v_outcome,
    'offer_id', v_offer.id,
    'entry_id', v_entry.id,
    'slot_time', v_offer.slot_time,
    'appointment_id', v_appointment_id,
    'moved_from', v_moved_from
  );
end;
$$;

select private.setup_function('public.take_waitlist_offer(bigint, bigint, text, text)', '{service_role}',
  'A ''Take this slot'' tap (service role only): records it by p_mid (a repeat answers {"outcome":"duplicate"}), '
  'then books the offer''s slot for its entry once: it moves the patient''s later booking there when they hold '
  'one (waitlist_booking_to_move; moved_from says from when, and that slot is queued onward), else inserts one. '
  'Outcomes: booked, already_booked, gone (taken or no longer free), expired (the slot started), withdrawn (the '
  'entry was removed), ignored (not this sender''s offer in this clinic). Sets ngiti.audit_source = webhook.');

-- ---------------------------------------------------------------------------
-- The service's candidates for a queued slot, through the one fit rule
-- ---------------------------------------------------------------------------
create function public.waitlist_entries_for_slot(p_freed_slot_id bigint)
returns table (entry_id bigint, messenger_id text)
language sql stable security definer set search_path = '' as $$
  select e.id, p.messenger_id
    from public.waitlist_freed_slots s
    join public.clinics c on c.id = s.clinic_id
    join public.waitlist_entries e on e.clinic_id = s.clinic_id and e.status = 'waiting'
    join public.patients p on p.id = e.patient_id and p.clinic_id = e.clinic_id
   where s.id = p_freed_slot_id
     and not p.deleted and pg_catalog.btrim(coalesce(p.messenger_id, '')) <> ''
     and public.waitlist_entry_fits_slot(e, s.dentist_id, s.slot_time, c.timezone)
   order by e.created_at, e.id
$$;

select private.setup_function('public.waitlist_entries_for_slot(bigint)', '{service_role}',
  'The waiting entries a queued slot is offered to, in waitlist order (created_at, id): the slot fits them '
  '(waitlist_entry_fits_slot) and their patient is live and has a Messenger id. Service role only.');
