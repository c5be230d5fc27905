/** TanStack Query keys of the clinics feature; invalidate through these. */
export const clinicKeys = {
  all: ['clinics'] as const,
  list: () => [...clinicKeys.all, 'list'] as const,
};
