/** TanStack Query keys of Clinic Config's HMOs; every key starts with 'hmos', so one invalidation reaches the Patients tab's HMO list too. */
export const hmoKeys = {
  all: ['hmos'] as const,
  clinic: (clinicId: number) => [...hmoKeys.all, 'clinic', clinicId] as const,
  procedures: (clinicId: number) => [...hmoKeys.all, 'procedures', clinicId] as const,
  save: (clinicId: number, hmoId: number | 'new') => [...hmoKeys.all, 'save', clinicId, hmoId] as const,
  addCoverage: (hmoId: number) => [...hmoKeys.all, 'add-coverage', hmoId] as const,
  removeCoverage: (coverageId: number) => [...hmoKeys.all, 'remove-coverage', coverageId] as const,
};
