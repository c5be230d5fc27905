import {
  NameAndPhoneOption,
  SearchCombobox,
  type SearchComboboxTexts,
} from '@/components/search-combobox/search-combobox';
import { PATIENT_SEARCH_LIMIT, usePatientNameSearch } from '../api/search-patients';
import { normalizePatientTerm } from '../name-match';

export interface ChosenPatient {
  id: number;
  name: string;
}

export interface PatientPickerProps {
  id: string;
  clinicId: number;
  value: ChosenPatient | null;
  invalid: boolean;
  describedBy?: string;
  onChange: (patient: ChosenPatient | null) => void;
  /** The form's own words (placeholder, searching, no match, …). */
  texts: SearchComboboxTexts;
  className?: string;
}

/**
 * A Patient field of a form: a search by name (case and accents do not matter) with a dropdown of
 * the clinic's patients, each with their phone. A patient counts only when picked; typing again
 * clears it. The list does not open on focus: the forms that use it (Add Invoice, Add to
 * Waitlist) focus the field when they open, and a list over the next field would catch a click
 * meant for it. Each form keeps its own words (`texts`) and its class.
 */
export function PatientPicker({
  id,
  clinicId,
  value,
  invalid,
  describedBy,
  onChange,
  texts,
  className,
}: PatientPickerProps) {
  return (
    <SearchCombobox
      id={id}
      clinicId={clinicId}
      value={value}
      invalid={invalid}
      describedBy={describedBy}
      onChange={(patient) => onChange(patient && { id: patient.id, name: patient.name })}
      useSearch={usePatientNameSearch}
      normalize={normalizePatientTerm}
      limit={PATIENT_SEARCH_LIMIT}
      maxLength={200}
      className={className}
      texts={texts}
      renderOption={(patient) => <NameAndPhoneOption name={patient.name} phone={patient.phone} />}
      optionLabel={(patient) => `${patient.name}, ${patient.phone}`}
    />
  );
}
