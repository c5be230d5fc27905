import { patientQueryKeys } from '@/entities/patient';

/**
 * TanStack Query keys of the patients feature; read and invalidate through these. They sit under
 * the patient entity's root, beside the pickers' searches.
 */
export const patientKeys = {
  all: patientQueryKeys.all,
  lists: () => [...patientKeys.all, 'list'] as const,
  list: (clinicId: number) => [...patientKeys.lists(), clinicId] as const,
  histories: () => [...patientKeys.all, 'history'] as const,
  history: (clinicId: number, patientId: number) => [...patientKeys.histories(), clinicId, patientId] as const,
  appointmentCount: (clinicId: number, patientId: number) =>
    [...patientKeys.all, 'appointment-count', clinicId, patientId] as const,
  /** Who a Messenger ID belongs to (the Edit Patient form's link). */
  messengerContact: (clinicId: number, psid: string) =>
    [...patientKeys.all, 'messenger-contact', clinicId, psid] as const,

  // Keys of writes, per form or record: a second write with the same key is ignored while one
  // is in flight (src/lib/use-guarded-mutation.ts).
  /** Add Patient, one per clinic. */
  create: (clinicId: number) => [...patientKeys.all, 'create', clinicId] as const,
  update: (patientId: number) => [...patientKeys.all, 'update', patientId] as const,
  delete: (patientId: number) => [...patientKeys.all, 'delete', patientId] as const,
};
