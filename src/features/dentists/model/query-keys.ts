/** TanStack Query keys of the dentists feature; invalidate through these. */
export const dentistKeys = {
  all: ['dentists'] as const,
  lists: () => [...dentistKeys.all, 'list'] as const,
  list: (clinicId: number) => [...dentistKeys.lists(), clinicId] as const,
  availability: (clinicId: number, dentistId: number) =>
    [...dentistKeys.all, 'availability', clinicId, dentistId] as const,
  appointments: (clinicId: number, dentistId: number) =>
    [...dentistKeys.all, 'appointments', clinicId, dentistId] as const,

  // Keys of writes, per form or record: a second write with the same key is ignored while one
  // is in flight (src/lib/use-guarded-mutation.ts).
  /** Add Dentist, one per clinic. */
  create: (clinicId: number) => [...dentistKeys.all, 'create', clinicId] as const,
  update: (dentistId: number) => [...dentistKeys.all, 'update', dentistId] as const,
  /** The Status toggle, per dentist: a second click while one is on its way would flip it back. */
  toggleStatus: (dentistId: number) => [...dentistKeys.all, 'toggle-status', dentistId] as const,
  delete: (dentistId: number) => [...dentistKeys.all, 'delete', dentistId] as const,
  /** Save and Delete all of the Availability Manager, per dentist. */
  saveAvailabilityDay: (dentistId: number) => [...dentistKeys.all, 'save-availability-day', dentistId] as const,
  deleteAvailabilityBlock: (blockId: number) => [...dentistKeys.all, 'delete-availability-block', blockId] as const,
};
