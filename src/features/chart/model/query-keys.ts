/**
 * TanStack Query keys of the chart feature, all under `['chart', clinicId, patientId]`, so one
 * invalidation (a live update, an entry added or removed) re-reads the patient's chart on every day.
 */
export const chartKeys = {
  patient: (clinicId: number, patientId: number) => ['chart', clinicId, patientId] as const,
  asOf: (clinicId: number, patientId: number, day: string) =>
    [...chartKeys.patient(clinicId, patientId), 'as-of', day] as const,
  appointments: (clinicId: number, patientId: number) =>
    [...chartKeys.patient(clinicId, patientId), 'appointments'] as const,

  add: (clinicId: number, patientId: number) => [...chartKeys.patient(clinicId, patientId), 'add'] as const,
  remove: (clinicId: number, entryId: number) => ['chart', clinicId, 'remove', entryId] as const,
};
