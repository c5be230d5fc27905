-- ============================================================================
-- Ngiti baseline, 10 of 10: reports, the day sheet, no-show insight and the
-- frequent no-show flag. See docs/reports.md and docs/exports.md.
--
-- The day sheet's money comes from the Billing tab's own views
-- (payment_entries, invoice_summaries: amounts in integer centavos), so the
-- two agree to the centavo. The report functions are security invoker (the
-- export is security definer only to write its audit event): the row-level
-- security of the tables applies, and a permission check on top
-- (can_read_reports) keeps reports to the front desk.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- Reports: day_sheet, no_show_insight and day_sheet_export ask can_read_reports().
-- ---------------------------------------------------------------------------
create function public.can_read_reports(p_clinic_id bigint)
returns boolean language sql stable security definer set search_path = '' as $$
  select public.authorize(p_clinic_id, 'reports.read')
$$;

select private.setup_function('public.can_read_reports(bigint)', '{authenticated,service_role}',
  'True when the signed-in user may read the reports of clinic p_clinic_id: its admin or receptionist, or a superadmin.');

-- What every report asks first: may the caller read this clinic's reports (42501).
create function private.require_report_access(p_clinic_id bigint)
returns void language plpgsql stable set search_path = '' as $$
begin
  if not public.can_read_reports(p_clinic_id) then
    raise exception 'Your role may not read reports of this clinic.'
      using errcode = 'insufficient_privilege',
            hint = 'report_forbidden';
  end if;
end;
$$;

-- The clinic days p_from..p_to of a report, once checked: the clinic's time zone and the period's
-- bounds in it, [start of p_from, start of the day after p_to). PT404 when there is no such clinic.
create function private.report_period(
  p_clinic_id bigint,
  p_from date,
  p_to date,
  out time_zone text,
  out starts_at timestamptz,
  out ends_at timestamptz
)
language plpgsql stable set search_path = '' as $$
begin
  select c.timezone into time_zone from public.clinics c where c.id = p_clinic_id;
  if not found then
    raise exception 'Clinic not found.' using errcode = 'PT404', hint = 'clinic_not_found';
  end if;
  starts_at := p_from::timestamp at time zone time_zone;
  ends_at := (p_to + 1)::timestamp at time zone time_zone;
end;
$$;

-- The reports are security invoker: the caller runs these.
select private.setup_function('private.require_report_access(bigint)', '{authenticated,service_role}');

select private.setup_function('private.report_period(bigint, date, date)', '{authenticated,service_role}');

-- ---------------------------------------------------------------------------
-- check_report_days: a report's period of clinic days, checked once: both
-- days given, in order, at most p_max_days long (22023 report_period_*;
-- p_too_long says the limit as the report words it).
-- ---------------------------------------------------------------------------
create function private.check_report_days(
  p_from date,
  p_to date,
  p_max_days integer,
  p_too_long text default null
)
returns void language plpgsql immutable set search_path = '' as $$
begin
  if p_from is null or p_to is null then
    raise exception 'Choose the first and last day of the period.'
      using errcode = 'invalid_parameter_value', hint = 'report_period_required';
  end if;
  if p_from > p_to then
    raise exception 'The period must start on or before its last day.'
      using errcode = 'invalid_parameter_value', hint = 'report_period_reversed';
  end if;
  if p_to - p_from >= p_max_days then
    raise exception '%', coalesce(p_too_long, pg_catalog.format('The period can be at most %s days.', p_max_days))
      using errcode = 'invalid_parameter_value', hint = 'report_period_too_long';
  end if;
end;
$$;

select private.setup_function('private.check_report_days(date, date, integer, text)', '{authenticated,service_role}');

-- ---------------------------------------------------------------------------
-- open_report: what every report over clinic days p_from..p_to does first, in
-- this order: the caller may read the clinic's reports (42501), the period is
-- whole and at most p_max_days long (22023), the clinic exists (PT404). Answers
-- the period as report_period does.
-- ---------------------------------------------------------------------------
create function private.open_report(
  p_clinic_id bigint,
  p_from date,
  p_to date,
  p_max_days integer,
  p_too_long text default null,
  out time_zone text,
  out starts_at timestamptz,
  out ends_at timestamptz
)
language plpgsql stable set search_path = '' as $$
begin
  perform private.require_report_access(p_clinic_id);
  perform private.check_report_days(p_from, p_to, p_max_days, p_too_long);
  select r.time_zone, r.starts_at, r.ends_at into time_zone, starts_at, ends_at
    from private.report_period(p_clinic_id, p_from, p_to) r;
