import {
  NameAndPhoneOption,
  SearchCombobox,
  type SearchComboboxTexts,
} from '@/components/search-combobox/search-combobox';
import { BILLING_EXTRA_TEXT } from '../../model/messages';
import { PATIENT_SEARCH_LIMIT, useInvoicePatientSearch, type InvoicePatient } from '../api/search-patients';
import type { ChosenPatient } from '../invoice-form';
import { normalizePatientTerm } from '../patient-search';

const TEXTS: SearchComboboxTexts = {
  placeholder: BILLING_EXTRA_TEXT.patientSearchPlaceholder,
  listLabel: 'Patients',
  searching: BILLING_EXTRA_TEXT.patientSearching,
  failed: BILLING_EXTRA_TEXT.patientsFailed,
  noMatch: BILLING_EXTRA_TEXT.patientNoMatch,
  noneYet: BILLING_EXTRA_TEXT.patientNoneYet,
  moreMatches: BILLING_EXTRA_TEXT.patientMoreMatches,
};

/**
 * Add Invoice's Patient field (spec §2, §5): a search by name with a dropdown of matches. The list
 * does not open on focus: the modal focuses this field when it opens, and a list over Total would
 * catch a click meant for it. A patient counts only when picked; typing again clears it.
 */
export function PatientSearchField({
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
    <SearchCombobox<InvoicePatient>
      id={id}
      clinicId={clinicId}
      value={value}
      invalid={invalid}
      describedBy={describedBy}
      onChange={(patient) => onChange(patient && { id: patient.id, name: patient.name })}
      useSearch={useInvoicePatientSearch}
      normalize={normalizePatientTerm}
      limit={PATIENT_SEARCH_LIMIT}
      maxLength={200}
      className="billing-patient-search"
      texts={TEXTS}
      renderOption={(patient) => <NameAndPhoneOption name={patient.name} phone={patient.phone} />}
      optionLabel={(patient) => `${patient.name}, ${patient.phone}`}
    />
  );
}
