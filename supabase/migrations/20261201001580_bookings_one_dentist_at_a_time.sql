-- ============================================================================
-- enforce_appointment_rules, moved here from
-- 20261201001330_waitlist_fills_every_slot.sql: bookings of one dentist are
-- checked one at a time. On PostgreSQL, bookings racing for one slot each
-- passed the overlap check (none saw the others, not yet committed), then
-- waited on each other in the exclusion constraint's check, and PostgreSQL
-- ended some with a deadlock (40P01) or a statement timeout instead of the
-- booking form's 'This slot may already be taken…' (23P01, slot_taken). The
-- trigger now locks the dentist's row, not only shares it; save_availability_day
-- (below) locks it too, so a booking never lands in a period blocked at the
-- same moment, and the later of two saves of a day replaces the earlier.
-- ============================================================================

drop function if exists public.enforce_appointment_rules() cascade;

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

-- ---------------------------------------------------------------------------
-- save_availability_day (which locks the dentist's row too, so a day's blocks and a booking of the
-- dentist are written one after the other) is in 20261201001840_availability_as_read.sql: it also
-- refuses a block over a live appointment, and a day changed since the caller read it.
-- ---------------------------------------------------------------------------
