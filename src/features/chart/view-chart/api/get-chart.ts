import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import type { ChartMark } from '../../model/chart-summary';
import { chartKeys } from '../../model/query-keys';

/** The patient's chart as it stood at the end of clinic day `day` (public.chart_as_of), by tooth and time. */
export async function getChartAsOf(patientId: number, day: string): Promise<ChartMark[]> {
  const rows = throwOnError(
    await getSupabase()
      .rpc('chart_as_of', { p_patient_id: patientId, p_as_of: day })
      .select(
        'id, tooth, surfaces, condition, state, note, appointment_id, recorded_at, recorded_by_name, ' +
          'appointment:appointments(appointment_time)',
      ),
  );
  return rows as unknown as ChartMark[];
}

/** Another day's chart keeps the previous one on screen until it arrives, so the teeth do not blink. */
export function useChartAsOf(clinicId: number, patientId: number, day: string) {
  return useQuery({
    queryKey: chartKeys.asOf(clinicId, patientId, day),
    queryFn: () => getChartAsOf(patientId, day),
    placeholderData: keepPreviousData,
  });
}
