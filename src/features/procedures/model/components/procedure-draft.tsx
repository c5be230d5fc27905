import { useId, useMemo, useState, type KeyboardEvent, type Ref } from 'react';
import type { z } from 'zod';
import { lengthLimitNote } from '@/components/form/length-limit';
import { useZodForm } from '@/components/form/use-zod-form';
import { PROCEDURES_EXTRA_TEXT } from '../messages';
import { MAX_NAME_LENGTH } from '../names';
import type { ProcedureFieldErrors } from '../procedure-form';
import { procedureFormSchema } from '../procedure-form.schema';
import type { ProcedureCategory } from '../types';
import { FieldError, PriceInput } from './price-input';

/**
 * What an inline procedure row holds while typed in, in a react-hook-form form: name, price, each
 * field's error (an edit clears its own) and the row's failure line. `submit` checks the fields
 * against `category` as it is then, and hands on the name, price in centavos and category.
 */
export function useProcedureDraft(
  initial: { name: string; price: string },
  category: ProcedureCategory | null,
  exceptId?: number,
) {
  const id = useId();
  // Made again when the category changes (a procedure added or renamed meanwhile): react-hook-form
  // takes the resolver of the latest render.
  const schema = useMemo(() => procedureFormSchema(category, exceptId), [category, exceptId]);
  const form = useZodForm(schema, { defaultValues: initial });
  const [failure, setFailure] = useState<string | null>(null);
  const [name, price] = form.watch(['name', 'price']);
  const { errors: formErrors } = form.formState;
  const errors: ProcedureFieldErrors = {
    ...(formErrors.name?.message ? { name: formErrors.name.message } : {}),
    ...(formErrors.price?.message ? { price: formErrors.price.message } : {}),
  };
  return {
    id,
    name,
    price,
    errors,
    failure,
    setFailure,
    /** A refusal the database gave (a name taken meanwhile), shown on its field. */
    refuseName(message: string) {
      form.setError('name', { message });
    },
    /** Checks the fields, then runs `send` with what they say; `onRefused` gets each refusal. */
    submit(
      send: (value: z.output<typeof schema>) => Promise<void>,
      onRefused?: (errors: ProcedureFieldErrors) => void,
    ): Promise<void> {
      setFailure(null);
      return form.handleSubmit(send, (refused) =>
        onRefused?.({ name: refused.name?.message, price: refused.price?.message }),
      )();
    },
    /** The inputs as typed now. */
    typed(): { name: string; price: string } {
      return form.getValues();
    },
    /** Back to `next`, as after an add, or to the values of a save made elsewhere meanwhile. */
    reset(next: { name: string; price: string }) {
      form.reset(next);
    },
    editName(value: string) {
      form.setValue('name', value);
      form.clearErrors('name');
    },
    editPrice(value: string) {
      form.setValue('price', value);
      form.clearErrors('price');
    },
  };
}

export type ProcedureDraft = ReturnType<typeof useProcedureDraft>;

/** The name and price cells of an inline procedure row, each input with its error under it. */
export function ProcedureDraftCells({
  draft,
  nameLabel,
  priceLabel,
  nameRef,
  namePlaceholder,
  autoFocus,
  onKeyDown,
}: {
  draft: ProcedureDraft;
  nameLabel: string;
  priceLabel: string;
  nameRef?: Ref<HTMLInputElement>;
  namePlaceholder?: string;
  autoFocus?: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
}) {
  const nameErrorId = `${draft.id}-name-error`;
  const nameLimitId = `${draft.id}-name-limit`;
  const nameLimit = lengthLimitNote(PROCEDURES_EXTRA_TEXT.nameLimitLabel, draft.name, MAX_NAME_LENGTH);
  const nameDescribedBy = [draft.errors.name ? nameErrorId : null, nameLimit ? nameLimitId : null]
    .filter(Boolean)
    .join(' ');
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
          aria-describedby={nameDescribedBy || undefined}
          maxLength={MAX_NAME_LENGTH}
          value={draft.name}
          onChange={(event) => draft.editName(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <FieldError id={nameErrorId} message={draft.errors.name} />
        {nameLimit ? (
          <p id={nameLimitId} className="field-hint">
            {nameLimit}
          </p>
        ) : null}
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
