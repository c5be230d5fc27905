-- ============================================================================
-- What a report's period [starts_at, ends_at) holds, written once:
--   private.is_issued_in     an invoice counts in it: issued in it, not void;
--   private.is_void_seen_in  a void is listed in it: made in it, or of a
--                            payment or invoice the period holds.
-- The day sheet's patient side and the statutory discounts register each
-- wrote these out (the voids twice), and moved here whole from the files
-- that point to this one, each asking them.
--
-- The voids list showed a voided invoice at the patient's part alone, where
-- production counts what it billed (the HMO's share too): a voided ₱2,000
-- visit with a ₱1,500 HMO share read ₱500. It reads ₱2,000 now.
-- ============================================================================

-- One-expression SQL functions without SET, so the planner inlines them into the caller's query
-- and the invoices' and payments' (clinic_id, created_at / payment_date / voided_at) indexes
-- still serve the bounds. Callers fix their own search_path.
create function private.is_issued_in(p_invoice public.invoices, p_starts timestamptz, p_ends timestamptz)
returns boolean language sql immutable as $$
  select p_invoice.created_at >= p_starts and p_invoice.created_at < p_ends and p_invoice.voided_at is null
$$;

select private.setup_function('private.is_issued_in(public.invoices, timestamptz, timestamptz)',
  '{authenticated,service_role}');

create function private.is_void_seen_in(
  p_voided_at timestamptz,
  p_made_at timestamptz,
  p_starts timestamptz,
  p_ends timestamptz
)
returns boolean language sql immutable as $$
  select p_voided_at is not null
     and ((p_voided_at >= p_starts and p_voided_at < p_ends) or (p_made_at >= p_starts and p_made_at < p_ends))
$$;

select private.setup_function('private.is_void_seen_in(timestamptz, timestamptz, timestamptz, timestamptz)',
  '{authenticated,service_role}');

-- ---------------------------------------------------------------------------
-- private.day_sheet_patient_side (from 20261201001730_cashiers_by_account.sql)
-- ---------------------------------------------------------------------------
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
    -- Production is what each visit billed: the patient's part and the HMO's share
    -- (invoices.hmo_share, 20261201001510_invoice_shares.sql; 0 without an HMO).
    issued as materialized (
      select i.id, i.total + i.hmo_share as total, i.created_at, pt.name as patient_name, a.dentist_id, d.name as dentist_name
        from public.invoices i
        join public.patients pt on pt.id = i.patient_id and pt.clinic_id = i.clinic_id
        left join public.appointments a on a.id = i.appointment_id and a.clinic_id = i.clinic_id
        left join public.dentists d on d.id = a.dentist_id and d.clinic_id = a.clinic_id
       where i.clinic_id = p_clinic_id
         and private.is_issued_in(i, v_period.starts_at, v_period.ends_at)
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
      'production', pg_catalog.json_build_object(
        'invoice_count', (select count(*)::integer from issued),
        'total_centavos', (select (coalesce(sum(s.total), 0) * 100)::bigint from issued s),
        'by_dentist', (
          select coalesce(pg_catalog.json_agg(g order by g.dentist_id is null, g.dentist_name, g.dentist_id), '[]'::json)
            from (
              select s.dentist_id, s.dentist_name, count(*)::integer as invoice_count,
                     (sum(s.total) * 100)::bigint as total_centavos
                from issued s
               group by s.dentist_id, s.dentist_name
            ) g
        ),
        -- Each invoice issued, with its lines when it is itemised (invoice_item_lines).
        'invoices', (
          select coalesce(pg_catalog.json_agg(r order by r.created_at, r.id), '[]'::json)
            from (
              select s.id, s.patient_name, s.dentist_name, s.created_at, (s.total * 100)::bigint as total_centavos,
                     public.invoice_item_lines(s.id) as items
                from issued s
            ) r
        )
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
            -- At what it billed, as production counts it: the patient's part and the HMO's share.
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
  'appointments; production (invoices issued and not void: count, total, by the billed appointment''s dentist, '
  'null when none, and each invoice with its lines when itemised); payments not void with receipt number and '
  'cashier, totals by method, by cashier (per staff account: cashier_id, under the name of their latest payment) '
  'and a grand total; voids made in the period or of its payments/invoices (an invoice at what it billed, the '
  'HMO''s share included), with who voided; and the period''s '
  'invoices still Unpaid or Partial. Money in integer centavos. Front desk roles only: 42501 not allowed, 22023 '
  'period missing/reversed/too long, PT404 unknown clinic.');

-- ---------------------------------------------------------------------------
-- statutory_discounts: the senior citizen / PWD discounts granted on the
-- invoices issued over clinic days p_from..p_to (void ones left out). The
-- patient's gross share is what the identity of invoice_shares gives back:
-- total + vat_exemption + statutory_discount (= sum of the lines'
-- patient_share). Security invoker, front desk roles (reports.read).
-- ---------------------------------------------------------------------------
create function public.statutory_discounts(p_clinic_id bigint, p_from date, p_to date)
returns json language plpgsql stable set search_path = '' as $$
declare
  v_period record;
begin
  v_period := private.open_report(p_clinic_id, p_from, p_to, 731);

  return (
    with granted as materialized (
      select i.id, i.created_at, pt.name as patient_name, i.discount_id_type, i.discount_id_number,
             i.total + i.vat_exemption + i.statutory_discount as gross, i.vat_exemption, i.statutory_discount,
             i.total
        from public.invoices i
        join public.patients pt on pt.id = i.patient_id and pt.clinic_id = i.clinic_id
       where i.clinic_id = p_clinic_id
         and i.discount_id_type is not null
         and private.is_issued_in(i, v_period.starts_at, v_period.ends_at)
    )
    select pg_catalog.json_build_object(
      'from', p_from,
      'to', p_to,
      'time_zone', v_period.time_zone,
      'invoices', (
        select coalesce(pg_catalog.json_agg(r order by r.created_at, r.id), '[]'::json)
          from (
            select g.id, g.created_at, g.patient_name, g.discount_id_type, g.discount_id_number,
                   (g.gross * 100)::bigint as gross_centavos, (g.vat_exemption * 100)::bigint as vat_exemption_centavos,
                   (g.statutory_discount * 100)::bigint as discount_centavos,
                   (g.total * 100)::bigint as amount_due_centavos
              from granted g
          ) r
      ),
      'by_type', (
        select coalesce(pg_catalog.json_agg(t order by t.discount_id_type), '[]'::json)
          from (
            select g.discount_id_type, count(*)::integer as invoice_count,
                   (sum(g.gross) * 100)::bigint as gross_centavos,
                   (sum(g.vat_exemption) * 100)::bigint as vat_exemption_centavos,
                   (sum(g.statutory_discount) * 100)::bigint as discount_centavos,
                   (sum(g.total) * 100)::bigint as amount_due_centavos
              from granted g
             group by g.discount_id_type
          ) t
      ),
      'overall', (
        select pg_catalog.json_build_object(
                 'invoice_count', count(*)::integer,
                 'gross_centavos', (coalesce(sum(g.gross), 0) * 100)::bigint,
                 'vat_exemption_centavos', (coalesce(sum(g.vat_exemption), 0) * 100)::bigint,
                 'discount_centavos', (coalesce(sum(g.statutory_discount), 0) * 100)::bigint,
                 'amount_due_centavos', (coalesce(sum(g.total), 0) * 100)::bigint)
          from granted g
      )
    )
  );
end;
$$;

select private.setup_function('public.statutory_discounts(bigint, date, date)', '{authenticated,service_role}',
  'The senior citizen / PWD discounts of clinic p_clinic_id on invoices issued (not void) over clinic days '
  'p_from..p_to (at most 731): each invoice {id, created_at, patient_name, discount_id_type, discount_id_number, '
  'gross_centavos (the patient''s share before the discount), vat_exemption_centavos, discount_centavos, '
  'amount_due_centavos}, totals by ID type and overall. Money in integer centavos. Front desk roles only: 42501 '
  'report_forbidden, 22023 report_period_required / _reversed / _too_long, PT404 clinic_not_found.');
