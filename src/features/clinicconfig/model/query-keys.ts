/**
 * TanStack Query keys of the clinics feature; invalidate through these. The list is also what the
 * dashboard's clinic selector reads, so a new clinic shows there as soon as the list is invalidated.
 */
export const clinicKeys = {
  all: ['clinics'] as const,
  list: () => [...clinicKeys.all, 'list'] as const,
  /** One clinic's settings as Clinic Configuration shows them. */
  detail: (clinicId: number) => [...clinicKeys.all, 'detail', clinicId] as const,

  // Keys of writes: a second write with the same key is ignored while one is in flight
  // (src/lib/use-guarded-mutation.ts).
  save: (clinicId: number | 'new') => [...clinicKeys.all, 'save', clinicId] as const,
  selectPage: (clinicId: number) => [...clinicKeys.all, 'select-page', clinicId] as const,
  disconnectPage: (clinicId: number) => [...clinicKeys.all, 'disconnect-page', clinicId] as const,
};
