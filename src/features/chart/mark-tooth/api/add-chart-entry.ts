import { useQueryClient } from '@tanstack/react-query';
import type { ChartCondition, ChartEntryState } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { chartKeys } from '../../model/query-keys';

export interface ChartEntryInput {
  tooth: number;
  surfaces: string[];
  condition: ChartCondition;
  state: ChartEntryState;
  appointment_id: number | null;
  note: string | null;
}

/** Charts one finding; the database checks tooth and surfaces and stamps who and when. */
export async function addChartEntry(
  clinicId: number,
  patientId: number,
  input: ChartEntryInput,
): Promise<{ id: number }> {
  return throwOnError(
    await getSupabase()
      .from('chart_entries')
      .insert({ ...input, clinic_id: clinicId, patient_id: patientId })
      .select('id')
      .single(),
  );
}

/** One insert at a time: a double click charts once. The chart is read again before it resolves. */
export function useAddChartEntry(clinicId: number, patientId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: chartKeys.add(clinicId, patientId),
    mutationFn: (input: ChartEntryInput) => addChartEntry(clinicId, patientId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chartKeys.patient(clinicId, patientId) }),
  });
}
