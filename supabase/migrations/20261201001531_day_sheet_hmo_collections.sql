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

alter function public.day_sheet(bigint, date, date) rename to day_sheet_patient_side;
alter function public.day_sheet_patient_side(bigint, date, date) set schema private;

revoke execute on function private.day_sheet_patient_side(bigint, date, date) from public, anon, authenticated;
grant execute on function private.day_sheet_patient_side(bigint, date, date) to authenticated, service_role;

create function public.day_sheet(p_clinic_id bigint, p_from date, p_to date)
returns json language plpgsql stable set search_path = '' as $$
declare
  v_sheet jsonb;
begin
  -- Access and the period's checks are the patient side's own (it raises first).
  v_sheet := private.day_sheet_patient_side(p_clinic_id, p_from, p_to)::jsonb;
  return (
    with collected as materialized (
      select p.id, p.batch_id, h.name as hmo_name, p.amount, p.received_on, p.reference_number, p.recorded_by_name
        from public.hmo_payments p
        join public.hmos h on h.id = p.hmo_id and h.clinic_id = p.clinic_id
       where p.clinic_id = p_clinic_id and p.received_on between p_from and p_to
    )
    select (v_sheet || pg_catalog.jsonb_build_object(
      'hmo_collections', pg_catalog.jsonb_build_object(
        'payments', (
          select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
                   'id', c.id,
                   'batch_id', c.batch_id,
                   'hmo_name', c.hmo_name,
                   'amount_centavos', (c.amount * 100)::bigint,
                   'received_on', c.received_on,
                   'reference_number', c.reference_number,
                   'recorded_by_name', c.recorded_by_name
                 ) order by c.received_on, c.hmo_name, c.id), '[]'::jsonb)
            from collected c
        ),
        'total_centavos', (select (coalesce(sum(c.amount), 0) * 100)::bigint from collected c)
      )))::json
  );
end;
$$;

comment on function public.day_sheet(bigint, date, date) is
  'The day sheet of clinic p_clinic_id for clinic days p_from..p_to: everything private.day_sheet_patient_side '
  'answers (appointments, production, patients'' payments and totals, voids, open invoices), and apart from it '
  'hmo_collections: the HMO payments received on those days {payments: [...], total_centavos}. Errors as the '
  'patient side.';

revoke execute on function public.day_sheet(bigint, date, date) from public, anon, authenticated;
grant execute on function public.day_sheet(bigint, date, date) to authenticated, service_role;

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

  insert into public.audit_events (clinic_id, entity, entity_label, action, after, actor_user_id, source)
  values (p_clinic_id, 'export', 'day-sheet', 'export',
          pg_catalog.jsonb_build_object('kind', 'day-sheet', 'rows', v_rows,
                                        'filters', pg_catalog.jsonb_build_object('from', p_from, 'to', p_to)),
          auth.uid(), 'browser');

  return v_sheet;
end;
$$;

comment on function public.day_sheet_export(bigint, date, date) is
  'The day sheet of clinic p_clinic_id for p_from..p_to, exactly as day_sheet() answers it, for its CSV download: '
  'records the export in the audit trail (kind day-sheet, rows = appointments + production lines + invoices issued '
  'and their lines + payments + HMO collections + voids + open invoices, filters {"from", "to"}). Errors as day_sheet().';

revoke execute on function public.day_sheet_export(bigint, date, date) from public, anon, authenticated;
grant execute on function public.day_sheet_export(bigint, date, date) to authenticated, service_role;
