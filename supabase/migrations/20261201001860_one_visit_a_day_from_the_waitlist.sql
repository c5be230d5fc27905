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
-- 20261201001690_one_rule_for_booked_ahead.sql.
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

-- take_waitlist_offer (which asks waitlist_patient_may_take) is in
-- 20261201001870_waitlist_take_waits_for_the_desk.sql: it locks the patient first, so a desk booking
-- of that date at the same moment is seen, not missed.
