import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { patientQueryKeys } from '@/entities/patient';
import { patientKeys } from '../query-keys';
import type { PatientListItem } from './patient-columns';

/**
 * Ordering used to place a saved row in the cached list: by name, then id, in code-point order —
 * the order the database returns under the C collation (the local stack). Under another collation
 * a new row may sit slightly off until the list is next read; nothing else depends on the order.
 */
export function comparePatients(a: PatientListItem, b: PatientListItem): number {
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id - b.id;
}

/** The list with `row` in its place (replacing the row with the same id), as a new array. */
export function withPatient(list: readonly PatientListItem[], row: PatientListItem): PatientListItem[] {
  const rest = list.filter((patient) => patient.id !== row.id);
  let low = 0;
  let high = rest.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (comparePatients(rest[middle]!, row) < 0) low = middle + 1;
    else high = middle;
  }
  return [...rest.slice(0, low), row, ...rest.slice(low)];
}

export function withoutPatient(list: readonly PatientListItem[], id: number): PatientListItem[] {
  return list.filter((patient) => patient.id !== id);
}

/**
 * Keeps the cached reads of patients in step with a write the server confirmed: the list in place,
 * without reading 10,000 rows again, and the pickers' searches (Add Invoice, Add to Waitlist, Add Appointment) read
 * again, so a patient just added or renamed is found and one just deleted is not offered.
 * `refresh` reads both again (after a write found them stale).
 */
export function usePatientListCache(clinicId: number) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const key = patientKeys.list(clinicId);
    const searchesChanged = () => queryClient.invalidateQueries({ queryKey: patientQueryKeys.searches(clinicId) });
    const update = (change: (list: readonly PatientListItem[]) => PatientListItem[]) => {
      queryClient.setQueryData<PatientListItem[]>(key, (list) => (list ? change(list) : list));
      void searchesChanged();
    };
    return {
      put: (row: PatientListItem) => update((list) => withPatient(list, row)),
      remove: (id: number) => update((list) => withoutPatient(list, id)),
      refresh: () =>
        Promise.all([queryClient.invalidateQueries({ queryKey: key }), searchesChanged()]).then(() => undefined),
      forgetHistory: (patientId: number) =>
        queryClient.removeQueries({ queryKey: patientKeys.history(clinicId, patientId) }),
    };
  }, [queryClient, clinicId]);
}
