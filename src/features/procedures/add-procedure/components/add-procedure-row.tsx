import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { FieldError, PriceInput } from '../../model/components/price-input';
import { duplicateNameText, failureText } from '../../model/failure-text';
import { PROCEDURES_EXTRA_TEXT, PROCEDURES_TEXT } from '../../model/messages';
import { DEFAULT_PRICE_INPUT } from '../../model/price';
import { readProcedureForm, type ProcedureFieldErrors } from '../../model/procedure-form';
import type { ProcedureCategory } from '../../model/types';
import { useAddProcedure } from '../api/add-procedure';

/**
 * A category table's inline row to add a procedure (spec §2: name, price, Add); the price starts
 * at 0.00 (§9). Enter in either field adds. After an add the row is empty again; a refused or
 * failed add keeps what was typed.
 */
export function AddProcedureRow({ clinicId, category }: { clinicId: number; category: ProcedureCategory }) {
  const id = useId();
  const toast = useToast();
  const add = useAddProcedure(clinicId, category.id);
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [price, setPrice] = useState(DEFAULT_PRICE_INPUT);
  const [errors, setErrors] = useState<ProcedureFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function submit() {
    setFailure(null);
    const read = readProcedureForm({ name, price }, category);
    if (!read.ok) {
      setErrors(read.errors);
      if (read.errors.name) nameRef.current?.focus();
      return;
    }
    setErrors({});
    try {
      if ((await add.mutateAsync(read.value)) === ALREADY_PENDING) return;
      setName('');
      setPrice(DEFAULT_PRICE_INPUT);
      nameRef.current?.focus();
      toast(PROCEDURES_EXTRA_TEXT.procedureAdded);
    } catch (error) {
      const duplicate = duplicateNameText('addProcedure', error);
      if (duplicate) setErrors({ name: duplicate });
      else setFailure(failureText('addProcedure', error));
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void submit();
  };

  const nameErrorId = `${id}-name-error`;
  const priceErrorId = `${id}-price-error`;
  return (
    <>
      <tr className="procedures-add-row">
        <td>
          <input
            ref={nameRef}
            className={errors.name ? 'input is-invalid' : 'input'}
            type="text"
            autoComplete="off"
            placeholder={PROCEDURES_EXTRA_TEXT.newProcedurePlaceholder}
            aria-label={PROCEDURES_EXTRA_TEXT.newProcedureNameLabel(category.name)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? nameErrorId : undefined}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setErrors(({ name: _name, ...rest }) => rest);
            }}
            onKeyDown={onKeyDown}
          />
          <FieldError id={nameErrorId} message={errors.name ?? errors.category} />
        </td>
        <td>
          <PriceInput
            label={PROCEDURES_EXTRA_TEXT.newProcedurePriceLabel(category.name)}
            value={price}
            error={errors.price}
            errorId={priceErrorId}
            onChange={(value) => {
              setPrice(value);
              setErrors(({ price: _price, ...rest }) => rest);
            }}
            onKeyDown={onKeyDown}
          />
          <FieldError id={priceErrorId} message={errors.price} />
        </td>
        <td className="procedures-actions">
          <button
            type="button"
            className="button button-primary"
            aria-label={PROCEDURES_EXTRA_TEXT.addProcedureLabel(category.name)}
            disabled={add.isPending}
            onClick={() => void submit()}
          >
            {add.isPending ? PROCEDURES_EXTRA_TEXT.saving : PROCEDURES_TEXT.add}
          </button>
        </td>
      </tr>
      {failure ? (
        <tr className="procedures-failure-row">
          <td colSpan={3}>
            <p className="form-message form-message-error" role="alert">
              {failure}
            </p>
          </td>
        </tr>
      ) : null}
    </>
  );
}
