/**
 * TanStack Query keys of the waitlist feature, all under `['waitlist', clinicId]`, so one
 * invalidation of `waitlistKeys.all(clinicId)` (live updates, an add or a removal) refreshes
 * every waitlist read of that clinic.
 */
export const waitlistKeys = {
  all: (clinicId: number) => ['waitlist', clinicId] as const,
  entries: (clinicId: number) => [...waitlistKeys.all(clinicId), 'entries'] as const,
  dentists: (clinicId: number) => [...waitlistKeys.all(clinicId), 'dentists'] as const,

  // Keys of writes: a second write with the same key is ignored while one is in flight.
  add: (clinicId: number) => [...waitlistKeys.all(clinicId), 'add'] as const,
  remove: (clinicId: number, entryId: number) => [...waitlistKeys.all(clinicId), 'remove', entryId] as const,
};
