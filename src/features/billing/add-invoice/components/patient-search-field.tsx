import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { BILLING_EXTRA_TEXT } from '../../model/messages';
import { PATIENT_SEARCH_LIMIT, useInvoicePatientSearch, type InvoicePatient } from '../api/search-patients';
import type { ChosenPatient } from '../invoice-form';
import { normalizePatientTerm } from '../patient-search';

/** Typing settles for this long before the database is asked. */
export const PATIENT_SEARCH_DEBOUNCE_MS = 250;

/**
 * Add Invoice's Patient field (spec §2, §5): a search by name with a dropdown of matches, an ARIA
 * combobox. The list opens on typing, a click or an arrow key (not on focus: the modal focuses
 * this field when it opens, and a list over Total would catch a click meant for it). A patient
 * counts only when picked from the matches (click, or arrows and Enter); typing again clears the
 * chosen patient. Esc closes the list only.
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
  const listId = useId();
  const [text, setText] = useState(value?.name ?? '');
  const [term, setTerm] = useState(text);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(text), PATIENT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const search = useInvoicePatientSearch(clinicId, term, open);
  const matches: readonly InvoicePatient[] = search.data ?? [];
  const settled = !search.isFetching && normalizePatientTerm(term) === normalizePatientTerm(text);

  // While the list is open, Esc closes the list only: the dialog listens for Esc in the capture
  // phase on the document, so this listens earlier, on the window.
  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key !== 'Escape' || event.target !== inputRef.current) return;
      event.stopPropagation();
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [open]);

  function choose(patient: InvoicePatient) {
    onChange({ id: patient.id, name: patient.name });
    setText(patient.name);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (matches.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + matches.length) % matches.length);
    } else if (event.key === 'Enter') {
      // Enter picks a match; it never submits the form from here.
      const patient = open ? matches[active] : undefined;
      if (patient) {
        event.preventDefault();
        choose(patient);
      }
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  const activeId = open && active >= 0 && active < matches.length ? `${listId}-${matches[active]!.id}` : undefined;
  let status: string | null = null;
  if (search.isError) status = BILLING_EXTRA_TEXT.patientsFailed;
  else if (search.isPending || !settled) status = BILLING_EXTRA_TEXT.patientSearching;
  else if (matches.length === 0)
    status = normalizePatientTerm(term)
      ? BILLING_EXTRA_TEXT.patientNoMatch(normalizePatientTerm(term))
      : BILLING_EXTRA_TEXT.patientNoneYet;
  else if (matches.length >= PATIENT_SEARCH_LIMIT) status = BILLING_EXTRA_TEXT.patientMoreMatches(PATIENT_SEARCH_LIMIT);

  return (
    <div className="billing-patient-search">
      <input
        ref={inputRef}
        id={id}
        className={invalid ? 'input is-invalid' : 'input'}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        placeholder={BILLING_EXTRA_TEXT.patientSearchPlaceholder}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
          if (value) onChange(null);
        }}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
      />
      <div className="billing-patient-popup" hidden={!open}>
        <ul id={listId} role="listbox" aria-label="Patients" className="billing-patient-list">
          {open
            ? matches.map((patient, index) => (
                <li
                  key={patient.id}
                  id={`${listId}-${patient.id}`}
                  role="option"
                  aria-selected={index === active}
                  aria-label={`${patient.name}, ${patient.phone}`}
                  className={[
                    'billing-patient-option',
                    index === active ? 'is-active' : '',
                    patient.id === value?.id ? 'is-chosen' : '',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                  // Keeps the focus in the input, so blur does not close the list before the click.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(patient)}
                >
                  <span className="billing-patient-option-name">{patient.name}</span>
                  <span className="billing-patient-option-phone">{patient.phone}</span>
                </li>
              ))
            : null}
        </ul>
        {open && status ? (
          <p className={search.isError ? 'billing-patient-status is-error' : 'billing-patient-status'}>{status}</p>
        ) : null}
      </div>
    </div>
  );
}
