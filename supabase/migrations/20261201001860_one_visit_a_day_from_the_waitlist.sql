-- ============================================================================
-- A waitlist offer could book a patient beside their own live appointment
-- that day with another dentist (even at the same time): the fit rule and
-- take_waitlist_offer looked only at the booking an offer would move, which
-- is with the entry's dentist. The booking form never allows a second visit
-- on one date (the spec's Double Booking warning: the desk edits the existing
-- one instead); a Messenger tap cannot ask that question, so the waitlist
-- keeps to one visit a clinic date. waitlist_patient_may_take says it once,
-- with the rule it joins (earlier than the booking a take would move): the
-- fit rule offers no such slot, and a tap after the desk booked the patient
-- that day meanwhile answers 'gone' for that offer alone, leaving the slot
-- free for the others. waitlist_entry_fits_slot and
-- waitlist_entries_for_slot (whose body names it) moved here whole from
-- 20261201001690_one_rule_for_booked_ahead.sql, take_waitlist_offer from
-- 20261201001640_one_waitlist_booking_per_patient.sql.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- Whether a slot is the patient's to take: what they already hold, asked by the fit rule and the tap
-- ---------------------------------------------------------------------------
-- Earlier than the booking taking it would move (waitlist_booking_to_move), and no other visit on
-- the slot's clinic date: an appointment live as the exclusion constraint reads it (not deleted,
-- not Cancelled; a Completed or No Show visit that day counts), at any time, with any dentist. The
-- booking to move is not another visit: it is the one that goes to the slot.
create function public.waitlist_patient_may_take(
  p_entry public.waitlist_entries, p_slot_time timestamptz, p_time_zone text
)
returns boolean language sql stable security definer set search_path = '' as $$
  select coalesce(m.appointment_time > p_slot_time, true)
     and not exists (
       select 1
         from public.appointments a
        where a.patient_id = p_entry.patient_id and a.clinic_id = p_entry.clinic_id
          and a.appointment_time >= (p_slot_time at time zone p_time_zone)::date::timestamp at time zone p_time_zone
          and a.appointment_time < ((p_slot_time at time zone p_time_zone)::date + 1)::timestamp at time zone p_time_zone
          and not a.deleted and a.status <> 'Cancelled'
          and a.id is distinct from m.id
     )
    from public.waitlist_booking_to_move(p_entry) m
$$;

select private.setup_function('public.waitlist_patient_may_take(public.waitlist_entries, timestamptz, text)',
  '{service_role}',
  'Whether the entry''s patient may take a slot at p_slot_time, given what they hold: it is earlier than the booking '
  'a taken offer would move (waitlist_booking_to_move), and they hold no other appointment (not deleted, not '
  'Cancelled, any dentist) on its clinic date, as the booking form allows one visit a date.');

-- ---------------------------------------------------------------------------
-- The fit rule, and whom a queued slot is offered to
-- ---------------------------------------------------------------------------
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
     and public.waitlist_patient_may_take(p_entry, p_slot_time, p_time_zone)
$$;

select private.setup_function('public.waitlist_entry_fits_slot(public.waitlist_entries, bigint, timestamptz, text)', '{service_role}',
  'Whether a slot of p_dentist_id at p_slot_time fits the entry: its dentist (or any), its dates (clinic dates, '
  'inclusive), weekdays and time window, and the patient may take it (waitlist_patient_may_take): earlier than a '
  'booking they already hold, on a date they hold no other visit.');

create function public.waitlist_entries_for_slot(p_freed_slot_id bigint)
returns table (entry_id bigint, messenger_id text)
language sql stable security definer set search_path = '' as $$
  -- A patient whose open entries both fit (one for the dentist, one for any) is offered the slot
  -- once, for the first of them.
  select f.id, f.messenger_id
    from (
      select distinct on (e.patient_id) e.id, e.created_at, p.messenger_id
        from public.waitlist_freed_slots s
        join public.clinics c on c.id = s.clinic_id
        join public.waitlist_entries e on e.clinic_id = s.clinic_id and e.status = 'waiting'
        join public.patients p on p.id = e.patient_id and p.clinic_id = e.clinic_id
       where s.id = p_freed_slot_id
         and not p.deleted and pg_catalog.btrim(coalesce(p.messenger_id, '')) <> ''
         and public.waitlist_entry_fits_slot(e, s.dentist_id, s.slot_time, c.timezone)
       order by e.patient_id, e.created_at, e.id
    ) f
   order by f.created_at, f.id
