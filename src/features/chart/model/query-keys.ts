import { patientChartKey } from '@/entities/patient/query-keys';

/**
 * TanStack Query keys of the chart feature, all under `['chart', clinicId, patientId]`
 * (patientChartKey, which other features invalidate), so one invalidation (a live update, an entry
 * added or removed, a visit completed in Appointments) re-reads the patient's chart on every day.
 */
export const chartKeys = {
  patient: patientChartKey,
  asOf: (clinicId: number, patientId: number, day: string) =>
    [...chartKeys.patient(clinicId, patientId), 'as-of', day] as const,
  appointments: (clinicId: number, patientId: number) =>
    [...chartKeys.patient(clinicId, patientId), 'appointments'] as const,

  /** The patient's treatment plan: under the chart's key, so chart-updated and every chart write re-read it too. */
  plan: (clinicId: number, patientId: number) => [...chartKeys.patient(clinicId, patientId), 'plan'] as const,
  /** The price list the plan form picks from, with each procedure's chart condition. */
  procedures: (clinicId: number) => ['chart', clinicId, 'procedures'] as const,
  dentists: (clinicId: number) => ['chart', clinicId, 'dentists'] as const,

  add: (clinicId: number, patientId: number) => [...chartKeys.patient(clinicId, patientId), 'add'] as const,
  planTreatment: (clinicId: number, patientId: number) =>
    [...chartKeys.patient(clinicId, patientId), 'plan-treatment'] as const,
  decide: (clinicId: number, itemId: number) => ['chart', clinicId, 'decide', itemId] as const,
  withdraw: (clinicId: number, itemId: number) => ['chart', clinicId, 'withdraw', itemId] as const,
  remove: (clinicId: number, entryId: number) => ['chart', clinicId, 'remove', entryId] as const,
};
