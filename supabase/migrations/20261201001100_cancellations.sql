-- ============================================================================
-- When an appointment was cancelled, and why: the no-show insight's late
-- cancellations are measured from the time of the cancellation itself, not
-- from the row's last change (an early cancellation edited later stayed
-- early). The insight's rates get their own denominators, a monthly trend and
-- the appointments behind its numbers. See docs/reports.md.
-- ============================================================================

alter table public.appointments
  add column cancelled_at timestamptz,
  add column cancel_reason text check (
    cancel_reason is null or (btrim(cancel_reason) <> '' and char_length(cancel_reason) <= 200)
  );

comment on column public.appointments.cancelled_at is
  'When the appointment became Cancelled (stamped by the database); null while it is not Cancelled.';
comment on column public.appointments.cancel_reason is
  'Why it was cancelled, for the clinic (not the message to the patient); optional, only on a Cancelled appointment.';

-- The cancellations already recorded: the audit trail knows when each became Cancelled; a row it
-- does not know (written before the trail, or by SQL) has only its last change to go by. The
-- row's own triggers stay out of this: it is not a change anyone made (no audit entry, no new
-- updated_at, no notice to the service).
alter table public.appointments disable trigger user;

update public.appointments a
   set cancelled_at = coalesce(
         (select max(l.occurred_at)
            from public.audit_log l
           where l.entity = 'appointment'
             and l.entity_id = a.id
             and l.clinic_id = a.clinic_id
             and l.after ->> 'status' = 'Cancelled'),
         a.updated_at)
 where a.status = 'Cancelled';

alter table public.appointments enable trigger user;

alter table public.appointments
  add constraint appointments_cancelled_at_when_cancelled
    check ((status = 'Cancelled') = (cancelled_at is not null));

-- ---------------------------------------------------------------------------
-- stamp_appointment_cancellation: cancelled_at is the moment the status
-- became Cancelled, whatever a browser sends; leaving Cancelled clears both
-- the time and the reason. The service role, owners and SQL may still write
-- history (an imported cancellation keeps the time it is given).
-- ---------------------------------------------------------------------------
create function public.stamp_appointment_cancellation()
returns trigger language plpgsql set search_path = '' as $$
declare
  v_became_cancelled boolean;
begin
  if new.status = 'Cancelled' then
    v_became_cancelled := tg_op = 'INSERT' or old.status is distinct from 'Cancelled';
    if public.is_browser_role() then
      new.cancelled_at := case when v_became_cancelled then pg_catalog.now() else old.cancelled_at end;
    elsif v_became_cancelled then
      new.cancelled_at := coalesce(new.cancelled_at, pg_catalog.now());
    else
      new.cancelled_at := coalesce(new.cancelled_at, old.cancelled_at, pg_catalog.now());
    end if;
    return new;
  end if;

  new.cancelled_at := null;
  -- Leaving Cancelled drops the old reason; a reason given to a live appointment is refused.
  if tg_op = 'UPDATE' and old.status = 'Cancelled' and new.cancel_reason is not distinct from old.cancel_reason then
    new.cancel_reason := null;
  elsif new.cancel_reason is not null then
    raise exception 'Only a cancelled appointment has a cancellation reason.'
      using errcode = 'check_violation',
            hint = 'cancel_reason_needs_cancelled';
  end if;
  return new;
end;
$$;

select private.setup_function('public.stamp_appointment_cancellation()', '{service_role}',
  'Trigger: stamps cancelled_at when an appointment becomes Cancelled (now() for browser roles, whatever they send; '
  'the given time or now() for the service and SQL), keeps it while it stays Cancelled, and clears cancelled_at and '
  'cancel_reason when it leaves Cancelled. A cancel_reason on an appointment that is not Cancelled: 23514, hint '
  'cancel_reason_needs_cancelled.');

create trigger appointments_stamp_cancellation before insert or update on public.appointments
  for each row execute function public.stamp_appointment_cancellation();

-- ---------------------------------------------------------------------------
-- no_show_insight: no-show and late-cancel counts, overall and by dentist,
-- weekday and hour, with
--   no-show rate     = no-shows / (completed + no-shows): cancelled and still
--                      Scheduled or Confirmed appointments had no chance to be missed;
--   late-cancel rate = late cancels / (completed + no-shows + cancelled);
--   late cancel      = cancelled less than 24 hours before the appointment's time, by cancelled_at;
-- a trend by clinic month over the period, and the appointments behind the numbers.
-- ---------------------------------------------------------------------------
drop function if exists public.no_show_insight(bigint, date, date);

create function public.no_show_insight(p_clinic_id bigint, p_from date, p_to date)
returns json language plpgsql stable set search_path = '' as $$
declare
  v_period record;
  v_last_day date;
  v_result json;
