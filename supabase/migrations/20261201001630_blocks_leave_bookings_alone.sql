-- ============================================================================
-- save_availability_day, moved here from
-- 20261201001580_bookings_one_dentist_at_a_time.sql: a day's blocks never
-- cover a live appointment. A booking was refused in a blocked period, but a
-- block was saved over a booking: a desk whose grid was read before another
-- desk booked the hour blocked it, and the dentist was shown off while a
-- patient was booked. The dentist's row is still locked first, as a booking
-- locks it, so the two are written one after the other.
-- ============================================================================

drop function if exists public.save_availability_day(bigint, date, jsonb);

create function public.save_availability_day(p_dentist_id bigint, p_date date, p_blocks jsonb)
returns setof public.dentist_availability language plpgsql security invoker set search_path = '' as $$
declare
  v_clinic_id bigint;
  v_time_zone text;
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

select private.setup_function('public.save_availability_day(bigint, date, jsonb)', '{authenticated,service_role}',
  'Replaces the blocked periods of dentist p_dentist_id on p_date with p_blocks, a JSON array of '
  '{"start_time":"HH:MM","end_time":"HH:MM"} (inside 09:00-18:00, start before end, not overlapping); '
  'an empty array clears the day. All or nothing. Returns the saved rows by start_time. Locks the dentist''s row '
  '(FOR NO KEY UPDATE), as the booking trigger does. Errors: 22023 invalid blocks, 22004 missing dentist or date, PT404 (HTTP 404) unknown dentist, 42501 not allowed, '
  '23P01 (availability_block_booked) a block over a live appointment.');
