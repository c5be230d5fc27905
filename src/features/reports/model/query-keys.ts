/** TanStack Query keys of the Reports tab, all under `['reports', clinicId]`. */
export const reportKeys = {
  all: (clinicId: number) => ['reports', clinicId] as const,
  daySheets: (clinicId: number) => [...reportKeys.all(clinicId), 'day-sheet'] as const,
  daySheet: (clinicId: number, from: string, to: string) => [...reportKeys.daySheets(clinicId), from, to] as const,
  statutoryDiscounts: (clinicId: number, from: string, to: string) =>
    [...reportKeys.all(clinicId), 'statutory-discounts', from, to] as const,
  noShowInsight: (clinicId: number, from: string, to: string) =>
    [...reportKeys.all(clinicId), 'no-show-insight', from, to] as const,
};
