-- ============================================================================
-- "A live appointment ahead" (not deleted, Scheduled or Confirmed, not before
-- now) was written out in six functions: the recall list, the two triggers
-- that book a patient's recall request, the waitlist's booking to move, the
-- freed-slot trigger and the dentist delete, one of them with '>' where the
-- others read '>='. It is now private.is_booked_ahead, and those six moved
-- here whole from the files that point to this one, each asking it.
-- ============================================================================

-- Whether an appointment holds its slot ahead of p_now: not deleted, Scheduled or Confirmed, and
-- not before p_now (the spec's "future appointment" of a dentist delete). A one-expression SQL
-- function without SET, so the planner inlines it into the caller's query: the appointments'
-- time indexes still serve "appointment_time >= p_now". Callers fix their own search_path.
create function private.is_booked_ahead(p_appointment public.appointments, p_now timestamptz)
returns boolean language sql immutable as $$
  select not p_appointment.deleted
     and p_appointment.status in ('Scheduled', 'Confirmed')
     and p_appointment.appointment_time >= p_now
$$;

select private.setup_function('private.is_booked_ahead(public.appointments, timestamptz)', '{authenticated,service_role}');

-- ---------------------------------------------------------------------------
-- A patient's open recall request, booked by an appointment ahead or made while one is held
-- ---------------------------------------------------------------------------
-- security definer: whoever books (front desk, or the service), the patient's
-- open request is answered; only rows of the appointment's own patient change.
create function public.close_recall_requests_on_booking()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if private.is_booked_ahead(new, pg_catalog.now()) then
    update public.recall_requests
       set status = 'booked'
     where clinic_id = new.clinic_id and patient_id = new.patient_id and status = 'open';
  end if;
  return null;
end;
$$;

select private.setup_function('public.close_recall_requests_on_booking()', '{service_role}',
  'Trigger: an appointment booked ahead for a patient marks their open booking request booked.');

create trigger appointments_close_recall_requests after insert on public.appointments
  for each row execute function public.close_recall_requests_on_booking();

create function public.book_recall_request_if_booked_ahead()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if exists (
    select 1
      from public.appointments a
     where a.clinic_id = new.clinic_id and a.patient_id = new.patient_id
       and private.is_booked_ahead(a, pg_catalog.now())
  ) then
    new.status := 'booked';
    new.handled_at := pg_catalog.now();
  end if;
  return new;
end;
$$;

select private.setup_function('public.book_recall_request_if_booked_ahead()', '{service_role}',
  'Trigger: a booking request of a patient who already holds a live appointment ahead is booked when made '
  '(as close_recall_requests_on_booking books it when the appointment comes later).');

create trigger recall_requests_booked_ahead before insert on public.recall_requests
  for each row execute function public.book_recall_request_if_booked_ahead();

-- ---------------------------------------------------------------------------
-- The due list: set-based (one pass over the clinic's Completed appointments,
-- one range scan of its bookings ahead), not a lookup per patient.
-- ---------------------------------------------------------------------------

create function public.recall_list(p_clinic_id bigint, p_now timestamptz default now())
returns table (
  patient_id bigint,
  patient_name text,
  patient_phone text,
  has_messenger_id boolean,
  last_appointment_id bigint,
  last_visit_at timestamptz,
  last_visit_date date,
  last_procedure text,
  dentist_name text,
  due_date date,
  overdue_days integer,
  last_recall_at timestamptz,
  last_recall_outcome text,
  last_recall_error text,
  recalled_until timestamptz
) language sql stable security invoker set search_path = '' as $$
  with clinic as (
    select c.id, c.timezone, c.recall_interval_months, (p_now at time zone c.timezone)::date as today
      from public.clinics c
     where c.id = p_clinic_id
  ),
  last_visit as (
    select distinct on (a.patient_id) a.patient_id, a.id, a.appointment_time, a.reason, a.dentist_id
      from public.appointments a
      join clinic k on a.clinic_id = k.id
     where a.status = 'Completed' and not a.deleted and a.appointment_time <= p_now
     order by a.patient_id, a.appointment_time desc, a.id desc
  ),
  due as (
    select v.*,
           (v.appointment_time at time zone k.timezone)::date as visit_date,
           ((v.appointment_time at time zone k.timezone)::date
             + pg_catalog.make_interval(months => k.recall_interval_months))::date as due_date
      from last_visit v
      cross join clinic k
  ),
  booked_ahead as (
    select distinct f.patient_id
      from public.appointments f
      join clinic k on f.clinic_id = k.id
     where private.is_booked_ahead(f, p_now)
  ),
  last_recall as (
    select distinct on (r.patient_id) r.patient_id, r.created_at, r.outcome, r.error
      from public.recall_messages r
      join clinic k on r.clinic_id = k.id
     order by r.patient_id, r.created_at desc, r.id desc
  ),
  waiting as (
    select distinct w.patient_id
      from public.waitlist_entries w
      join clinic k on w.clinic_id = k.id
     where w.status in ('waiting', 'offered') and w.to_date >= k.today
  ),
  blocked as (
    select r.patient_id, max(r.blocked_until) as until
      from public.recall_messages r
      join clinic k on r.clinic_id = k.id
     where r.blocked_until > p_now
       and (r.outcome = 'sent' or (r.outcome = 'pending' and not public.recall_claim_is_stale(r.created_at, p_now)))
     group by r.patient_id
  )
  select p.id,
         p.name,
         p.phone,
         p.messenger_id is not null,
         d.id,
         d.appointment_time,
         d.visit_date,
         d.reason,
         dn.name,
         d.due_date,
         k.today - d.due_date,
         lr.created_at,
         o.outcome::text,
         o.error,
         b.until
    from due d
    cross join clinic k
    join public.patients p on p.id = d.patient_id and p.clinic_id = k.id and not p.deleted
    join public.dentists dn on dn.id = d.dentist_id and dn.clinic_id = k.id
    left join last_recall lr on lr.patient_id = d.patient_id
    left join lateral private.recall_outcome_as_of(lr.outcome, lr.error, lr.created_at, p_now) o on true
    left join blocked b on b.patient_id = d.patient_id
   where d.due_date <= k.today
     and not exists (select 1 from booked_ahead x where x.patient_id = d.patient_id)
     and not exists (select 1 from waiting w where w.patient_id = d.patient_id)
   order by d.due_date, p.name, p.id
$$;

select private.setup_function('public.recall_list(bigint, timestamptz)', '{authenticated,service_role}',
  'Patients of the clinic due for a check-up at p_now: last Completed appointment at least recall_interval_months '
  'ago in the clinic calendar, no live Scheduled/Confirmed appointment ahead and no waitlist entry still waiting '
  'or offered. With the phone, for patients without Messenger. A send cut off before Messenger answered (a pending '
  'recall older than recall_claim_is_stale) reads as failed and blocks nothing. Most overdue first. Security '
  'invoker: RLS decides what the caller sees.');

-- ---------------------------------------------------------------------------
-- The waitlist: the booking a taken offer moves, whether a slot fits an entry, and whom a
-- queued slot is offered to
-- ---------------------------------------------------------------------------
create function public.waitlist_booking_to_move(p_entry public.waitlist_entries)
returns public.appointments language sql stable security definer set search_path = '' as $$
  select a.*
    from public.appointments a
   where a.patient_id = p_entry.patient_id and a.clinic_id = p_entry.clinic_id
     and (p_entry.dentist_id is null or a.dentist_id = p_entry.dentist_id
          -- A booking taken from another of the patient's entries (e.g. one for any dentist).
          or exists (select 1 from public.waitlist_entries w
                      where w.booked_appointment_id = a.id and w.clinic_id = a.clinic_id))
     and private.is_booked_ahead(a, pg_catalog.now())
   order by a.appointment_time, a.id
   limit 1
$$;

select private.setup_function('public.waitlist_booking_to_move(public.waitlist_entries)', '{service_role}',
  'The patient''s next live future booking with the entry''s dentist (any dentist when it names none), or taken '
  'from another of their waitlist entries: the one a taken offer moves to the earlier slot, or null.');

-- waitlist_entry_fits_slot and waitlist_entries_for_slot are in
-- 20261201001860_one_visit_a_day_from_the_waitlist.sql: a patient is offered no second visit a day.

-- ---------------------------------------------------------------------------
-- A freed slot: cancelled, deleted or moved away from. Written once, for all three
-- (a database migrated before this file has an older one: dropped first, with its triggers).
-- ---------------------------------------------------------------------------
create function public.queue_waitlist_freed_slot()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  v_time_zone text;
begin
  if not private.is_booked_ahead(old, pg_catalog.now()) then
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
-- delete_dentist: a dentist with future appointments is not deleted; they are listed
-- ---------------------------------------------------------------------------
create function public.delete_dentist(p_dentist_id bigint)
returns jsonb language plpgsql security invoker set search_path = '' as $$
declare
  v_dentist_id bigint;
  v_future jsonb;
  v_outcome text;
  v_state text;
  v_message text;
begin
  if p_dentist_id is null then
    raise exception 'A dentist is required.'
      using errcode = 'null_value_not_allowed',
            hint = 'dentist_required';
  end if;
  -- Checked first: for a dentist account the row would otherwise just look
  -- missing (SELECT ... FOR UPDATE applies the update policy).
  if public.is_browser_role() then
    perform private.require_permission(public.current_clinic_id(), 'dentists.manage',
      'Only the front desk can delete dentists.', 'dentist_delete_forbidden');
  end if;

  v_dentist_id := private.lock_live_row('public.dentists', p_dentist_id, 'dentist', 'dentist_not_found');

  -- The patient's name is null ('Unknown' on screen) when the patient is
  -- soft-deleted: the screens only know patients that are not deleted.
  select coalesce(
           jsonb_agg(
             jsonb_build_object(
               'id', a.id,
               'patient_name', p.name,
               'status', a.status,
               'appointment_time', a.appointment_time,
               'reason', a.reason
             )
             order by a.appointment_time, a.id
           ),
           '[]'::jsonb
         )
    into v_future
    from public.appointments a
    left join public.patients p on p.id = a.patient_id and p.clinic_id = a.clinic_id and not p.deleted
   where a.dentist_id = v_dentist_id
     and private.is_booked_ahead(a, pg_catalog.now());

  if jsonb_array_length(v_future) > 0 then
    return jsonb_build_object('outcome', 'blocked', 'appointments', v_future);
  end if;

  v_outcome := case when exists (select 1 from public.appointments a where a.dentist_id = v_dentist_id)
                    then 'soft_deleted' else 'hard_deleted' end;
  -- The update or the delete itself may still be refused (row-level security, a trigger, a key):
  -- the refusal keeps its SQLSTATE and says which of the two it refused, since the spec words them
  -- apart ('Error soft deleting dentist.', 'Error deleting dentist.').
  begin
    if v_outcome = 'soft_deleted' then
      update public.dentists d set deleted = true where d.id = v_dentist_id;
    else
      delete from public.dentists d where d.id = v_dentist_id;
    end if;
    if not found then
      raise exception 'Dentist % could not be deleted.', p_dentist_id
        using errcode = 'insufficient_privilege',
              hint = 'dentist_delete_failed';
    end if;
  exception when others then
    get stacked diagnostics v_state = returned_sqlstate, v_message = message_text;
    if v_outcome = 'soft_deleted' then
      raise exception using errcode = v_state, message = v_message, hint = 'dentist_soft_delete_failed';
    end if;
    raise exception using errcode = v_state, message = v_message, hint = 'dentist_delete_failed';
  end;
  return jsonb_build_object('outcome', v_outcome);
end;
$$;

select private.setup_function('public.delete_dentist(bigint)', '{authenticated,service_role}',
  'Deletes dentist p_dentist_id as the spec decides: no appointments at all -> removed ({"outcome":"hard_deleted"}, '
  'availability blocks cascade); only past or closed ones -> deleted = true ({"outcome":"soft_deleted"}); any '
  'appointment at or after now, not deleted, Scheduled or Confirmed -> nothing changes ({"outcome":"blocked", '
  '"appointments":[{id, patient_name, status, appointment_time, reason}]} by time; patient_name null when the '
  'patient is deleted). Errors: 42501 unless superadmin/admin/receptionist, PT404 (HTTP 404) dentist not visible '
  '(other clinic, unknown, already deleted), 22004 without a dentist; the delete or the soft delete itself refused '
  '(row-level security, a trigger): its SQLSTATE with hint dentist_delete_failed or dentist_soft_delete_failed.');
