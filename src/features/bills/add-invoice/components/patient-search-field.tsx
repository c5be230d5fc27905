import type { SearchComboboxTexts } from '@/components/search-combobox/search-combobox';
import { PatientPicker, type PatientPickerProps } from '@/entities/patient';
import { BILLING_EXTRA_TEXT } from '../../model/messages';

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
 * Add Invoice's Patient field: the shared patient picker (a search by name among
 * the clinic's patients) in Billing's words.
 */
export function PatientSearchField(props: Omit<PatientPickerProps, 'texts' | 'className'>) {
  return <PatientPicker {...props} texts={TEXTS} className="billing-patient-search" />;
}
