import { SearchCombobox, type SearchComboboxTexts } from '@/components/search-combobox/search-combobox';
import { normalizePatientTerm, PATIENT_SEARCH_LIMIT, type ChosenPatient, type PickedPatient } from '@/entities/patient';
import { usePatientSearch } from '../api/search-patients';
import { patientOptionLabel } from '../choices';
import { BOOKING_EXTRA_TEXT } from '../messages';

const TEXTS: SearchComboboxTexts = {
  placeholder: 'Search by name, phone or Messenger ID',
  listLabel: 'Patients',
  searching: 'Searching…',
  failed: BOOKING_EXTRA_TEXT.patientsFailed,
  noMatch: (term) => `No patients match “${term}”.`,
  noneYet: 'No patients yet.',
  moreMatches: (limit) => `First ${limit} matches. Type more to narrow down.`,
};

/**
 * The Patient select, searchable (a clinic may hold thousands of patients): a type-ahead over the
 * clinic's patients that are not deleted, searched in the database. It opens on focus too; Enter
 * picks a match and never submits the booking form; typing again clears the chosen patient.
 */
export function PatientCombobox({
  id,
  clinicId,
  value,
  invalid,
  describedBy,
  onChange,
}: {
  id: string;
  clinicId: number;
  value: ChosenPatient | null;
  invalid: boolean;
  describedBy?: string;
  onChange: (patient: ChosenPatient | null) => void;
}) {
  return (
    <SearchCombobox<PickedPatient>
      id={id}
      clinicId={clinicId}
      value={value}
      invalid={invalid}
      describedBy={describedBy}
      onChange={(patient) => onChange(patient && { id: patient.id, name: patient.name })}
      useSearch={usePatientSearch}
      normalize={normalizePatientTerm}
      limit={PATIENT_SEARCH_LIMIT}
      openOnFocus
      texts={TEXTS}
      renderOption={patientOptionLabel}
    />
  );
}
