import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './search-combobox.css';

/** Typing settles for this long before the database is asked. */
export const SEARCH_DEBOUNCE_MS = 250;

/** What a search hook gives back (a TanStack Query result fits). */
export interface SearchResult<T> {
  data: readonly T[] | undefined;
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
}

export interface SearchComboboxTexts {
  placeholder: string;
  /** The list's accessible name, e.g. 'Patients'. */
  listLabel: string;
  searching: string;
  failed: string;
  noMatch: (term: string) => string;
  noneYet: string;
  moreMatches: (limit: number) => string;
}

export interface SearchComboboxProps<T extends { id: number; name: string }> {
  id: string;
  clinicId: number;
  /** The chosen item; typing again clears it (onChange(null)). */
  value: { id: number; name: string } | null;
  onChange: (item: T | null) => void;
  /** The feature's search hook: asked only while the list is open. */
  useSearch: (clinicId: number, term: string, enabled: boolean) => SearchResult<T>;
  /** How the feature normalises a term (the same rule its query uses). */
  normalize: (term: string) => string;
  /** How many matches the search returns at most ("type more" beyond). */
  limit: number;
  texts: SearchComboboxTexts;
  renderOption: (item: T) => ReactNode;
  /** The option's accessible name, when its text alone is not enough. */
  optionLabel?: (item: T) => string;
  invalid?: boolean;
  describedBy?: string;
  maxLength?: number;
  /** Open the list on focus too (not in a modal that focuses the field when it opens). */
  openOnFocus?: boolean;
  className?: string;
}

/**
 * A search field with a dropdown of matches, as an ARIA combobox: the list opens on typing, a
 * click or an arrow key; an item counts only when picked from the matches (click, or arrows and
 * Enter); typing again clears the choice; Enter never submits the form around it; Esc closes the
 * list only.
 */
export function SearchCombobox<T extends { id: number; name: string }>({
  id,
  clinicId,
  value,
  onChange,
  useSearch,
  normalize,
  limit,
  texts,
  renderOption,
  optionLabel,
  invalid = false,
  describedBy,
  maxLength,
  openOnFocus = false,
  className,
}: SearchComboboxProps<T>) {
  const listId = useId();
  const [text, setText] = useState(value?.name ?? '');
  // A choice made outside the field (a form merging what another desk saved) shows its name. Typing
  // clears the choice and keeps what was typed; only a chosen item replaces the text.
  const [shown, setShown] = useState(value);
  if (value?.id !== shown?.id || value?.name !== shown?.name) {
    setShown(value);
    if (value) setText(value.name);
  }
  const [term, setTerm] = useState(text);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const search = useSearch(clinicId, term, open);
  const matches: readonly T[] = search.data ?? [];
  const settled = !search.isFetching && normalize(term) === normalize(text);

  // A dialog around the field listens for Esc in the capture phase on the document; this listens
  // earlier, on the window, so Esc with the list open closes the list only.
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

  function choose(item: T) {
    onChange(item);
    setText(item.name);
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
      event.preventDefault();
      const item = open ? matches[active] : undefined;
      if (item) choose(item);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  const activeId = open && active >= 0 && active < matches.length ? `${listId}-${matches[active]!.id}` : undefined;
  const normalizedTerm = normalize(term);
  let status: string | null = null;
  if (search.isError) status = texts.failed;
  else if (search.isPending || !settled) status = texts.searching;
  else if (matches.length === 0) status = normalizedTerm ? texts.noMatch(normalizedTerm) : texts.noneYet;
  else if (matches.length >= limit) status = texts.moreMatches(limit);

  return (
    <div className={className ? `search-combobox ${className}` : 'search-combobox'}>
      <input
        ref={inputRef}
        id={id}
        className={invalid ? 'input is-invalid' : 'input'}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        maxLength={maxLength}
        placeholder={texts.placeholder}
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
        onFocus={openOnFocus ? () => setOpen(true) : undefined}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
      />
      <div className="search-combobox-popup" hidden={!open}>
        <ul id={listId} role="listbox" aria-label={texts.listLabel} className="search-combobox-list">
          {open
            ? matches.map((item, index) => (
                <li
                  key={item.id}
                  id={`${listId}-${item.id}`}
                  role="option"
                  aria-selected={index === active}
                  aria-label={optionLabel?.(item)}
                  className={[
                    'search-combobox-option',
                    index === active ? 'is-active' : '',
                    item.id === value?.id ? 'is-chosen' : '',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                  // Keeps the focus in the input, so blur does not close the list before the click.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(item)}
                >
                  {renderOption(item)}
                </li>
              ))
            : null}
        </ul>
        {open && status ? (
          <p className={search.isError ? 'search-combobox-status is-error' : 'search-combobox-status'}>{status}</p>
        ) : null}
      </div>
    </div>
  );
}

/** The usual option of a patient search: the name, cut to the width, and the phone beside it. */
export function NameAndPhoneOption({ name, phone }: { name: string; phone: string }) {
  return (
    <>
      <span className="search-combobox-option-name">{name}</span>
      <span className="search-combobox-option-detail">{phone}</span>
    </>
  );
}
