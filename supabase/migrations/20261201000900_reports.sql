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
-- day_sheet and day_sheet_export (over a range of clinic days) live whole in
-- 20261201001320_day_sheet_range.sql.
-- ---------------------------------------------------------------------------

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
