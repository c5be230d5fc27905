import type { QueryClient } from '@tanstack/react-query';
import type { ChartMark } from './chart-summary';
import { chartKeys } from './query-keys';
import type { TreatmentPlan } from './treatment-plan';

/**
 * The visits a patient's chart shows as read so far: the visit picker's, those plan items are booked
 * on, and those entries were charted at. An `appointment-updated` payload names a visit's patient
 * after the change only, so a visit moved to another patient still concerns the chart through these.
 */
export function visitIdsOnChart(queryClient: QueryClient, clinicId: number, patientId: number): Set<number> {
  const picker = queryClient.getQueryData<readonly { id: number }[]>(chartKeys.appointments(clinicId, patientId));
  const plan = queryClient.getQueryData<TreatmentPlan>(chartKeys.plan(clinicId, patientId));
  const entries = queryClient
    .getQueriesData<readonly ChartMark[]>({ queryKey: [...chartKeys.patient(clinicId, patientId), 'as-of'] })
    .flatMap(([, marks]) => marks ?? []);
  const ids = [
    ...(picker ?? []).map((visit) => visit.id),
    ...(plan?.phases ?? []).flatMap((phase) => phase.items.map((item) => item.appointmentId)),
    ...entries.map((mark) => mark.appointment_id),
  ];
  return new Set(ids.filter((id) => id !== null));
}
