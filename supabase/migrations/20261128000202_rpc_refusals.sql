-- ============================================================================
-- Refusals of RPCs as 4xx. PostgREST answers HTTP nnn for SQLSTATE PTnnn; a
-- missing row or another clinic's raised no_data_found (P0002), which it
-- answers with 500. Now: PT404 (HTTP 404) for a row the caller cannot see,
-- PT409 (HTTP 409) for a row no longer in the state the call needs. Messages
-- stay as they were. Runs unchanged on hosted Supabase, PostgreSQL and PGlite.
-- ============================================================================

-- Each function below is its earlier migration's text with only the error
-- codes changed: no_data_found becomes PT404, object_not_in_prerequisite_state
-- (55000, HTTP 400) PT409; dismiss_recall_request is written anew.

create or replace function public.void_payment(p_payment_id bigint, p_reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payment public.payments;
begin
  if not public.has_any_role(array['admin', 'superadmin']) then
    raise exception 'Only an admin can void.' using errcode = 'insufficient_privilege';
  end if;
  if p_reason is null or btrim(p_reason) = '' then
    raise exception 'A reason is required to void.' using errcode = 'invalid_parameter_value';
  end if;
  if char_length(btrim(p_reason)) > 500 then
    raise exception 'The reason is too long (at most 500 characters).' using errcode = 'invalid_parameter_value';
  end if;
  select p.* into v_payment from public.payments p where p.id = p_payment_id for update;
  if not found or not public.can_access_clinic(v_payment.clinic_id) then
    raise exception 'Payment not found.' using errcode = 'PT404';
  end if;
  if not public.can_void_in_clinic(v_payment.clinic_id) then
    raise exception 'Only an admin can void.' using errcode = 'insufficient_privilege';
  end if;
  if v_payment.voided_at is not null then
    raise exception 'This payment is already void.' using errcode = 'PT409';
  end if;
  update public.payments
     set voided_at = pg_catalog.now(), void_reason = btrim(p_reason), voided_by = (select auth.uid())
   where id = v_payment.id;
end;
$$;

create or replace function public.void_invoice(p_invoice_id bigint, p_reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_invoice public.invoices;
begin
  if not public.has_any_role(array['admin', 'superadmin']) then
    raise exception 'Only an admin can void.' using errcode = 'insufficient_privilege';
  end if;
  if p_reason is null or btrim(p_reason) = '' then
    raise exception 'A reason is required to void.' using errcode = 'invalid_parameter_value';
  end if;
  if char_length(btrim(p_reason)) > 500 then
    raise exception 'The reason is too long (at most 500 characters).' using errcode = 'invalid_parameter_value';
  end if;
  -- The lock waits for payments being added to this invoice (they hold a share lock).
  select i.* into v_invoice from public.invoices i where i.id = p_invoice_id for update;
  if not found or not public.can_access_clinic(v_invoice.clinic_id) then
    raise exception 'Invoice not found.' using errcode = 'PT404';
  end if;
  if not public.can_void_in_clinic(v_invoice.clinic_id) then
    raise exception 'Only an admin can void.' using errcode = 'insufficient_privilege';
  end if;
  if v_invoice.voided_at is not null then
    raise exception 'This invoice is already void.' using errcode = 'PT409';
  end if;
  if exists (select 1 from public.payments p where p.invoice_id = v_invoice.id and p.voided_at is null) then
    raise exception 'Void this invoice''s payments first.' using errcode = 'PT409';
  end if;
  update public.invoices
     set voided_at = pg_catalog.now(), void_reason = btrim(p_reason), voided_by = (select auth.uid())
   where id = v_invoice.id;
end;
$$;

create or replace function public.delete_patient(p_patient_id bigint)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_patient_id bigint;
  v_deleted_appointments integer;
begin
  if p_patient_id is null then
    raise exception 'A patient is required.' using errcode = 'null_value_not_allowed';
  end if;

  -- FOR UPDATE: a booking for this patient waits (the booking trigger reads
  -- the patient FOR SHARE) and then sees the patient deleted.
  select p.id into v_patient_id
    from public.patients p
   where p.id = p_patient_id and not p.deleted
     for update;
  if v_patient_id is null then
    raise exception 'Patient % not found; it may have been deleted.', p_patient_id using errcode = 'PT404';
  end if;

  with removed as (
    update public.appointments a
       set deleted = true
     where a.patient_id = v_patient_id and not a.deleted
    returning a.id
  )
  select count(*)::integer into v_deleted_appointments from removed;

  update public.patients p set deleted = true where p.id = v_patient_id;
  if not found then
    raise exception 'Patient % could not be deleted.', p_patient_id using errcode = 'insufficient_privilege';
  end if;

  return jsonb_build_object('deleted_appointments', v_deleted_appointments);
end;
$$;

comment on function public.delete_patient(bigint) is
  'Soft-deletes patient p_patient_id (deleted = true) and, in the same transaction, every appointment of theirs '
  'not yet deleted. Returns {"deleted_appointments": n}. Errors: PT404 (HTTP 404) when the caller cannot see the '
  'patient (other clinic, unknown, already deleted), 22004 without a patient.';

create or replace function public.delete_dentist(p_dentist_id bigint)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_dentist_id bigint;
  v_future jsonb;
begin
  if p_dentist_id is null then
    raise exception 'A dentist is required.' using errcode = 'null_value_not_allowed';
  end if;
  -- Checked first: for a dentist account the row would otherwise just look
  -- missing (SELECT ... FOR UPDATE applies the update policy).
  if public.is_browser_role() and not public.has_any_role(array['superadmin', 'admin', 'receptionist']) then
    raise exception 'Only the front desk can delete dentists.' using errcode = 'insufficient_privilege';
  end if;

  select d.id into v_dentist_id
    from public.dentists d
   where d.id = p_dentist_id and not d.deleted
     for update;
  if v_dentist_id is null then
    raise exception 'Dentist % not found; it may have been deleted.', p_dentist_id using errcode = 'PT404';
  end if;

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
     and not a.deleted
     and a.status in ('Scheduled', 'Confirmed')
     and a.appointment_time >= now();

  if jsonb_array_length(v_future) > 0 then
    return jsonb_build_object('outcome', 'blocked', 'appointments', v_future);
  end if;

  if exists (select 1 from public.appointments a where a.dentist_id = v_dentist_id) then
    update public.dentists d set deleted = true where d.id = v_dentist_id;
    if not found then
      raise exception 'Dentist % could not be deleted.', p_dentist_id using errcode = 'insufficient_privilege';
    end if;
    return jsonb_build_object('outcome', 'soft_deleted');
  end if;

  delete from public.dentists d where d.id = v_dentist_id;
  if not found then
    raise exception 'Dentist % could not be deleted.', p_dentist_id using errcode = 'insufficient_privilege';
  end if;
  return jsonb_build_object('outcome', 'hard_deleted');
end;
$$;

comment on function public.delete_dentist(bigint) is
  'Deletes dentist p_dentist_id as the spec decides: no appointments at all -> removed ({"outcome":"hard_deleted"}, '
  'availability blocks cascade); only past or closed ones -> deleted = true ({"outcome":"soft_deleted"}); any '
  'appointment at or after now, not deleted, Scheduled or Confirmed -> nothing changes ({"outcome":"blocked", '
  '"appointments":[{id, patient_name, status, appointment_time, reason}]} by time; patient_name null when the '
  'patient is deleted). Errors: 42501 unless superadmin/admin/receptionist, PT404 (HTTP 404) dentist not visible '
  '(other clinic, unknown, already deleted), 22004 without a dentist.';

create or replace function public.save_availability_day(p_dentist_id bigint, p_date date, p_blocks jsonb)
returns setof public.dentist_availability
language plpgsql
security invoker
set search_path = ''
as $$
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
    raise exception 'Dentist and date required!' using errcode = 'null_value_not_allowed';
  end if;
  if p_blocks is null or jsonb_typeof(p_blocks) <> 'array' then
    raise exception 'p_blocks must be an array of {start_time, end_time}.' using errcode = 'invalid_parameter_value';
  end if;
  if public.is_browser_role() and not public.has_any_role(array['superadmin', 'admin', 'receptionist']) then
    raise exception 'Only the front desk can change dentist availability.' using errcode = 'insufficient_privilege';
  end if;

  select d.clinic_id into v_clinic_id from public.dentists d where d.id = p_dentist_id;
  if v_clinic_id is null then
    raise exception 'Dentist % not found.', p_dentist_id using errcode = 'PT404';
  end if;

  for v_block, v_index in select b.value, b.ordinality from jsonb_array_elements(p_blocks) with ordinality as b loop
    v_start := case when jsonb_typeof(v_block) = 'object' then v_block ->> 'start_time' end;
    v_end := case when jsonb_typeof(v_block) = 'object' then v_block ->> 'end_time' end;
    if v_start is null or v_end is null
       or v_start !~ '^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$'
       or v_end !~ '^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$' then
      raise exception 'Block % needs start_time and end_time as HH:MM.', v_index using errcode = 'invalid_parameter_value';
    end if;
    v_starts := v_starts || v_start::time;
    v_ends := v_ends || v_end::time;
    if v_start::time >= v_end::time or v_start::time < time '09:00' or v_end::time > time '18:00' then
      raise exception 'Block % (% to %) must start before it ends, within 09:00 to 18:00.', v_index, v_start, v_end
        using errcode = 'invalid_parameter_value';
    end if;
  end loop;

  if exists (
    select 1
    from unnest(v_starts, v_ends) with ordinality as a(start_time, end_time, n)
    join unnest(v_starts, v_ends) with ordinality as b(start_time, end_time, n)
      on a.n < b.n and a.start_time < b.end_time and b.start_time < a.end_time
  ) then
    raise exception 'Blocks of one day must not overlap each other.' using errcode = 'invalid_parameter_value';
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

comment on function public.save_availability_day(bigint, date, jsonb) is
  'Replaces the blocked periods of dentist p_dentist_id on p_date with p_blocks, a JSON array of '
  '{"start_time":"HH:MM","end_time":"HH:MM"} (inside 09:00-18:00, start before end, not overlapping); '
  'an empty array clears the day. All or nothing. Returns the saved rows by start_time. '
  'Errors: 22023 invalid blocks, 22004 missing dentist or date, PT404 (HTTP 404) unknown dentist, 42501 not allowed.';

create or replace function public.day_sheet(p_clinic_id bigint, p_day date)
returns json
language plpgsql
stable
set search_path = ''
as $$
declare
  v_zone text;
  v_start timestamptz;
  v_end timestamptz;
begin
  if not public.can_read_reports(p_clinic_id) then
    raise exception 'Your role may not read reports of this clinic.' using errcode = 'insufficient_privilege';
  end if;
  if p_day is null then
    raise exception 'Choose a day.' using errcode = 'invalid_parameter_value';
  end if;
  select c.timezone into v_zone from public.clinics c where c.id = p_clinic_id;
  if not found then
    raise exception 'Clinic not found.' using errcode = 'PT404';
  end if;
  v_start := p_day::timestamp at time zone v_zone;
  v_end := (p_day + 1)::timestamp at time zone v_zone;

  return pg_catalog.json_build_object(
    'day', p_day,
    'time_zone', v_zone,
    'appointments', (
      select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
               'id', a.id,
               'appointment_time', a.appointment_time,
               'status', a.status,
               'patient_name', pt.name,
               'dentist_name', d.name,
               'reason', a.reason
             ) order by a.appointment_time, a.id), '[]'::json)
        from public.appointments a
        join public.patients pt on pt.id = a.patient_id and pt.clinic_id = a.clinic_id
        join public.dentists d on d.id = a.dentist_id and d.clinic_id = a.clinic_id
       where a.clinic_id = p_clinic_id
         and a.appointment_time >= v_start and a.appointment_time < v_end
         and not a.deleted
    ),
    'payments', (
      select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
               'id', e.id,
               'invoice_id', e.invoice_id,
               'patient_name', e.patient_name,
               'amount_centavos', e.amount_centavos,
               'method', e.method,
               'reference_number', e.reference_number,
               'payment_date', e.payment_date
             ) order by e.payment_date, e.id), '[]'::json)
        from public.payment_entries e
       where e.clinic_id = p_clinic_id
         and e.payment_date >= v_start and e.payment_date < v_end
         and e.voided_at is null
    ),
    'totals', (
      select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
               'method', t.method,
               'payment_count', t.payment_count,
               'total_centavos', t.total_centavos
             ) order by t.method), '[]'::json)
        from (
          select e.method, count(*)::integer as payment_count, sum(e.amount_centavos)::bigint as total_centavos
            from public.payment_entries e
           where e.clinic_id = p_clinic_id
             and e.payment_date >= v_start and e.payment_date < v_end
             and e.voided_at is null
           group by e.method
        ) t
    ),
    'grand_total_centavos', (
      select coalesce(sum(e.amount_centavos), 0)::bigint
        from public.payment_entries e
       where e.clinic_id = p_clinic_id
         and e.payment_date >= v_start and e.payment_date < v_end
         and e.voided_at is null
    ),
    'voids', (
      select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
               'kind', v.kind,
               'id', v.id,
               'invoice_id', v.invoice_id,
               'patient_name', v.patient_name,
               'amount_centavos', v.amount_centavos,
               'method', v.method,
               'voided_at', v.voided_at,
               'void_reason', v.void_reason
             ) order by v.voided_at, v.kind, v.id), '[]'::json)
        from (
          select 'payment'::text as kind, e.id, e.invoice_id, e.patient_name, e.amount_centavos, e.method,
                 e.voided_at, e.void_reason
            from public.payment_entries e
           where e.clinic_id = p_clinic_id
             and e.voided_at is not null
             and ((e.voided_at >= v_start and e.voided_at < v_end)
               or (e.payment_date >= v_start and e.payment_date < v_end))
          union all
          select 'invoice'::text, s.id, s.id, s.patient_name, s.total_centavos, null::text, s.voided_at, s.void_reason
            from public.invoice_summaries s
           where s.clinic_id = p_clinic_id
             and s.voided_at is not null
             and ((s.voided_at >= v_start and s.voided_at < v_end)
               or (s.created_at >= v_start and s.created_at < v_end))
        ) v
    ),
    'open_invoices', (
      -- The day's invoices first (a handful), then their summaries: the view is never computed
      -- for the whole clinic.
      with day_invoices as materialized (
        select i.id
          from public.invoices i
         where i.clinic_id = p_clinic_id
           and i.created_at >= v_start and i.created_at < v_end
           and i.voided_at is null
        union
        -- The conditions of invoices_one_live_per_appointment_idx, so that index finds them.
        select i.id
          from public.appointments a
          join public.invoices i on i.appointment_id = a.id and i.appointment_id is not null and i.voided_at is null
         where a.clinic_id = p_clinic_id
           and a.appointment_time >= v_start and a.appointment_time < v_end
           and not a.deleted
      )
      select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
               'id', s.id,
               'patient_name', s.patient_name,
               'appointment_id', s.appointment_id,
               'total_centavos', s.total_centavos,
               'paid_centavos', s.paid_centavos,
               'balance_centavos', s.balance_centavos,
               'status', s.status,
               'created_at', s.created_at
             ) order by s.created_at, s.id), '[]'::json)
        from day_invoices d
        join public.invoice_summaries s on s.id = d.id
       where s.voided_at is null
         and s.status <> 'Paid'
    )
  );
