-- ============================================================================
-- Ngiti baseline, 9 of 9: reports, the day sheet, no-show insight and the
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

comment on function public.can_read_reports(bigint) is
  'True when the signed-in user may read the reports of clinic p_clinic_id: its admin or receptionist, or a superadmin.';

revoke execute on function public.can_read_reports(bigint) from public, anon, authenticated;
grant execute on function public.can_read_reports(bigint) to authenticated, service_role;

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
revoke execute on function private.require_report_access(bigint) from public, anon, authenticated;
revoke execute on function private.report_period(bigint, date, date) from public, anon, authenticated;
grant execute on function private.require_report_access(bigint) to authenticated, service_role;
grant execute on function private.report_period(bigint, date, date) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- day_sheet
-- ---------------------------------------------------------------------------
create function public.day_sheet(p_clinic_id bigint, p_day date)
returns json language plpgsql stable set search_path = '' as $$
declare
  v_period record;
begin
  perform private.require_report_access(p_clinic_id);
  if p_day is null then
    raise exception 'Choose a day.' using errcode = 'invalid_parameter_value', hint = 'report_day_required';
  end if;
  v_period := private.report_period(p_clinic_id, p_day, p_day);

  return pg_catalog.json_build_object(
    'day', p_day,
    'time_zone', v_period.time_zone,
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
         and a.appointment_time >= v_period.starts_at and a.appointment_time < v_period.ends_at
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
         and e.payment_date >= v_period.starts_at and e.payment_date < v_period.ends_at
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
             and e.payment_date >= v_period.starts_at and e.payment_date < v_period.ends_at
             and e.voided_at is null
           group by e.method
        ) t
    ),
    'grand_total_centavos', (
      select coalesce(sum(e.amount_centavos), 0)::bigint
        from public.payment_entries e
       where e.clinic_id = p_clinic_id
         and e.payment_date >= v_period.starts_at and e.payment_date < v_period.ends_at
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
             and ((e.voided_at >= v_period.starts_at and e.voided_at < v_period.ends_at)
               or (e.payment_date >= v_period.starts_at and e.payment_date < v_period.ends_at))
          union all
          select 'invoice'::text, s.id, s.id, s.patient_name, s.total_centavos, null::public.payment_method,
                 s.voided_at, s.void_reason
            from public.invoice_summaries s
           where s.clinic_id = p_clinic_id
             and s.voided_at is not null
             and ((s.voided_at >= v_period.starts_at and s.voided_at < v_period.ends_at)
               or (s.created_at >= v_period.starts_at and s.created_at < v_period.ends_at))
        ) v
    ),
    'open_invoices', (
      -- The day's invoices first (a handful), then their summaries: the view is never computed
      -- for the whole clinic.
      with day_invoices as materialized (
        select i.id
          from public.invoices i
         where i.clinic_id = p_clinic_id
           and i.created_at >= v_period.starts_at and i.created_at < v_period.ends_at
           and i.voided_at is null
        union
        -- The conditions of invoices_one_live_per_appointment_idx, so that index finds them.
        select i.id
          from public.appointments a
          join public.invoices i on i.appointment_id = a.id and i.appointment_id is not null and i.voided_at is null
         where a.clinic_id = p_clinic_id
           and a.appointment_time >= v_period.starts_at and a.appointment_time < v_period.ends_at
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

comment on function public.day_sheet(bigint, date) is
  'The day sheet of clinic p_clinic_id for clinic day p_day: appointments (status, dentist), payments not void '
  'with totals by method and a grand total (from payment_entries, integer centavos), voids made that day or of '
  'that day''s payments/invoices, and the invoices of that day (issued, or billing an appointment of that day) '
  'still Unpaid or Partial with their balances (from invoice_summaries). Front desk roles only.';

revoke execute on function public.day_sheet(bigint, date) from public, anon, authenticated;
grant execute on function public.day_sheet(bigint, date) to authenticated, service_role;

-- no_show_insight is in 20261201001100_cancellations.sql, which keeps when each appointment was cancelled.

-- ---------------------------------------------------------------------------
-- day_sheet_export
-- ---------------------------------------------------------------------------
create function public.day_sheet_export(p_clinic_id bigint, p_day date)
-- Definer: only to write audit_events, which no role may insert into. The access rule stays
-- day_sheet()'s own: can_read_reports() reads the caller from the request's JWT (auth.uid()),
-- which a security definer function does not change, so the caller is checked, not the owner.
returns json language plpgsql security definer set search_path = '' as $$
declare
  v_sheet json;
  v_rows integer;
begin
  -- The same check day_sheet() makes, first, so that nothing else runs for a refused caller.
  perform private.require_report_access(p_clinic_id);
  -- The day sheet itself, written once (it checks access again, and the day and the clinic).
  v_sheet := public.day_sheet(p_clinic_id, p_day);

  -- The CSV's data rows (daySheetCsv): one per appointment, per payment, per void and per open
  -- invoice. Titles, column headings and the per-method and grand totals are not records.
  v_rows := pg_catalog.json_array_length(v_sheet -> 'appointments')
          + pg_catalog.json_array_length(v_sheet -> 'payments')
          + pg_catalog.json_array_length(v_sheet -> 'voids')
          + pg_catalog.json_array_length(v_sheet -> 'open_invoices');

  -- Through the trail's own machinery: audit_append() takes the actor and the door (browser)
  -- from the caller's JWT whatever is written here.
  insert into public.audit_events (clinic_id, entity, entity_label, action, after, actor_user_id, source)
  values (p_clinic_id, 'export', 'day-sheet', 'export',
          pg_catalog.jsonb_build_object('kind', 'day-sheet', 'rows', v_rows,
                                        'filters', pg_catalog.jsonb_build_object('day', p_day)),
          auth.uid(), 'browser');

  return v_sheet;
end;
$$;

comment on function public.day_sheet_export(bigint, date) is
  'The day sheet of clinic p_clinic_id on p_day, exactly as day_sheet() answers it, for its CSV download: '
  'records the export in the audit trail (kind day-sheet, rows = appointments + payments + voids + open invoices, '
  'filters {"day": p_day}). Errors as day_sheet(): 42501 not allowed, 22023 missing day, PT404 unknown clinic.';

revoke execute on function public.day_sheet_export(bigint, date) from public, anon, authenticated;
grant execute on function public.day_sheet_export(bigint, date) to authenticated, service_role;

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
