-- ============================================================================
-- take_waitlist_offer, moved here whole from
-- 20261201001860_one_visit_a_day_from_the_waitlist.sql. It asked whether the
-- patient holds another visit on the slot's date, then booked; a desk booking
-- of that patient and date committing in between was not seen, and the patient
-- ended up with two visits that day from one tap. It now locks the slot's
-- dentist and the patient's row as a booking does (dentist first), but not
-- shared, before it asks: the two run one after the other. Its browser check
-- asks private.is_browser_request(): is_browser_role() is never true inside a
-- security definer function.
-- ============================================================================

drop function if exists public.take_waitlist_offer(bigint, bigint, text, text);

-- A booking the patient holds later is moved, not doubled; an offer of a slot no earlier than a
-- booking they took meanwhile, or on a date they were booked meanwhile, is gone, and once they
-- book, so are their other open offers of slots no earlier.
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
  -- Not is_browser_role(): in a security definer function current_user is the owner.
  if private.is_browser_request() then
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
    -- Locked as a booking locks them, dentist first, then the patient: not shared as a booking
    -- shares it, so a desk booking of this patient under way is committed before the question below
    -- is asked (and it sees that visit), and one begun meanwhile waits for this booking.
    perform 1 from public.dentists d where d.id = v_slot.dentist_id and d.clinic_id = v_slot.clinic_id
       for no key update;
    perform 1 from public.patients p where p.id = v_entry.patient_id and p.clinic_id = v_entry.clinic_id
       for no key update;
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
