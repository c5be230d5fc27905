import { useQuery } from '@tanstack/react-query';
import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { reportKeys } from '../../model/query-keys';
import { parseDaySheet, type DaySheet } from '../../model/report-shapes';

/** Clinic days from..to (YYYY-MM-DD, both included). */
export interface SheetRange {
  from: string;
  to: string;
}

/** The day sheet of clinic days from..to (rpc day_sheet: the database's sums, in centavos). */
export async function getDaySheet(clinicId: number, range: SheetRange): Promise<DaySheet> {
  const { data, error, status } = await getSupabase().rpc('day_sheet', {
    p_clinic_id: clinicId,
    p_from: range.from,
    p_to: range.to,
  });
  if (error) throw toRequestError(error, status);
  return parseDaySheet(data);
}

export function useDaySheet(clinicId: number, range: SheetRange) {
  return useQuery({
    queryKey: reportKeys.daySheet(clinicId, range.from, range.to),
    queryFn: () => getDaySheet(clinicId, range),
    // Live updates reach it only while Reports is open: a payment or invoice taken in Billing
    // meanwhile must be on the sheet when Reports opens again, not 30 s later.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
