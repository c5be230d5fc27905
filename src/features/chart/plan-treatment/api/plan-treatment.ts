import { useQueryClient } from '@tanstack/react-query';
import type { ChartCondition } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { chartKeys } from '../../model/query-keys';

export interface PlanTreatmentInput {
  procedureId: number;
  tooth: number;
  surfaces: string[];
  phase: number;
  condition: ChartCondition;
  note: string | null;
}

/**
 * Plans one procedure on a tooth (public.plan_treatment): the item, at the procedure's price now,
 * and its planned chart entry, in one transaction; the database checks tooth and surfaces.
 */
export async function planTreatment(patientId: number, input: PlanTreatmentInput): Promise<void> {
  throwOnError(
    await getSupabase().rpc('plan_treatment', {
      p_patient_id: patientId,
      p_procedure_id: input.procedureId,
      p_tooth: input.tooth,
      p_surfaces: input.surfaces,
      p_phase: input.phase,
      p_condition: input.condition,
      ...(input.note ? { p_note: input.note } : {}),
    }),
  );
}

/** One plan at a time per patient (a double click plans once); chart and plan are read again. */
export function usePlanTreatment(clinicId: number, patientId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: chartKeys.planTreatment(clinicId, patientId),
    mutationFn: (input: PlanTreatmentInput) => planTreatment(patientId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chartKeys.patient(clinicId, patientId) }),
  });
}
