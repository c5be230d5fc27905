/** TanStack Query keys of the Recalls tab; read and invalidate through these. */
export const recallKeys = {
  all: (clinicId: number) => ['recalls', clinicId] as const,
  dueList: (clinicId: number) => [...recallKeys.all(clinicId), 'due'] as const,
  requests: (clinicId: number) => [...recallKeys.all(clinicId), 'requests'] as const,
  interval: (clinicId: number) => [...recallKeys.all(clinicId), 'interval'] as const,
  /** One send at a time per patient (src/lib/use-guarded-mutation.ts). */
  send: (patientId: number) => ['recalls', 'send', patientId] as const,
  dismiss: (requestId: number) => ['recalls', 'dismiss', requestId] as const,
};
