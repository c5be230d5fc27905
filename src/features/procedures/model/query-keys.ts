/**
 * TanStack Query keys of the procedures feature, all under `['procedures', clinicId]`, so one
 * invalidation refreshes every procedures read of that clinic.
 */
export const procedureKeys = {
  all: (clinicId: number) => ['procedures', clinicId] as const,
  categories: (clinicId: number) => [...procedureKeys.all(clinicId), 'categories'] as const,

  // Keys of writes: a second write with the same key is ignored while one is in flight
  // (src/lib/use-guarded-mutation.ts).
  addCategory: (clinicId: number) => [...procedureKeys.all(clinicId), 'add-category'] as const,
  addProcedure: (clinicId: number, categoryId: number) =>
    [...procedureKeys.all(clinicId), 'add-procedure', categoryId] as const,
  saveProcedure: (clinicId: number, procedureId: number) =>
    [...procedureKeys.all(clinicId), 'save-procedure', procedureId] as const,
  deleteProcedure: (clinicId: number, procedureId: number) =>
    [...procedureKeys.all(clinicId), 'delete-procedure', procedureId] as const,
};