end;
$$;

select private.setup_function('private.open_report(bigint, date, date, integer, text)', '{authenticated,service_role}');

-- ---------------------------------------------------------------------------
-- Frequent no-show flag: 2 or more no-shows in the last 12 months.
-- security_invoker: the row-level security of appointments applies.
-- ---------------------------------------------------------------------------
create view public.patient_no_show_flags
with (security_invoker = true)
as
select
  a.clinic_id,
  a.patient_id,
  count(*)::integer as no_show_count,
  max(a.appointment_time) as last_no_show_at
from public.appointments a
where a.status = 'No Show'
  and not a.deleted
  and a.appointment_time > pg_catalog.now() - interval '12 months'
  and a.appointment_time <= pg_catalog.now()
group by a.clinic_id, a.patient_id
having count(*) >= 2;

comment on view public.patient_no_show_flags is
  'Patients with 2 or more No Show appointments (not deleted) in the last 12 months: the flag of the booking '
  'form and the patients list. The one place the rule lives.';

-- Privileges
revoke all on public.patient_no_show_flags from public, anon, authenticated;

grant select on public.patient_no_show_flags to authenticated;

grant all on public.patient_no_show_flags to service_role;

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

-- ---------------------------------------------------------------------------
-- day_sheet_export: the same answer, recorded in the audit trail, counting the
-- HMO collections among the CSV's rows.
-- ---------------------------------------------------------------------------
create function public.day_sheet_export(p_clinic_id bigint, p_from date, p_to date)
returns json language plpgsql security definer set search_path = '' as $$
declare
  v_sheet json;
  v_rows integer;
begin
  perform private.require_report_access(p_clinic_id);
  v_sheet := public.day_sheet(p_clinic_id, p_from, p_to);

  -- The CSV's data rows (daySheetCsv): one per appointment, production line, invoice issued and
  -- its lines, payment, HMO collection, void and open invoice. Titles, headings and totals are not records.
  v_rows := pg_catalog.json_array_length(v_sheet -> 'appointments')
          + pg_catalog.json_array_length(v_sheet -> 'production' -> 'by_dentist')
          + (select coalesce(sum(1 + pg_catalog.json_array_length(v.value -> 'items')), 0)::integer
               from pg_catalog.json_array_elements(v_sheet -> 'production' -> 'invoices') v)
          + pg_catalog.json_array_length(v_sheet -> 'payments')
          + pg_catalog.json_array_length(v_sheet -> 'hmo_collections' -> 'payments')
          + pg_catalog.json_array_length(v_sheet -> 'voids')
          + pg_catalog.json_array_length(v_sheet -> 'open_invoices');

  perform private.record_export(p_clinic_id, auth.uid(), 'day-sheet', v_rows,
    pg_catalog.jsonb_build_object('from', p_from, 'to', p_to), 'browser');

  return v_sheet;
end;
$$;

select private.setup_function('public.day_sheet_export(bigint, date, date)', '{authenticated,service_role}',
  'The day sheet of clinic p_clinic_id for p_from..p_to, exactly as day_sheet() answers it, for its CSV download: '
  'records the export in the audit trail (kind day-sheet, rows = appointments + production lines + invoices issued '
  'and their lines + payments + HMO collections + voids + open invoices, filters {"from", "to"}). Errors as day_sheet().');

create function public.day_sheet(p_clinic_id bigint, p_from date, p_to date)
returns json language plpgsql stable set search_path = '' as $$
declare
  v_sheet jsonb;
  v_period record;
