/** TanStack Query keys of the dentists feature; invalidate through these. */
export const dentistKeys = {
  all: ['dentists'] as const,
  lists: () => [...dentistKeys.all, 'list'] as const,
  list: (clinicId: number) => [...dentistKeys.lists(), clinicId] as const,
  availability: (clinicId: number, dentistId: number) =>
    [...dentistKeys.all, 'availability', clinicId, dentistId] as const,
  appointments: (clinicId: number, dentistId: number) =>
    [...dentistKeys.all, 'appointments', clinicId, dentistId] as const,
};