end;
$$;

create or replace function public.no_show_insight(p_clinic_id bigint, p_from date, p_to date)
returns json
language plpgsql
stable
set search_path = ''
as $$
declare
  v_zone text;
  v_start timestamptz;
  v_end timestamptz;
  v_result json;
begin
  if not public.can_read_reports(p_clinic_id) then
    raise exception 'Your role may not read reports of this clinic.' using errcode = 'insufficient_privilege';
  end if;
  if p_from is null or p_to is null then
    raise exception 'Choose the first and last day of the period.' using errcode = 'invalid_parameter_value';
  end if;
  if p_from > p_to then
    raise exception 'The period must start on or before its last day.' using errcode = 'invalid_parameter_value';
  end if;
  if p_to - p_from >= 731 then
    raise exception 'The period can be at most 2 years (731 days).' using errcode = 'invalid_parameter_value';
  end if;
  select c.timezone into v_zone from public.clinics c where c.id = p_clinic_id;
  if not found then
    raise exception 'Clinic not found.' using errcode = 'PT404';
  end if;
  v_start := p_from::timestamp at time zone v_zone;
  -- Only appointments whose time has come have an outcome.
  v_end := least((p_to + 1)::timestamp at time zone v_zone, pg_catalog.now());

  with base as (
    select
      a.dentist_id,
      extract(isodow from a.appointment_time at time zone v_zone)::integer as weekday,
      extract(hour from a.appointment_time at time zone v_zone)::integer as hour,
      a.status = 'No Show' as no_show,
      -- Late cancel: cancelled less than 24 hours before the appointment (or after it). The time of
      -- the cancellation is the row's updated_at (no change history exists; docs/reports.md).
      a.status = 'Cancelled' and a.updated_at > a.appointment_time - interval '24 hours' as late_cancel
    from public.appointments a
    where a.clinic_id = p_clinic_id
      and a.appointment_time >= v_start and a.appointment_time < v_end
      and not a.deleted
  ),
  grouped as (
    select
      grouping(b.dentist_id) as by_dentist,
      grouping(b.weekday) as by_weekday,
      grouping(b.hour) as by_hour,
      b.dentist_id,
      b.weekday,
      b.hour,
      count(*)::integer as booked,
      (count(*) filter (where b.no_show))::integer as no_shows,
      (count(*) filter (where b.late_cancel))::integer as late_cancels
    from base b
    group by grouping sets ((b.dentist_id), (b.weekday), (b.hour), ())
  )
  select pg_catalog.json_build_object(
    'from', p_from,
    'to', p_to,
    'time_zone', v_zone,
    'as_of', pg_catalog.now(),
    'overall', (
      select pg_catalog.json_build_object('booked', g.booked, 'no_shows', g.no_shows, 'late_cancels', g.late_cancels)
        from grouped g
       where g.by_dentist = 1 and g.by_weekday = 1 and g.by_hour = 1
    ),
    'by_dentist', (
      select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
               'dentist_id', g.dentist_id,
               'dentist_name', d.name,
               'booked', g.booked,
               'no_shows', g.no_shows,
               'late_cancels', g.late_cancels
             ) order by d.name, g.dentist_id), '[]'::json)
        from grouped g
        join public.dentists d on d.id = g.dentist_id
       where g.by_dentist = 0
    ),
    'by_weekday', (
      select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
               'weekday', g.weekday, 'booked', g.booked, 'no_shows', g.no_shows, 'late_cancels', g.late_cancels
             ) order by g.weekday), '[]'::json)
        from grouped g
       where g.by_weekday = 0
    ),
    'by_hour', (
      select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
               'hour', g.hour, 'booked', g.booked, 'no_shows', g.no_shows, 'late_cancels', g.late_cancels
             ) order by g.hour), '[]'::json)
        from grouped g
       where g.by_hour = 0
    )
  ) into v_result;
  return v_result;
end;
$$;

-- Written anew: a request that is there but handled (PT409) is told apart
-- from one that is not there for the caller (PT404), and a role the update
-- policy refuses from both (42501).
create or replace function public.dismiss_recall_request(p_request_id bigint)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_status text;
begin
  update public.recall_requests set status = 'dismissed' where id = p_request_id and status = 'open';
  if found then
    return;
  end if;
  select r.status into v_status from public.recall_requests r where r.id = p_request_id;
  if not found then
    raise exception 'This booking request was already handled, or it does not exist.' using errcode = 'PT404';
  end if;
  if v_status = 'open' then
    raise exception 'Only the front desk can dismiss booking requests.' using errcode = 'insufficient_privilege';
  end if;
  raise exception 'This booking request was already handled, or it does not exist.' using errcode = 'PT409';
end;
$$;

comment on function public.dismiss_recall_request(bigint) is
  'Dismisses an open booking request (front desk of its clinic, by RLS). Errors: PT404 (HTTP 404) when the caller '
  'sees no such request, PT409 (HTTP 409) when it was already handled, 42501 for a role that may not dismiss.';
