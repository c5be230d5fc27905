import { useQuery } from '@tanstack/react-query';
import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { reportKeys } from '../../model/query-keys';
import { parseDaySheet, type DaySheet } from '../../model/report-shapes';

/** The day sheet of one clinic day (rpc day_sheet: the billing views' own amounts, in centavos). */
export async function getDaySheet(clinicId: number, day: string): Promise<DaySheet> {
  const { data, error, status } = await getSupabase().rpc('day_sheet', { p_clinic_id: clinicId, p_day: day });
  if (error) throw toRequestError(error, status);
  return parseDaySheet(data);
}

export function useDaySheet(clinicId: number, day: string | null) {
  return useQuery({
    queryKey: reportKeys.daySheet(clinicId, day ?? ''),
    queryFn: () => getDaySheet(clinicId, day!),
    enabled: day !== null,
  });
}
