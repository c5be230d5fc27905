import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { PATIENT_SEARCH_LIMIT, usePatientSearch, type BookingPatient } from '../api/search-patients';
import { patientOptionLabel } from '../choices';
import { BOOKING_EXTRA_TEXT } from '../messages';
import { normalizePatientSearch } from '../patient-search-filter';

/** Typing settles for this long before the database is asked. */
export const PATIENT_SEARCH_DEBOUNCE_MS = 250;

export interface ChosenPatient {
  id: number;
  name: string;
}

/**
 * The Patient select, searchable (a clinic may hold thousands of patients): an ARIA combobox
 * whose list is a type-ahead over the clinic's patients that are not deleted, searched in the
 * database. Arrow keys move through the matches, Enter picks one, Esc closes the list; typing
 * again clears the chosen patient.
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
  const listId = useId();
  const [text, setText] = useState(value?.name ?? '');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(text), PATIENT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const search = usePatientSearch(clinicId, term, open);
  const matches: readonly BookingPatient[] = search.data ?? [];
  const settled = !search.isFetching && normalizePatientSearch(term) === normalizePatientSearch(text);

  // While the list is open, Esc closes the list only. The dialog around the form listens for Esc
  // in the capture phase on the document, so this listens earlier, on the window.
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

  function choose(patient: BookingPatient) {
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
      event.preventDefault();
      const patient = open ? matches[active] : undefined;
      if (patient) choose(patient);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  const activeId = open && active >= 0 && active < matches.length ? `${listId}-${matches[active]!.id}` : undefined;
  let status: string | null = null;
  if (search.isError) status = BOOKING_EXTRA_TEXT.patientsFailed;
  else if (search.isPending || !settled) status = 'Searching…';
  else if (matches.length === 0)
    status = normalizePatientSearch(term) ? `No patients match “${normalizePatientSearch(term)}”.` : 'No patients yet.';
  else if (matches.length >= PATIENT_SEARCH_LIMIT)
    status = `First ${PATIENT_SEARCH_LIMIT} matches. Type more to narrow down.`;

  return (
    <div className="patient-combobox">
      <input
        ref={inputRef}
        id={id}
        className={invalid ? 'input is-invalid' : 'input'}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder="Search by name, phone or Messenger ID"
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
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
      />
      <div className="patient-combobox-popup" hidden={!open}>
        <ul id={listId} role="listbox" aria-label="Patients" className="patient-combobox-list">
          {open
            ? matches.map((patient, index) => (
                <li
                  key={patient.id}
                  id={`${listId}-${patient.id}`}
                  role="option"
                  aria-selected={index === active}
                  className={[
                    'patient-option',
                    index === active ? 'patient-option-active' : '',
                    patient.id === value?.id ? 'patient-option-chosen' : '',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                  // Keeps the focus in the input, so blur does not close the list before the click.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(patient)}
                >
                  {patientOptionLabel(patient)}
                </li>
              ))
            : null}
        </ul>
        {open && status ? (
          <p className={search.isError ? 'patient-combobox-status is-error' : 'patient-combobox-status'}>{status}</p>
        ) : null}
      </div>
    </div>
  );
}