begin
  -- Access and the period's checks are the patient side's own (it raises first).
  v_sheet := private.day_sheet_patient_side(p_clinic_id, p_from, p_to)::jsonb;
  v_period := private.report_period(p_clinic_id, p_from, p_to);
  return (
    with collected as materialized (
      select p.id, p.batch_id, h.name as hmo_name, p.amount, p.received_on, p.reference_number, p.recorded_by_name
        from public.hmo_payments p
        join public.hmos h on h.id = p.hmo_id and h.clinic_id = p.clinic_id
       where p.clinic_id = p_clinic_id and p.received_on between p_from and p_to
         and p.voided_at is null
    ),
    voids as (
      select v.value || '{"hmo_name": null}'::jsonb as entry,
             (v.value ->> 'voided_at')::timestamptz as voided_at, v.value ->> 'kind' as kind,
             (v.value ->> 'id')::bigint as id
        from pg_catalog.jsonb_array_elements(v_sheet -> 'voids') v
      union all
      -- Voided in the period, or received in it and void: as the patient side picks payments.
      select pg_catalog.jsonb_build_object(
               'kind', 'hmo_payment',
               'id', p.id,
               'invoice_id', null,
               'patient_name', null,
               'hmo_name', h.name,
               'amount_centavos', (p.amount * 100)::bigint,
               'method', null,
               'voided_at', p.voided_at,
               'void_reason', p.void_reason,
               'voided_by_name', p.voided_by_name
             ), p.voided_at, 'hmo_payment', p.id
        from public.hmo_payments p
        join public.hmos h on h.id = p.hmo_id and h.clinic_id = p.clinic_id
       where p.clinic_id = p_clinic_id
         and p.voided_at is not null
         and ((p.voided_at >= v_period.starts_at and p.voided_at < v_period.ends_at)
           or p.received_on between p_from and p_to)
    )
    select (v_sheet || pg_catalog.jsonb_build_object(
      'voids', (
        select coalesce(pg_catalog.jsonb_agg(v.entry order by v.voided_at, v.kind, v.id), '[]'::jsonb)
          from voids v
      ),
      'hmo_collections', pg_catalog.jsonb_build_object(
        'payments', (
          select coalesce(pg_catalog.jsonb_agg(r order by r.received_on, r.hmo_name, r.id), '[]'::jsonb)
            from (
              select c.id, c.batch_id, c.hmo_name, (c.amount * 100)::bigint as amount_centavos, c.received_on,
                     c.reference_number, c.recorded_by_name
                from collected c
            ) r
        ),
        'total_centavos', (select (coalesce(sum(c.amount), 0) * 100)::bigint from collected c)
      )))::json
  );
end;
$$;

select private.setup_function('public.day_sheet(bigint, date, date)', '{authenticated,service_role}',
  'The day sheet of clinic p_clinic_id for clinic days p_from..p_to: everything private.day_sheet_patient_side '
  'answers (appointments, production, patients'' payments and totals, voids, open invoices), with the voids joined '
  'by the HMO payments voided in the period or received in it and void (kind hmo_payment, hmo_name; hmo_name null '
  'on the other kinds; ordered by voided_at, kind, id), and apart from it hmo_collections: the HMO payments '
  'received on those days and not void {payments: [...], total_centavos}. Errors as the patient side.');

-- hmo_claim_summaries, hmo_claim_batch_summaries and hmo_receivables get theirs with the views
-- (billing).
do $$
declare
  v_view text;
begin
  foreach v_view in array array[
    'hmo_payment_entries', 'invoice_summaries', 'patient_no_show_flags', 'payment_entries', 'treatment_plan_totals'
  ] loop
    execute format('create trigger %I instead of insert or update or delete on public.%I '
                   'for each row execute function private.refuse_view_write()', v_view || '_read_only', v_view);
  end loop;
end;
$$;

create function private.day_sheet_patient_side(p_clinic_id bigint, p_from date, p_to date)
returns json language plpgsql stable set search_path = '' as $$
declare
  v_period record;
