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
-- save_availability_day, moved here from 20261201000400_scheduling.sql: it
-- locks the dentist's row too, so a day's blocks and a booking of the dentist
-- are written one after the other.
-- ---------------------------------------------------------------------------
drop function if exists public.save_availability_day(bigint, date, jsonb);

create function public.save_availability_day(p_dentist_id bigint, p_date date, p_blocks jsonb)
returns setof public.dentist_availability language plpgsql security invoker set search_path = '' as $$
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
    raise exception 'Dentist and date required!'
      using errcode = 'null_value_not_allowed',
            hint = 'availability_day_required';
  end if;
  if p_blocks is null or jsonb_typeof(p_blocks) <> 'array' then
    raise exception 'p_blocks must be an array of {start_time, end_time}.'
      using errcode = 'invalid_parameter_value',
            hint = 'availability_blocks_invalid';
  end if;
  if public.is_browser_role() then
    perform private.require_permission(public.current_clinic_id(), 'dentists.manage',
      'Only the front desk can change dentist availability.', 'availability_forbidden');
  end if;

  -- The dentist's row locked, as the booking trigger locks it: a booking waits for the day being
  -- saved and then sees its blocks, and of two saves of one dentist the later replaces the earlier
  -- (both at once, the second's rows ran into the first's in the exclusion constraint).
  select d.clinic_id into v_clinic_id from public.dentists d where d.id = p_dentist_id for no key update;
  if v_clinic_id is null then
    raise exception 'Dentist % not found.', p_dentist_id using errcode = 'PT404', hint = 'dentist_not_found';
  end if;

  for v_block, v_index in select b.value, b.ordinality from jsonb_array_elements(p_blocks) with ordinality as b loop
    v_start := case when jsonb_typeof(v_block) = 'object' then v_block ->> 'start_time' end;
    v_end := case when jsonb_typeof(v_block) = 'object' then v_block ->> 'end_time' end;
    if v_start is null or v_end is null
       or v_start !~ '^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$'
       or v_end !~ '^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$' then
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

select private.setup_function('public.save_availability_day(bigint, date, jsonb)', '{authenticated,service_role}',
  'Replaces the blocked periods of dentist p_dentist_id on p_date with p_blocks, a JSON array of '
  '{"start_time":"HH:MM","end_time":"HH:MM"} (inside 09:00-18:00, start before end, not overlapping); '
  'an empty array clears the day. All or nothing. Returns the saved rows by start_time. Locks the dentist''s row '
  '(FOR NO KEY UPDATE), as the booking trigger does. Errors: 22023 invalid blocks, 22004 missing dentist or date, PT404 (HTTP 404) unknown dentist, 42501 not allowed.');
