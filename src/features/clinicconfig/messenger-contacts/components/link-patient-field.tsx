import {
  NameAndPhoneOption,
  SearchCombobox,
  type SearchComboboxTexts,
} from '@/components/search-combobox/search-combobox';
import { LINK_SEARCH_LIMIT, useLinkPatientSearch, type LinkPatient } from '../api/search-link-patients';
import { normalizeLinkTerm } from '../link-contact';
import { LINK_TEXT } from '../messages';

const TEXTS: SearchComboboxTexts = {
  placeholder: LINK_TEXT.searchPlaceholder,
  listLabel: 'Patients',
  searching: LINK_TEXT.searching,
  failed: LINK_TEXT.searchFailed,
  noMatch: LINK_TEXT.noMatch,
  noneYet: LINK_TEXT.noneYet,
  moreMatches: LINK_TEXT.moreMatches,
};

/**
 * Link to patient's Patient field: a search by name with a dropdown of matches. A patient counts
 * only when picked from the matches; typing again clears the choice.
 */
export function LinkPatientField({
  id,
  clinicId,
  value,
  describedBy,
  onChange,
}: {
  id: string;
  clinicId: number;
  value: LinkPatient | null;
  describedBy?: string;
  onChange: (patient: LinkPatient | null) => void;
}) {
  return (
    <SearchCombobox<LinkPatient>
      id={id}
      clinicId={clinicId}
      value={value}
      describedBy={describedBy}
      onChange={onChange}
      useSearch={useLinkPatientSearch}
      normalize={normalizeLinkTerm}
      limit={LINK_SEARCH_LIMIT}
      maxLength={200}
      className="contact-patient-search"
      texts={TEXTS}
      renderOption={(patient) => <NameAndPhoneOption name={patient.name} phone={patient.phone} />}
      optionLabel={(patient) => `${patient.name}, ${patient.phone}`}
    />
  );
}
