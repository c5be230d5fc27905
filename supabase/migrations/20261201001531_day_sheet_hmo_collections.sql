-- ============================================================================
-- The day sheet lists HMO collections apart from patients' payments: what
-- HMOs paid (hmo_payments) on the period's days, by date received, with their
-- own total. The patients' collections, totals and grand total are unchanged.
-- See docs/adr/0052-hmo-claims-and-batches.md.
--
-- The patient side of the sheet stays written once: the function of
-- 20261201001320_day_sheet_range.sql moves to private.day_sheet_patient_side
-- and public.day_sheet answers its object with 'hmo_collections' added.
-- ============================================================================

-- private.day_sheet_patient_side is in 20261201001730_cashiers_by_account.sql.

-- public.day_sheet (the patient side plus hmo_collections) is in 20261201001550_void_hmo_payment.sql.

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
