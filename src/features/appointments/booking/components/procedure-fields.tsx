import { formatPesos } from '@/entities/money';
import { procedureOptionLabel } from '../choices';
import type { ProcedureCategoryChoice, ProcedureChoice } from '../validation';
import type { FieldKit } from './field-kit';

export interface ProcedureFieldsProps {
  readonly kit: FieldKit;
  readonly categories: readonly ProcedureCategoryChoice[];
  readonly categoryId: number | null;
  readonly procedureId: number | null;
  /** The chosen procedure as the price list has it. */
  readonly procedure: ProcedureChoice | undefined;
  /** The stored procedure name when it matches no procedure of the price list any more. */
  readonly unmatchedProcedure?: string | null;
  readonly onCategory: (categoryId: number | null) => void;
  readonly onProcedure: (procedureId: number | null) => void;
}

const idOf = (value: string) => (value === '' ? null : Number(value));

/** Procedure Category and Procedure (the chosen category's procedures), with the price. */
export function ProcedureFields({
  kit,
  categories,
  categoryId,
  procedureId,
  procedure,
  unmatchedProcedure,
  onCategory,
  onProcedure,
}: ProcedureFieldsProps) {
  const { formId, fieldId, invalid, describedBy, fieldError } = kit;
  const category = categories.find((candidate) => candidate.id === categoryId);
  return (
    <div className="booking-row">
      <div className="field">
        <label className="field-label" htmlFor={fieldId('category')}>
          Procedure Category
        </label>
        <select
          id={fieldId('category')}
          className={invalid('category') ? 'input is-invalid' : 'input'}
          value={categoryId ?? ''}
          aria-invalid={invalid('category') || undefined}
          aria-describedby={describedBy('category')}
          onChange={(event) => onCategory(idOf(event.target.value))}
        >
          <option value="">Select Category</option>
          {categories.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </select>
        {fieldError('category')}
      </div>
      <div className="field">
        <label className="field-label" htmlFor={fieldId('procedure')}>
          Procedure
        </label>
        <select
          id={fieldId('procedure')}
          className={invalid('procedure') ? 'input is-invalid' : 'input'}
          value={procedureId ?? ''}
          disabled={!category}
          aria-invalid={invalid('procedure') || undefined}
          aria-describedby={describedBy('procedure', procedure && `${formId}-price`)}
          onChange={(event) => onProcedure(idOf(event.target.value))}
        >
          <option value="">{category ? 'Select Procedure' : 'Choose a category first'}</option>
          {category?.procedures.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {procedureOptionLabel(choice)}
            </option>
          ))}
        </select>
        {procedure ? (
          <p id={`${formId}-price`} className="booking-price">
            Price: <strong>{formatPesos(procedure.priceCentavos)}</strong>
          </p>
        ) : null}
        {unmatchedProcedure && procedureId === null ? (
          <p className="booking-hint">
            The stored procedure “{unmatchedProcedure}” is no longer in the price list. Please choose one.
          </p>
        ) : null}
        {fieldError('procedure')}
      </div>
    </div>
  );
}
