/** TanStack Query keys of the Users & Roles feature, all under `['users', clinicId]`. */
export const userKeys = {
  all: (clinicId: number) => ['users', clinicId] as const,
  list: (clinicId: number) => [...userKeys.all(clinicId), 'list'] as const,

  // Keys of writes: a second write with the same key is ignored while one is in flight.
  create: (clinicId: number) => [...userKeys.all(clinicId), 'create'] as const,
  update: (clinicId: number, id: number) => [...userKeys.all(clinicId), 'update', id] as const,
  remove: (clinicId: number, id: number) => [...userKeys.all(clinicId), 'delete', id] as const,
};
