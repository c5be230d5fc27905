import { useQuery } from '@tanstack/react-query';
import { centavosOfStored } from '@/entities/money';
import type { ChartCondition, PlanItemStatus } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { chartKeys } from '../../model/query-keys';
import { groupPlan, type PlanItem, type TreatmentPlan } from '../../model/treatment-plan';

interface ItemRead {
  id: number;
  tooth: number;
  surfaces: string[];
  condition: ChartCondition;
  phase: number;
  status: PlanItemStatus;
  procedure_id: number | null;
  procedure_name: string;
  price: string;
  appointment_id: number | null;
  planned_by_name: string | null;
  decided_at: string | null;
  decided_by_name: string | null;
  done_at: string | null;
}

const toItem = (row: ItemRead, pending: ReadonlySet<number>): PlanItem => ({
  id: row.id,
  tooth: row.tooth,
  surfaces: row.surfaces,
  condition: row.condition,
  phase: row.phase,
  status: row.status,
  procedureId: row.procedure_id,
  procedureName: row.procedure_name,
  priceCentavos: centavosOfStored(row.price),
  appointmentId: row.appointment_id,
  booked: row.appointment_id !== null && pending.has(row.appointment_id),
  plannedByName: row.planned_by_name,
  decidedAt: row.decided_at,
  decidedByName: row.decided_by_name,
  doneAt: row.done_at,
});

/**
 * The patient's plan items (by phase, then as planned), whether each is booked on a visit still to
 * come, and the plan's totals from public.treatment_plan_totals.
 */
export async function getTreatmentPlan(clinicId: number, patientId: number): Promise<TreatmentPlan> {
  const supabase = getSupabase();
  const [items, totals, pending] = await Promise.all([
    supabase
      .from('treatment_plan_items')
      .select(
        'id, tooth, surfaces, condition, phase, status, procedure_id, procedure_name, price::text, appointment_id, ' +
          'planned_by_name, decided_at, decided_by_name, done_at',
      )
      .eq('clinic_id', clinicId)
      .eq('patient_id', patientId)
      .order('phase')
      .order('id')
      .overrideTypes<ItemRead[], { merge: false }>(),
    supabase
      .from('treatment_plan_totals')
      .select('phase, item_count, total_centavos, done_centavos, open_centavos')
      .eq('clinic_id', clinicId)
      .eq('patient_id', patientId),
    // The patient's visits still to come: an item booked on one cancelled or deleted since is not 'Booked'.
    supabase
      .from('appointments')
      .select('id')
      .eq('clinic_id', clinicId)
      .eq('patient_id', patientId)
      .eq('deleted', false)
      .in('status', ['Scheduled', 'Confirmed']),
  ]);
  const pendingIds = new Set(throwOnError(pending).map((row) => row.id));
  return groupPlan(
    throwOnError(items).map((row) => toItem(row, pendingIds)),
    throwOnError(totals).map((row) => ({
      phase: row.phase,
      itemCount: row.item_count,
      totalCentavos: row.total_centavos,
      doneCentavos: row.done_centavos,
      openCentavos: row.open_centavos,
    })),
  );
}

export function useTreatmentPlan(clinicId: number, patientId: number) {
  return useQuery({
    queryKey: chartKeys.plan(clinicId, patientId),
    queryFn: () => getTreatmentPlan(clinicId, patientId),
  });
}
