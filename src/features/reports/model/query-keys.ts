/** TanStack Query keys of the Reports tab, all under `['reports', clinicId]`. */
export const reportKeys = {
  all: (clinicId: number) => ['reports', clinicId] as const,
  daySheet: (clinicId: number, day: string) => [...reportKeys.all(clinicId), 'day-sheet', day] as const,
  noShowInsight: (clinicId: number, from: string, to: string) =>
    [...reportKeys.all(clinicId), 'no-show-insight', from, to] as const,
};