begin
  v_period := private.open_report(p_clinic_id, p_from, p_to, 31, 'The day sheet can cover at most 31 days.');

  return (
    with live_payments as materialized (
      select p.id, p.invoice_id, pt.name as patient_name, p.amount, p.method, p.reference_number,
             p.payment_date, p.receipt_number, p.recorded_by, p.recorded_by_name
        from public.payments p
        join public.patients pt on pt.id = p.patient_id and pt.clinic_id = p.clinic_id
       where p.clinic_id = p_clinic_id
         and p.payment_date >= v_period.starts_at and p.payment_date < v_period.ends_at
         and p.voided_at is null
    ),
    issued as materialized (
      select i.id, i.created_at, pt.name as patient_name, a.dentist_id, d.name as dentist_name, i.discount_id_type,
             i.total + i.hmo_share + i.vat_exemption + i.statutory_discount as gross,
             i.vat_exemption, i.statutory_discount,
             i.total + i.hmo_share as net,
             i.hmo_share,
             i.total as patient_pays
        from public.invoices i
        join public.patients pt on pt.id = i.patient_id and pt.clinic_id = i.clinic_id
        left join public.appointments a on a.id = i.appointment_id and a.clinic_id = i.clinic_id
        left join public.dentists d on d.id = a.dentist_id and d.clinic_id = a.clinic_id
       where i.clinic_id = p_clinic_id
         and private.is_issued_in(i, v_period.starts_at, v_period.ends_at)
    ),
    by_dentist as materialized (
      select s.dentist_id, s.dentist_name, count(*)::integer as invoice_count,
             sum(s.gross) as gross, sum(s.vat_exemption) as vat_exemption,
             sum(s.statutory_discount) as statutory_discount, sum(s.net) as net,
             sum(s.hmo_share) as hmo_share, sum(s.patient_pays) as patient_pays
        from issued s
       group by s.dentist_id, s.dentist_name
    )
    select pg_catalog.json_build_object(
      'from', p_from,
      'to', p_to,
      'time_zone', v_period.time_zone,
      'appointments', (
        select coalesce(pg_catalog.json_agg(r order by r.appointment_time, r.id), '[]'::json)
          from (
            select a.id, a.appointment_time, a.status, pt.name as patient_name, d.name as dentist_name, a.reason
              from public.appointments a
              join public.patients pt on pt.id = a.patient_id and pt.clinic_id = a.clinic_id
              join public.dentists d on d.id = a.dentist_id and d.clinic_id = a.clinic_id
             where a.clinic_id = p_clinic_id
               and a.appointment_time >= v_period.starts_at and a.appointment_time < v_period.ends_at
               and not a.deleted
          ) r
      ),
      'production', (
        select pg_catalog.json_build_object(
          'invoice_count', coalesce(sum(g.invoice_count), 0)::integer,
          'gross_centavos', (coalesce(sum(g.gross), 0) * 100)::bigint,
          'vat_exemption_centavos', (coalesce(sum(g.vat_exemption), 0) * 100)::bigint,
          'statutory_discount_centavos', (coalesce(sum(g.statutory_discount), 0) * 100)::bigint,
          'net_centavos', (coalesce(sum(g.net), 0) * 100)::bigint,
          'hmo_share_centavos', (coalesce(sum(g.hmo_share), 0) * 100)::bigint,
          'patient_pays_centavos', (coalesce(sum(g.patient_pays), 0) * 100)::bigint,
          'by_dentist', (
            select coalesce(pg_catalog.json_agg(r order by r.dentist_id is null, r.dentist_name, r.dentist_id), '[]'::json)
              from (
                select b.dentist_id, b.dentist_name, b.invoice_count,
                       (b.gross * 100)::bigint as gross_centavos,
                       (b.vat_exemption * 100)::bigint as vat_exemption_centavos,
                       (b.statutory_discount * 100)::bigint as statutory_discount_centavos,
                       (b.net * 100)::bigint as net_centavos,
                       (b.hmo_share * 100)::bigint as hmo_share_centavos,
                       (b.patient_pays * 100)::bigint as patient_pays_centavos
                  from by_dentist b
              ) r
          ),
          -- Each invoice issued, with its lines when it is itemised (invoice_item_lines).
          'invoices', (
            select coalesce(pg_catalog.json_agg(r order by r.created_at, r.id), '[]'::json)
              from (
                select s.id, s.patient_name, s.dentist_name, s.created_at, s.discount_id_type,
                       (s.gross * 100)::bigint as gross_centavos,
                       (s.vat_exemption * 100)::bigint as vat_exemption_centavos,
                       (s.statutory_discount * 100)::bigint as statutory_discount_centavos,
                       (s.net * 100)::bigint as net_centavos,
                       (s.hmo_share * 100)::bigint as hmo_share_centavos,
                       (s.patient_pays * 100)::bigint as patient_pays_centavos,
                       public.invoice_item_lines(s.id) as items
                  from issued s
              ) r
          )
        )
          from by_dentist g
      ),
      'payments', (
        select coalesce(pg_catalog.json_agg(r order by r.payment_date, r.id), '[]'::json)
          from (
            select e.id, e.invoice_id, e.patient_name, (e.amount * 100)::bigint as amount_centavos, e.method,
                   e.reference_number, e.payment_date, e.receipt_number, e.recorded_by_name as cashier_name
              from live_payments e
          ) r
      ),
      'totals', (
        select coalesce(pg_catalog.json_agg(t order by t.method), '[]'::json)
          from (
            select e.method, count(*)::integer as payment_count, (sum(e.amount) * 100)::bigint as total_centavos
              from live_payments e
             group by e.method
          ) t
      ),
      'cashier_totals', (
        -- Per staff account (two cashiers may share a name), under the name of their latest payment.
        select coalesce(pg_catalog.json_agg(t order by t.cashier_name is null, t.cashier_name, t.cashier_id), '[]'::json)
          from (
            select e.recorded_by as cashier_id,
                   (pg_catalog.array_agg(e.recorded_by_name order by e.payment_date desc, e.id desc))[1] as cashier_name,
                   count(*)::integer as payment_count, (sum(e.amount) * 100)::bigint as total_centavos
              from live_payments e
             group by e.recorded_by, case when e.recorded_by is null then e.recorded_by_name end
          ) t
      ),
      'grand_total_centavos', (select (coalesce(sum(e.amount), 0) * 100)::bigint from live_payments e),
      'voids', (
        select coalesce(pg_catalog.json_agg(v order by v.voided_at, v.kind, v.id), '[]'::json)
          from (
            select 'payment'::text as kind, p.id, p.invoice_id, pt.name as patient_name,
                   (p.amount * 100)::bigint as amount_centavos, p.method, p.voided_at, p.void_reason, p.voided_by_name
              from public.payments p
              join public.patients pt on pt.id = p.patient_id and pt.clinic_id = p.clinic_id
             where p.clinic_id = p_clinic_id
               and private.is_void_seen_in(p.voided_at, p.payment_date, v_period.starts_at, v_period.ends_at)
            union all
            -- At its net, as production counts it: the patient's part and the HMO's share.
            select 'invoice'::text, i.id, i.id, pt.name, ((i.total + i.hmo_share) * 100)::bigint, null::public.payment_method,
                   i.voided_at, i.void_reason, i.voided_by_name
              from public.invoices i
              join public.patients pt on pt.id = i.patient_id and pt.clinic_id = i.clinic_id
             where i.clinic_id = p_clinic_id
               and private.is_void_seen_in(i.voided_at, i.created_at, v_period.starts_at, v_period.ends_at)
          ) v
      ),
      'open_invoices', (
        -- The period's invoices first (a handful a day), then their summaries: the view is never
        -- computed for the whole clinic.
        with period_invoices as materialized (
          select s.id from issued s
          union
          -- The conditions of invoices_one_live_per_appointment_idx, so that index finds them.
          select i.id
            from public.appointments a
            join public.invoices i on i.appointment_id = a.id and i.appointment_id is not null and i.voided_at is null
           where a.clinic_id = p_clinic_id
             and a.appointment_time >= v_period.starts_at and a.appointment_time < v_period.ends_at
             and not a.deleted
        )
        select coalesce(pg_catalog.json_agg(r order by r.created_at, r.id), '[]'::json)
          from (
            select s.id, s.patient_name, s.appointment_id, s.total_centavos, s.paid_centavos, s.balance_centavos,
                   s.status, s.created_at
              from period_invoices d
              join public.invoice_summaries s on s.id = d.id
             where s.voided_at is null
               and s.status <> 'Paid'
          ) r
      )
    )
  );
end;
$$;

select private.setup_function('private.day_sheet_patient_side(bigint, date, date)', '{authenticated,service_role}',
  'The patient side of the day sheet of clinic p_clinic_id for clinic days p_from..p_to (at most 31): '
  'appointments; production (invoices issued and not void: count and, each summed, gross_centavos (what the lines '
  'billed), vat_exemption_centavos, statutory_discount_centavos, net_centavos (gross less both), '
  'hmo_share_centavos and patient_pays_centavos (net less the HMO share); the same by the billed appointment''s '
  'dentist, null when none; and each invoice with those figures, its discount_id_type and its lines when '
  'itemised); payments not void with receipt number and '
  'cashier, totals by method, by cashier (per staff account: cashier_id, under the name of their latest payment) '
  'and a grand total; voids made in the period or of its payments/invoices (an invoice at its net, the '
  'HMO''s share included), with who voided; and the period''s '
  'invoices still Unpaid or Partial. Money in integer centavos. Front desk roles only: 42501 not allowed, 22023 '
  'period missing/reversed/too long, PT404 unknown clinic.');
