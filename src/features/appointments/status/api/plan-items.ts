import { useQueryClient } from '@tanstack/react-query';
import { invalidatePatientChart } from '@/entities/patient/query-keys';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { appointmentKeys } from '../../model/query-keys';

/** An open item of the patient's treatment plan, as the Completed dialog offers it. */
export interface OpenPlanItem {
  id: number;
  procedure_name: string;
  tooth: number;
  surfaces: string[];
  /** The appointment it was booked for: this one's items start checked. */
  appointment_id: number | null;
}

/** The patient's proposed and accepted plan items, by phase then as planned (plan.read: every clinic role). */
export async function getOpenPlanItems(clinicId: number, patientId: number): Promise<OpenPlanItem[]> {
  return throwOnError(
    await getSupabase()
      .from('treatment_plan_items')
      .select('id, procedure_name, tooth, surfaces, appointment_id')
      .eq('clinic_id', clinicId)
      .eq('patient_id', patientId)
      .in('status', ['proposed', 'accepted'])
      .order('phase')
      .order('id'),
  );
}

/**
 * Marks the items done at this (Completed) appointment: public.complete_plan_items charts the work
 * completed and removes the caries it treated, all or nothing. Answers the ids done: an item
 * withdrawn from the plan since the dialog offered it is passed over.
 */
export async function completePlanItems(appointmentId: number, itemIds: readonly number[]): Promise<number[]> {
  const done = throwOnError(
    await getSupabase()
      .rpc('complete_plan_items', { p_appointment_id: appointmentId, p_item_ids: [...itemIds] })
      .select('id'),
  );
  return done.map((item) => item.id);
}

export interface PlanItemsDone {
  clinicId: number;
  appointmentId: number;
  patientId: number;
  itemIds: readonly number[];
}

/**
 * Marks the ticked items done, once per appointment at a time; then the patient's chart and plan
 * are read again wherever they are shown or cached (the work is charted completed, the items
 * done), even after a failure: a call whose answer was lost may have done them.
 */
export function useCompletePlanItems() {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: (input: PlanItemsDone) => appointmentKeys.completePlanItems(input.appointmentId),
    mutationFn: (input: PlanItemsDone) => completePlanItems(input.appointmentId, input.itemIds),
    onSettled: (_done, _error, input) => invalidatePatientChart(queryClient, input.clinicId, input.patientId),
  });
}
