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

-- private.day_sheet_patient_side is in 20261201001940_day_sheet_reconciles.sql: each invoice
-- issued goes from the gross of its lines through the HMO share, VAT exemption and statutory
-- discount to what the patient pays, and production is gross and net.

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
