/** TanStack Query keys of the patients feature; read and invalidate through these. */
export const patientKeys = {
  all: ['patients'] as const,
  lists: () => [...patientKeys.all, 'list'] as const,
  list: (clinicId: number) => [...patientKeys.lists(), clinicId] as const,
  histories: () => [...patientKeys.all, 'history'] as const,
  history: (clinicId: number, patientId: number) => [...patientKeys.histories(), clinicId, patientId] as const,
  appointmentCount: (clinicId: number, patientId: number) =>
    [...patientKeys.all, 'appointment-count', clinicId, patientId] as const,
};