begin
  v_period := private.open_report(p_clinic_id, p_from, p_to, 731, 'The period can be at most 2 years (731 days).');
  -- Only appointments whose time has come have an outcome.
  v_period.ends_at := least(v_period.ends_at, pg_catalog.now());
  v_last_day := least(p_to, (pg_catalog.now() at time zone v_period.time_zone)::date);

  with base as materialized (
    select
      a.id,
      a.patient_id,
      a.dentist_id,
      a.appointment_time,
      a.cancelled_at,
      a.cancel_reason,
      pg_catalog.to_char(a.appointment_time at time zone v_period.time_zone, 'YYYY-MM') as month,
      extract(isodow from a.appointment_time at time zone v_period.time_zone)::integer as weekday,
      extract(hour from a.appointment_time at time zone v_period.time_zone)::integer as hour,
      a.status = 'Completed' as kept,
      a.status = 'No Show' as no_show,
      a.status = 'Cancelled' as cancelled,
      a.status = 'Cancelled' and a.cancelled_at > a.appointment_time - interval '24 hours' as late_cancel
    from public.appointments a
    where a.clinic_id = p_clinic_id
      and a.appointment_time >= v_period.starts_at and a.appointment_time < v_period.ends_at
      and not a.deleted
  ),
  grouped as (
    select
      grouping(b.dentist_id) as by_dentist,
      grouping(b.weekday) as by_weekday,
      grouping(b.hour) as by_hour,
      grouping(b.month) as by_month,
      b.dentist_id,
      b.weekday,
      b.hour,
      b.month,
      -- A group's counts, written once for every list below.
      pg_catalog.jsonb_build_object(
        'booked', count(*)::integer,
        'kept', (count(*) filter (where b.kept))::integer,
        'no_shows', (count(*) filter (where b.no_show))::integer,
        'cancelled', (count(*) filter (where b.cancelled))::integer,
        'late_cancels', (count(*) filter (where b.late_cancel))::integer
      ) as counts
    from base b
    group by grouping sets ((b.dentist_id), (b.weekday), (b.hour), (b.month), ())
  ),
  months as (
    select pg_catalog.to_char(m, 'YYYY-MM') as month
      from pg_catalog.generate_series(
             pg_catalog.date_trunc('month', p_from::timestamp),
             pg_catalog.date_trunc('month', v_last_day::timestamp),
             interval '1 month') as m
  )
  select pg_catalog.json_build_object(
    'from', p_from,
    'to', p_to,
    'time_zone', v_period.time_zone,
    'as_of', pg_catalog.now(),
    'overall', (
      select g.counts
        from grouped g
       where g.by_dentist = 1 and g.by_weekday = 1 and g.by_hour = 1 and g.by_month = 1
    ),
    'by_dentist', (
      select coalesce(pg_catalog.jsonb_agg(
               pg_catalog.jsonb_build_object('dentist_id', g.dentist_id, 'dentist_name', d.name) || g.counts
             order by d.name, g.dentist_id), '[]'::jsonb)
        from grouped g
        join public.dentists d on d.id = g.dentist_id
       where g.by_dentist = 0
    ),
    'by_weekday', (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('weekday', g.weekday) || g.counts
             order by g.weekday), '[]'::jsonb)
        from grouped g
       where g.by_weekday = 0
    ),
    'by_hour', (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('hour', g.hour) || g.counts
             order by g.hour), '[]'::jsonb)
        from grouped g
       where g.by_hour = 0
    ),
    -- Every month of the period up to today, a month without appointments too (zero counts).
    'by_month', (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('month', m.month) || coalesce(g.counts,
               '{"booked": 0, "kept": 0, "no_shows": 0, "cancelled": 0, "late_cancels": 0}'::jsonb)
             order by m.month), '[]'::jsonb)
        from months m
        left join grouped g on g.by_month = 0 and g.month = m.month
    ),
    -- The no-shows and late cancellations themselves, the latest 500 (overall has how many in all).
    'missed', (
      select coalesce(pg_catalog.json_agg(r order by r.appointment_time desc, r.appointment_id desc), '[]'::json)
        from (
          select m.id as appointment_id, m.appointment_time, m.patient_id, pt.name as patient_name,
                 d.name as dentist_name, case when m.no_show then 'no_show' else 'late_cancel' end as outcome,
                 m.cancelled_at, m.cancel_reason
            from (
              select b.*
                from base b
               where b.no_show or b.late_cancel
               order by b.appointment_time desc, b.id desc
               limit 500
            ) m
            join public.patients pt on pt.id = m.patient_id
            join public.dentists d on d.id = m.dentist_id
        ) r
    )
  ) into v_result;
  return v_result;
end;
$$;

select private.setup_function('public.no_show_insight(bigint, date, date)', '{authenticated,service_role}',
  'No-show and late-cancel counts of clinic p_clinic_id over clinic days p_from..p_to (at most 731 days), overall '
  'and by dentist, ISO weekday (1 = Monday), hour and month (every month of the period up to today), clinic time; '
  'and the latest 500 no-shows and late cancellations themselves (missed). Counted: appointments not deleted whose time has '
  'come (booked), of them Completed (kept), No Show, Cancelled, and late cancels: Cancelled less than 24 hours '
  'before the appointment, by cancelled_at. Front desk roles only.');
