import { useId, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { formatPesos } from '@/entities/money';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { FieldError, PriceInput } from '../../model/components/price-input';
import { duplicateNameText, failureText } from '../../model/failure-text';
import { PROCEDURES_EXTRA_TEXT, PROCEDURES_TEXT } from '../../model/messages';
import { priceInputOf } from '../../model/price';
import { readProcedureForm, type ProcedureFieldErrors } from '../../model/procedure-form';
import type { Procedure, ProcedureCategory } from '../../model/types';
import { useUpdateProcedure } from '../api/update-procedure';

export interface DeleteActionProps {
  clinicId: number;
  procedure: Procedure;
}

/**
 * A procedure's row: its name, its price in pesos, and Edit and Delete (the screen passes the
 * delete slice's button). Edit turns the row into inputs with Save and Cancel; Enter saves,
 * Escape cancels. A refused or failed save keeps the row in edit mode with what was typed.
 */
export function ProcedureRow({
  clinicId,
  category,
  procedure,
  DeleteAction,
}: {
  clinicId: number;
  category: ProcedureCategory;
  procedure: Procedure;
  DeleteAction: ComponentType<DeleteActionProps>;
}) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const stopEditing = () => {
    setEditing(false);
    // Back to the button that opened the editor, so the keyboard user stays in place.
    requestAnimationFrame(() => editButton.current?.focus());
  };
  if (editing) return <EditingRow clinicId={clinicId} category={category} procedure={procedure} onDone={stopEditing} />;
  return (
    <tr data-procedure-id={procedure.id}>
      <td className="procedures-name">{procedure.name}</td>
      <td className="procedures-price-cell">{formatPesos(procedure.priceCentavos)}</td>
      <td className="procedures-actions">
        <button
          ref={editButton}
          type="button"
          className="button button-secondary"
          aria-label={PROCEDURES_EXTRA_TEXT.editLabel(procedure.name)}
          onClick={() => setEditing(true)}
        >
          {PROCEDURES_TEXT.edit}
        </button>
        <DeleteAction clinicId={clinicId} procedure={procedure} />
      </td>
    </tr>
  );
}

function EditingRow({
  clinicId,
  category,
  procedure,
  onDone,
}: {
  clinicId: number;
  category: ProcedureCategory;
  procedure: Procedure;
  onDone: () => void;
}) {
  const id = useId();
  const toast = useToast();
  const save = useUpdateProcedure(clinicId, procedure.id);
  const [name, setName] = useState(procedure.name);
  const [price, setPrice] = useState(() => priceInputOf(procedure.priceCentavos));
  const [errors, setErrors] = useState<ProcedureFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function submit() {
    setFailure(null);
    const read = readProcedureForm({ name, price }, category, procedure.id);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({
        id: procedure.id,
        name: read.value.name,
        priceCentavos: read.value.priceCentavos,
      });
      if (saved === ALREADY_PENDING) return;
      toast(PROCEDURES_EXTRA_TEXT.procedureSaved);
      onDone();
    } catch (error) {
      const duplicate = duplicateNameText('saveProcedure', error);
      if (duplicate) setErrors({ name: duplicate });
      else setFailure(failureText('saveProcedure', error));
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  };

  const nameErrorId = `${id}-name-error`;
  const priceErrorId = `${id}-price-error`;
  return (
    <>
      <tr data-procedure-id={procedure.id} className="procedures-editing">
        <td>
          <input
            className={errors.name ? 'input is-invalid' : 'input'}
            type="text"
            autoComplete="off"
            // Opening the editor is asking to type in it.
            autoFocus
            aria-label={PROCEDURES_EXTRA_TEXT.editNameLabel(procedure.name)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? nameErrorId : undefined}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setErrors(({ name: _name, ...rest }) => rest);
            }}
            onKeyDown={onKeyDown}
          />
          <FieldError id={nameErrorId} message={errors.name} />
        </td>
        <td>
          <PriceInput
            label={PROCEDURES_EXTRA_TEXT.editPriceLabel(procedure.name)}
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
            aria-label={PROCEDURES_EXTRA_TEXT.saveLabel(procedure.name)}
            disabled={save.isPending}
            onClick={() => void submit()}
          >
            {save.isPending ? PROCEDURES_EXTRA_TEXT.saving : PROCEDURES_TEXT.save}
          </button>
          <button
            type="button"
            className="button button-secondary"
            aria-label={PROCEDURES_EXTRA_TEXT.cancelLabel(procedure.name)}
            onClick={onDone}
          >
            {PROCEDURES_TEXT.cancel}
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
