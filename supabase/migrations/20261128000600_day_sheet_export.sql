-- ============================================================================
-- The day sheet's CSV download, recorded by the database.
--
-- The Reports tab builds the day sheet's CSV in the browser, so no service saw
-- that export and the audit trail had no trace of it (every other export is
-- recorded by the export service). day_sheet_export() answers exactly what
-- day_sheet() answers, and records one export event in the same call, with the
-- row count counted here from that answer, not claimed by the browser.
-- ============================================================================

create function public.day_sheet_export(p_clinic_id bigint, p_day date)
returns json
language plpgsql
-- Definer: only to write audit_events, which no role may insert into. The access rule stays
-- day_sheet()'s own: can_read_reports() reads the caller from the request's JWT (auth.uid()),
-- which a security definer function does not change, so the caller is checked, not the owner.
security definer
set search_path = ''
as $$
declare
  v_sheet json;
  v_rows integer;
begin
  -- The same check day_sheet() makes, first, so that nothing else runs for a refused caller.
  if not public.can_read_reports(p_clinic_id) then
    raise exception 'Your role may not read reports of this clinic.' using errcode = 'insufficient_privilege';
  end if;
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
