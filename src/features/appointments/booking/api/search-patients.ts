import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { normalizePatientTerm, patientQueryKeys, searchPatients } from '@/entities/patient';

/**
 * The booking form's patient type-ahead: the clinic's patients by name, phone or Messenger id
 * (the patient entity's search), kept under the entity's searches with the other pickers', so that
 * a patient added, edited or deleted refreshes it as it does them.
 */
export function usePatientSearch(clinicId: number, term: string, enabled: boolean) {
  const normalized = normalizePatientTerm(term);
  return useQuery({
    queryKey: patientQueryKeys.contactSearch(clinicId, normalized),
    queryFn: () => searchPatients(clinicId, normalized, 'name-or-contact'),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
