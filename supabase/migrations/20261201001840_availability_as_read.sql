-- ============================================================================
-- save_availability_day, moved here from
-- 20261201001630_blocks_leave_bookings_alone.sql: a save replaces the day only
-- as the caller read it. It deleted every block of the date and inserted the
-- caller's grid, and the grid is read once: a desk that opened Dr. Cruz's
-- Monday before another desk blocked 15:00-17:00 (leave) removed that block
-- with its next save, unseen, and brought back a block the other desk had
-- removed. The caller now sends the day's rows as it read them (p_read); under
-- the dentist's lock the save refuses with PT409 (availability_changed) when
-- the day is stored otherwise, and the caller reads the day again.
--
-- Browsers wrote dentist_availability directly too (insert, update, delete):
-- a crafted request with a receptionist's token blocked a booked hour, which
-- only save_availability_day refused, and raced a booking without the
-- dentist's lock. Their grants and write policies are gone; the table is
-- written through save_availability_day and delete_availability_block (new:
-- the Blocked Periods table's Delete), both security definer.
-- ============================================================================

-- Whether the request runs as a browser (anon or authenticated). is_browser_role() asks for
-- current_user, which a security definer function replaces with its owner; the role the request
-- set stays.
create function private.is_browser_request()
returns boolean language sql stable set search_path = '' as $$
  select pg_catalog.current_setting('role') in ('anon', 'authenticated')
$$;

select private.setup_function('private.is_browser_request()', '{}');

-- ---------------------------------------------------------------------------
-- save_availability_day
-- ---------------------------------------------------------------------------

drop function if exists public.save_availability_day(bigint, date, jsonb);

-- Security definer: browsers may not write the table. A browser needs dentists.manage and finds only
-- its clinic's dentists (as row-level security had it); the service and the owner are trusted.
create function public.save_availability_day(p_dentist_id bigint, p_date date, p_blocks jsonb, p_read jsonb)
returns setof public.dentist_availability language plpgsql security definer set search_path = '' as $$
declare
  v_browser constant boolean := private.is_browser_request();
  v_clinic_id bigint;
  v_time_zone text;
  v_block jsonb;
  v_index bigint;
  v_start text;
  v_end text;
  v_starts time[] := '{}';
  v_ends time[] := '{}';
  v_time constant text := '^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$';
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
  if p_read is null or jsonb_typeof(p_read) <> 'array' or exists (
    select 1
      from jsonb_array_elements(p_read) as r(value)
     where jsonb_typeof(r.value) <> 'object'
        or coalesce(r.value ->> 'start_time', '') !~ v_time
        or coalesce(r.value ->> 'end_time', '') !~ v_time
        or jsonb_typeof(coalesce(r.value -> 'is_available', 'false')) <> 'boolean'
  ) then
    raise exception 'p_read must be the day''s rows as read: an array of {start_time, end_time, is_available}.'
      using errcode = 'invalid_parameter_value',
            hint = 'availability_blocks_invalid';
  end if;
  if v_browser then
    perform private.require_permission(public.current_clinic_id(), 'dentists.manage',
      'Only the front desk can change dentist availability.', 'availability_forbidden');
  end if;

  -- The dentist's row locked, as the booking trigger locks it: a booking waits for the day being
  -- saved and then sees its blocks, and of two saves of one dentist the later waits for the earlier
  -- and then compares the day with what it read (both at once, the second's rows ran into the
  -- first's in the exclusion constraint).
  select d.clinic_id into v_clinic_id
    from public.dentists d
   where d.id = p_dentist_id and (not v_browser or public.can_access_clinic(d.clinic_id))
     for no key update;
  if v_clinic_id is null then
    raise exception 'Dentist % not found.', p_dentist_id using errcode = 'PT404', hint = 'dentist_not_found';
  end if;

  for v_block, v_index in select b.value, b.ordinality from jsonb_array_elements(p_blocks) with ordinality as b loop
    v_start := case when jsonb_typeof(v_block) = 'object' then v_block ->> 'start_time' end;
    v_end := case when jsonb_typeof(v_block) = 'object' then v_block ->> 'end_time' end;
    if v_start is null or v_end is null or v_start !~ v_time or v_end !~ v_time then
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

  -- The day replaced only as the caller read it: a row added, removed or changed since is another
  -- desk's work, which this grid does not show and would undo.
  if array(
       select pg_catalog.format('%s %s %s', a.start_time, a.end_time, a.is_available)
         from public.dentist_availability a
        where a.dentist_id = p_dentist_id and a.specific_date = p_date
        order by 1
     ) is distinct from array(
       select pg_catalog.format('%s %s %s', (r.value ->> 'start_time')::time, (r.value ->> 'end_time')::time,
                                coalesce((r.value ->> 'is_available')::boolean, false))
         from jsonb_array_elements(p_read) as r(value)
        order by 1
     ) then
    raise exception 'The blocks of this day were changed elsewhere since they were read.'
      using errcode = 'PT409', hint = 'availability_changed';
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

select private.setup_function('public.save_availability_day(bigint, date, jsonb, jsonb)', '{authenticated,service_role}',
  'Replaces the blocked periods of dentist p_dentist_id on p_date with p_blocks, a JSON array of '
  '{"start_time":"HH:MM","end_time":"HH:MM"} (inside 09:00-18:00, start before end, not overlapping); '
  'an empty array clears the day. p_read is the day''s rows as the caller read them '
  '([{"start_time","end_time","is_available"}], is_available false when left out): the day is replaced only '
  'while it is stored so. All or nothing. Returns the saved rows by start_time. Locks the dentist''s row '
  '(FOR NO KEY UPDATE), as the booking trigger does. Errors: 22023 invalid blocks, 22004 missing dentist or date, '
  'PT404 (HTTP 404) unknown dentist, 42501 not allowed, PT409 (HTTP 409, availability_changed) the day changed '
  'since it was read, 23P01 (availability_block_booked) a block over a live appointment.');

-- ---------------------------------------------------------------------------
-- delete_availability_block: the Blocked Periods table's Delete
-- ---------------------------------------------------------------------------
-- One block by id. A block not there is refused as a day changed since it was read
-- (availability_changed): deleted at another desk, or replaced by another desk's save of its day
-- (a save writes the day's blocks anew, under new ids), so the desk reads the day again rather than
-- be told 'Deleted!' of a block still standing. Another clinic's block is not there either. The
-- dentist's row is locked first, as
-- save_availability_day locks it: a save that read the day with this block waits, then finds it
-- gone and refuses rather than bring it back.
create function public.delete_availability_block(p_block_id bigint)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_browser constant boolean := private.is_browser_request();
  v_block public.dentist_availability;
begin
  if v_browser then
    perform private.require_permission(public.current_clinic_id(), 'dentists.manage',
      'Only the front desk can change dentist availability.', 'availability_forbidden');
  end if;
  select a.* into v_block from public.dentist_availability a where a.id = p_block_id;
  if not found or (v_browser and not public.can_access_clinic(v_block.clinic_id)) then
    raise exception 'The blocks of this day were changed elsewhere since they were read.'
      using errcode = 'PT409', hint = 'availability_changed';
  end if;
  perform 1 from public.dentists d where d.id = v_block.dentist_id for no key update;
  delete from public.dentist_availability a where a.id = p_block_id;
end;
$$;

select private.setup_function('public.delete_availability_block(bigint)', '{authenticated,service_role}',
  'Deletes the blocked period p_block_id (front desk of its clinic: dentists.manage). Locks the dentist''s row '
  '(FOR NO KEY UPDATE), as save_availability_day does. Errors: 42501 (availability_forbidden) not allowed, PT409 '
  '(HTTP 409, availability_changed) no such block of the clinic: deleted, or its day saved anew, since it was read.');

-- ---------------------------------------------------------------------------
-- dentist_availability: written through the two functions above only
-- ---------------------------------------------------------------------------
revoke insert, update, delete on public.dentist_availability from authenticated;
drop policy "Front desk can add availability blocks in their clinic" on public.dentist_availability;
drop policy "Front desk can update availability blocks of their clinic" on public.dentist_availability;
drop policy "Front desk can delete availability blocks of their clinic" on public.dentist_availability;

comment on table public.dentist_availability is
  'Periods of one day, in clinic local time, in which a dentist cannot be booked (is_available = false). '
  'Browsers read it and write it through save_availability_day and delete_availability_block only.';
