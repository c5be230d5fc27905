import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { reportKeys } from '../../model/query-keys';
import { parseDaySheet, type DaySheet } from '../../model/report-shapes';
import type { SheetRange } from './get-day-sheet';

/**
 * The day sheet for its CSV download (rpc day_sheet_export): the same answer as day_sheet, and the
 * database records the export in the audit trail (who, the range, its row count counted there).
 */
export async function exportDaySheet(clinicId: number, range: SheetRange): Promise<DaySheet> {
  const { data, error, status } = await getSupabase().rpc('day_sheet_export', {
    p_clinic_id: clinicId,
    p_from: range.from,
    p_to: range.to,
  });
  if (error) throw toRequestError(error, status);
  return parseDaySheet(data);
}

/** One download at a time per clinic: a double click records and downloads once. */
export function useExportDaySheet(clinicId: number) {
  return useGuardedMutation({
    mutationKey: [...reportKeys.all(clinicId), 'day-sheet-export'],
    mutationFn: (range: SheetRange) => exportDaySheet(clinicId, range),
  });
}
