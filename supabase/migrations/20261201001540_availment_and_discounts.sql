-- ============================================================================
-- What an HMO visit and a statutory discount leave on paper: the availment
-- form the patient and dentist sign for the HMO, and the register of senior
-- citizen / PWD discounts a clinic must keep. Both read the columns of
-- 20261201001510_invoice_shares.sql; neither writes anything.
-- See docs/adr/0053-availment-form-and-discounts-report.md.
--
--   hmo_availment(invoice)      one invoice's form: clinic, dentist, patient,
--                               card, visit day, lines with their HMO share.
--   statutory_discounts(...)    the discounts granted over clinic days, with
--                               totals per ID type and overall.
--   statutory_discounts_export  the same, recorded in the audit trail.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- hmo_availment: the availment form of one invoice billed to an HMO.
-- Security invoker: the invoice is read under billing.read, the patient, card
-- and HMO under patients.read, so another clinic's invoice reads as null.
-- ---------------------------------------------------------------------------
create function public.hmo_availment(p_invoice_id bigint)
returns json language plpgsql stable set search_path = '' as $$
declare
  v_invoice public.invoices;
begin
  select i.* into v_invoice from public.invoices i where i.id = p_invoice_id;
  if not found then
    return null;
  end if;
  if v_invoice.hmo_id is null then
    raise exception 'Invoice #% was not billed to an HMO: it has no availment form.', p_invoice_id
      using errcode = 'invalid_parameter_value', hint = 'availment_without_hmo';
  end if;

  return (
    select pg_catalog.json_build_object(
      'invoice_id', v_invoice.id,
      'clinic_name', c.name,
      'clinic_address', c.address,
      'clinic_phone', c.contact_phone,
      'clinic_email', c.contact_email,
      'clinic_time_zone', c.timezone,
      'dentist_name', d.name,
      'patient_name', pt.name,
      'hmo_name', h.name,
      'member_number', k.member_number,
      'company', k.company,
      'valid_from', k.valid_from,
      'valid_until', k.valid_until,
      -- The visit's clinic day: the billed appointment's, else the day the invoice was made.
      'visit_date', (coalesce(a.appointment_time, v_invoice.created_at) at time zone c.timezone)::date,
      'voided_at', v_invoice.voided_at,
      'hmo_total_centavos', (v_invoice.hmo_share * 100)::bigint,
      'items', (
        select coalesce(pg_catalog.json_agg(r order by r.position), '[]'::json)
          from (
            -- The label's own rule writes the surfaces ('MO'; '' for none), so they read as in the label.
            select it.position, it.label, it.tooth, public.invoice_item_label(null, it.surfaces, null) as surfaces,
                   (it.line_total * 100)::bigint as line_total_centavos, (it.hmo_share * 100)::bigint as hmo_share_centavos
              from public.invoice_items it
             where it.invoice_id = v_invoice.id and it.clinic_id = v_invoice.clinic_id
          ) r
      )
    )
    from public.clinics c
    join public.patients pt on pt.id = v_invoice.patient_id and pt.clinic_id = v_invoice.clinic_id
    join public.hmos h on h.id = v_invoice.hmo_id and h.clinic_id = v_invoice.clinic_id
    left join public.patient_hmo_cards k on k.id = v_invoice.hmo_card_id and k.clinic_id = v_invoice.clinic_id
    left join public.appointments a on a.id = v_invoice.appointment_id and a.clinic_id = v_invoice.clinic_id
    left join public.dentists d on d.id = a.dentist_id and d.clinic_id = a.clinic_id
   where c.id = v_invoice.clinic_id
  );
end;
$$;

select private.setup_function('public.hmo_availment(bigint)', '{authenticated,service_role}',
  'The HMO availment form of invoice p_invoice_id: clinic (name, address, phone, e-mail, time zone), the billed '
  'appointment''s dentist (null when none), patient, the HMO and the card billed (member number, company, valid '
  'from / until; null when the card was deleted since), the visit''s clinic day, voided_at, the HMO total '
  '(invoices.hmo_share) and each line {position, label, tooth, surfaces (''MO'', as in the label), line_total_centavos, hmo_share_centavos}. '
  'Money in integer centavos. Null for an invoice the caller cannot see; 22023 availment_without_hmo for one not '
  'billed to an HMO.');

-- ---------------------------------------------------------------------------
-- statutory_discounts is in 20261201001770_one_rule_for_a_period.sql: an invoice issued in the
-- period is asked of private.is_issued_in, as the day sheet asks it.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- statutory_discounts_export: the same answer, recorded in the audit trail
-- like the day sheet's export.
-- ---------------------------------------------------------------------------
create function public.statutory_discounts_export(p_clinic_id bigint, p_from date, p_to date)
-- Definer: only to write audit_events, which no role may insert into. The access rule stays
-- statutory_discounts()'s own: can_read_reports() reads the caller from the request's JWT.
returns json language plpgsql security definer set search_path = '' as $$
declare
  v_report json;
begin
  perform private.require_report_access(p_clinic_id);
  v_report := public.statutory_discounts(p_clinic_id, p_from, p_to);

  perform private.record_export(p_clinic_id, auth.uid(), 'statutory-discounts',
    pg_catalog.json_array_length(v_report -> 'invoices'), pg_catalog.jsonb_build_object('from', p_from, 'to', p_to),
    'browser');

  return v_report;
end;
$$;

select private.setup_function('public.statutory_discounts_export(bigint, date, date)', '{authenticated,service_role}',
  'statutory_discounts() for its CSV download, recorded in the audit trail (kind statutory-discounts, rows = '
  'invoices listed, filters {"from", "to"}). Errors as statutory_discounts().');
