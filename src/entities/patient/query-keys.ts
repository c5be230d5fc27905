import type { QueryClient } from '@tanstack/react-query';

/**
 * TanStack Query keys of patient data, all under `['patients']`: the patients feature builds its
 * keys on `all`, and every patient picker (Add Invoice, Add to Waitlist, Add Appointment) searches
 * under `searches`, so one invalidation refreshes every picker and one of `all` every read of patients.
 */
export const patientQueryKeys = {
  all: ['patients'] as const,
  searches: (clinicId: number) => [...patientQueryKeys.all, 'search', clinicId] as const,
  /** A picker's search; `term` is folded (foldName), so 'Nina' and 'niña' share one read. */
  search: (clinicId: number, term: string) => [...patientQueryKeys.searches(clinicId), term] as const,
  /** A search of names, phones and Messenger ids (the booking form's); `term` as normalizePatientTerm gives it. */
  contactSearch: (clinicId: number, term: string) =>
    [...patientQueryKeys.searches(clinicId), 'name-or-contact', term] as const,
};

/**
 * The root of every read of one patient's dental chart and treatment plan (the chart feature builds
 * its keys on it). Writes of other features that change them (a visit's plan items done, a visit's
 * status, which reopens its work or unbooks its items, a visit booked, moved or deleted) invalidate
 * it, so a chart open or cached reads them again instead of showing work as still planned.
 */
export const patientChartKey = (clinicId: number, patientId: number) => ['chart', clinicId, patientId] as const;

export const invalidatePatientChart = (queryClient: QueryClient, clinicId: number, patientId: number) =>
  queryClient.invalidateQueries({ queryKey: patientChartKey(clinicId, patientId) });
