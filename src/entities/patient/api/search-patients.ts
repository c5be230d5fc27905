import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PatientRow } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { patientContactPattern } from '../contact-search';
import { foldName, normalizePatientTerm, patientNameRegex } from '../name-match';
import { patientQueryKeys } from '../query-keys';

export type PickedPatient = Pick<PatientRow, 'id' | 'name' | 'phone'>;

/** How many matches a picker lists; typing more narrows it down. */
export const PATIENT_SEARCH_LIMIT = 20;

/** Where a search looks for the term: the name alone, or the name, the phone and the Messenger id. */
export type PatientSearchScope = 'name' | 'name-or-contact';

/**
 * The clinic's patients that are not deleted whose name (name-match.ts: case and accents do not
 * matter) or, with 'name-or-contact', phone or Messenger id (contact-search.ts) holds `term`; the
 * first ones by name when it is blank. Searched in the database (a clinic may hold thousands of
 * patients) by the function `search_patients`, called with POST: the name rule's regex grows about
 * 84 bytes a character, and in a URL a long name passed the 8 KB hosted Supabase takes (414).
 */
export async function searchPatients(
  clinicId: number,
  term: string,
  scope: PatientSearchScope,
): Promise<PickedPatient[]> {
  const namePattern = patientNameRegex(term);
  const contactPattern =
    scope === 'name-or-contact' && namePattern !== undefined ? patientContactPattern(term) : undefined;
  // A pattern left undefined stays out of the body: the function's null, no such filter.
  return throwOnError(
    await getSupabase().rpc('search_patients', {
      p_clinic_id: clinicId,
      p_limit: PATIENT_SEARCH_LIMIT,
      p_name_pattern: namePattern,
      p_contact_pattern: contactPattern,
    }),
  );
}

export function usePatientNameSearch(clinicId: number, term: string, enabled: boolean) {
  const folded = foldName(normalizePatientTerm(term));
  return useQuery({
    queryKey: patientQueryKeys.search(clinicId, folded),
    queryFn: () => searchPatients(clinicId, folded, 'name'),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
