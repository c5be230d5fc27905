import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { PROCEDURES_EXTRA_TEXT } from '../messages';
import type { ProcedureFieldErrors } from '../procedure-form';
import { FieldError, PriceInput } from './price-input';

/**
 * What an inline procedure row holds while typed in: name, price, each field's error (an edit
 * clears its own) and the row's failure line.
 */
export function useProcedureDraft(initial: { name: string; price: string }) {
  const id = useId();
  const [name, setName] = useState(initial.name);
  const [price, setPrice] = useState(initial.price);
  const [errors, setErrors] = useState<ProcedureFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  return {
    id,
    name,
    price,
    errors,
    failure,
    setErrors,
    setFailure,
    /** Back to `next`, as after an add. */
    reset(next: { name: string; price: string }) {
      setName(next.name);
      setPrice(next.price);
    },
    editName(value: string) {
      setName(value);
      setErrors(({ name: _name, ...rest }) => rest);
    },
    editPrice(value: string) {
      setPrice(value);
      setErrors(({ price: _price, ...rest }) => rest);
    },
  };
}

export type ProcedureDraft = ReturnType<typeof useProcedureDraft>;

/** The name and price cells of an inline procedure row, each input with its error under it. */
export function ProcedureDraftCells({
  draft,
  nameLabel,
  priceLabel,
  nameError = draft.errors.name,
  nameRef,
  namePlaceholder,
  autoFocus,
  onKeyDown,
}: {
  draft: ProcedureDraft;
  nameLabel: string;
  priceLabel: string;
  /** The name cell's message (the add row shows a refused category there too). */
  nameError?: string | undefined;
  nameRef?: Ref<HTMLInputElement>;
  namePlaceholder?: string;
  autoFocus?: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
}) {
  const nameErrorId = `${draft.id}-name-error`;
  const priceErrorId = `${draft.id}-price-error`;
  return (
    <>
      <td>
        <input
          ref={nameRef}
          className={draft.errors.name ? 'input is-invalid' : 'input'}
          type="text"
          autoComplete="off"
          // Opening an editor is asking to type in it.
          autoFocus={autoFocus}
          placeholder={namePlaceholder}
          aria-label={nameLabel}
          aria-invalid={draft.errors.name ? true : undefined}
          aria-describedby={draft.errors.name ? nameErrorId : undefined}
          value={draft.name}
          onChange={(event) => draft.editName(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <FieldError id={nameErrorId} message={nameError} />
      </td>
      <td>
        <PriceInput
          label={priceLabel}
          value={draft.price}
          error={draft.errors.price}
          errorId={priceErrorId}
          onChange={draft.editPrice}
          onKeyDown={onKeyDown}
        />
        <FieldError id={priceErrorId} message={draft.errors.price} />
      </td>
    </>
  );
}

/** An inline row's Add or Save button: 'Saving...' and disabled while its write is in flight. */
export function ProcedureSubmitButton({
  label,
  ariaLabel,
  pending,
  onSubmit,
}: {
  label: string;
  ariaLabel: string;
  pending: boolean;
  onSubmit: () => Promise<void>;
}) {
  return (
    <button
      type="button"
      className="button button-primary"
      aria-label={ariaLabel}
      disabled={pending}
      onClick={() => void onSubmit()}
    >
      {pending ? PROCEDURES_EXTRA_TEXT.saving : label}
    </button>
  );
}

/** A row's failure under it, across the table's three columns. */
export function ProcedureFailureRow({ failure }: { failure: string | null }) {
  if (!failure) return null;
  return (
    <tr className="procedures-failure-row">
      <td colSpan={3}>
        <p className="form-message form-message-error" role="alert">
          {failure}
        </p>
      </td>
    </tr>
  );
}
