import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { LINK_SEARCH_LIMIT, useLinkPatientSearch, type LinkPatient } from '../api/search-link-patients';
import { normalizeLinkTerm } from '../link-contact';
import { LINK_TEXT } from '../messages';

/** Typing settles for this long before the database is asked. */
export const LINK_SEARCH_DEBOUNCE_MS = 250;

/**
 * Link to patient's Patient field: a search by name with a dropdown of matches, an ARIA combobox
 * (as Add Invoice's). The list opens on typing, a click or an arrow key; a patient counts only
 * when picked from the matches (click, or arrows and Enter); typing again clears the choice. Esc
 * closes the list only.
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
  const listId = useId();
  const [text, setText] = useState(value?.name ?? '');
  const [term, setTerm] = useState(text);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(text), LINK_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const search = useLinkPatientSearch(clinicId, term, open);
  const matches: readonly LinkPatient[] = search.data ?? [];
  const settled = !search.isFetching && normalizeLinkTerm(term) === normalizeLinkTerm(text);

  // The dialog listens for Esc in the capture phase on the document; this listens earlier, on
  // the window, so Esc with the list open closes the list only.
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

  function choose(patient: LinkPatient) {
    onChange(patient);
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
  if (search.isError) status = LINK_TEXT.searchFailed;
  else if (search.isPending || !settled) status = LINK_TEXT.searching;
  else if (matches.length === 0)
    status = normalizeLinkTerm(term) ? LINK_TEXT.noMatch(normalizeLinkTerm(term)) : LINK_TEXT.noneYet;
  else if (matches.length >= LINK_SEARCH_LIMIT) status = LINK_TEXT.moreMatches(LINK_SEARCH_LIMIT);

  return (
    <div className="contact-patient-search">
      <input
        ref={inputRef}
        id={id}
        className="input"
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        placeholder={LINK_TEXT.searchPlaceholder}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
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
      <div className="contact-patient-popup" hidden={!open}>
        <ul id={listId} role="listbox" aria-label="Patients" className="contact-patient-list">
          {open
            ? matches.map((patient, index) => (
                <li
                  key={patient.id}
                  id={`${listId}-${patient.id}`}
                  role="option"
                  aria-selected={index === active}
                  aria-label={`${patient.name}, ${patient.phone}`}
                  className={index === active ? 'contact-patient-option is-active' : 'contact-patient-option'}
                  // Keeps the focus in the input, so blur does not close the list before the click.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(patient)}
                >
                  <span className="contact-patient-option-name">{patient.name}</span>
                  <span className="contact-patient-option-phone">{patient.phone}</span>
                </li>
              ))
            : null}
        </ul>
        {open && status ? (
          <p className={search.isError ? 'contact-patient-status is-error' : 'contact-patient-status'}>{status}</p>
        ) : null}
      </div>
    </div>
  );
}
