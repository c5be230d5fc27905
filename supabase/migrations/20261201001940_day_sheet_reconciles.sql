-- ============================================================================
-- private.day_sheet_patient_side, moved here whole from
-- 20261201001770_one_rule_for_a_period.sql. The day sheet showed a senior
-- citizen's ₱1,000.00 visit as ₱714.29 beside its ₱1,000.00 line, with no
-- VAT exemption or discount between them: a reader could not get from the
-- lines to the total. Each invoice issued now answers every step, from the
-- invoice's stored columns (20261201001510_invoice_shares.sql), none computed
-- again:
--   gross        what its lines billed (sum of line_total, after any desk
--                line discount), by the invoice's identity
--                total + hmo_share + vat_exemption + statutory_discount;
--                a total-only invoice's gross is its total
--   − vat_exemption − statutory_discount
--   = net        what the visit earns the clinic: total + hmo_share
--   − hmo_share
--   = patient_pays  invoices.total
-- Production (by dentist and overall) sums the same columns, so each of its
-- figures is the sum of the invoices' and net = gross − VAT − discount. The
-- net is what production counted before (and what a void invoice is listed
-- at); it is now named so, beside the gross. ADR 0058.
-- ============================================================================

drop function if exists private.day_sheet_patient_side(bigint, date, date);

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
