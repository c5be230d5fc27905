import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { normalizePatientTerm, searchPatients } from '@/entities/patient';
import { appointmentKeys } from '../../model/query-keys';

/**
 * The booking form's patient type-ahead: the clinic's patients by name, phone or Messenger id
 * (the patient entity's search), kept under the appointments' keys so that a patient changed in
 * another tab refreshes it with the rest of the tab.
 */
export function usePatientSearch(clinicId: number, term: string, enabled: boolean) {
  const normalized = normalizePatientTerm(term);
  return useQuery({
    queryKey: [...appointmentKeys.patients(clinicId), 'search', normalized],
    queryFn: () => searchPatients(clinicId, normalized, 'name-or-contact'),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