$$;

select private.setup_function('public.waitlist_entries_for_slot(bigint)', '{service_role}',
  'The waiting entries a queued slot is offered to, in waitlist order (created_at, id): the slot fits them '
  '(waitlist_entry_fits_slot) and their patient is live and has a Messenger id; one per patient, their first. '
  'Service role only.');

-- ---------------------------------------------------------------------------
-- take_waitlist_offer: a booking the patient holds later is moved, not doubled; an offer of a
-- slot no earlier than a booking they took meanwhile, or on a date they were booked meanwhile, is
-- gone, and once they book, so are their other open offers of slots no earlier.
-- ---------------------------------------------------------------------------
create function public.take_waitlist_offer(p_clinic_id bigint, p_offer_id bigint, p_psid text, p_mid text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  v_offer public.waitlist_offers;
  v_entry public.waitlist_entries;
  v_slot public.waitlist_freed_slots;
  v_booking public.appointments;
  v_outcome text;
  -- The tap ends this offer only: the slot stays free for the others offered it.
  v_this_offer_only boolean := false;
  v_appointment_id bigint;
  v_moved_from timestamptz;
  v_time_zone text;
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
  elsif v_slot.taken_offer_id is not null then
    v_outcome := 'gone';
  elsif v_offer.status = 'gone' then
    -- Ended when the slot was booked otherwise (every offer of it ended then), or when the patient
    -- booked an earlier slot (theirs alone).
    v_outcome := 'gone';
    v_this_offer_only := true;
  elsif v_offer.status = 'expired' or v_offer.slot_time <= pg_catalog.now() then
    v_outcome := 'expired';
  else
    select c.timezone into v_time_zone from public.clinics c where c.id = v_entry.clinic_id;
    if not public.waitlist_patient_may_take(v_entry, v_offer.slot_time, v_time_zone) then
      -- Since this offer went out the patient took an earlier slot (from another of their entries),
      -- or the desk booked them a visit that date: a second booking is not theirs to take. The slot
      -- stays free for the others.
      v_outcome := 'gone';
      v_this_offer_only := true;
    else
      v_booking := public.waitlist_booking_to_move(v_entry);
      begin
        if v_booking.id is not null then
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
  end if;

  if v_outcome = 'booked' then
    update public.waitlist_offers
       set status = 'booked', appointment_id = v_appointment_id, answered_at = pg_catalog.now()
     where id = v_offer.id;
    update public.waitlist_entries
       set status = 'booked', booked_appointment_id = v_appointment_id
     where id = v_entry.id;
    update public.waitlist_freed_slots set taken_offer_id = v_offer.id where id = v_slot.id;
    -- The patient's other open offers of this slot or later ones are no longer theirs to take
    -- (the fit rule offers only earlier slots than a booking they hold): those entries wait again.
    with ended as (
      update public.waitlist_offers o
         set status = 'gone'
        from public.waitlist_entries e
       where e.id = o.entry_id and e.patient_id = v_entry.patient_id and e.clinic_id = v_entry.clinic_id
         and o.id <> v_offer.id and o.status in ('sending', 'sent', 'failed') and o.slot_time >= v_offer.slot_time
      returning o.entry_id
    )
    update public.waitlist_entries e
       set status = 'waiting'
      from ended
     where e.id = ended.entry_id and e.status = 'offered';
  end if;
  if v_this_offer_only then
    update public.waitlist_offers set status = 'gone', answered_at = coalesce(answered_at, pg_catalog.now())
     where id = v_offer.id;
    update public.waitlist_entries set status = 'waiting' where id = v_entry.id and status = 'offered';
  elsif v_outcome in ('booked', 'gone') then
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
  'Outcomes: booked, already_booked, gone (taken or no longer free, or the patient now holds an earlier booking '
  'or another visit that date: then only this offer ends), expired (the slot started), withdrawn (the '
  'entry was removed), ignored (not this sender''s offer in this clinic). Sets ngiti.audit_source = webhook.');
