import { SelectField } from '@/components/form/select-field';
import { formatPesos } from '@/entities/money';
import { procedureOptionLabel } from '../choices';
import type { ProcedureCategoryChoice, ProcedureChoice } from '../validation';
import { selectedId, type FieldKit } from './field-kit';

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
  const { formId, fieldId, invalid, error, describedBy, fieldError } = kit;
  const category = categories.find((candidate) => candidate.id === categoryId);
  return (
    <div className="booking-row">
      <SelectField
        id={fieldId('category')}
        label="Procedure Category"
        placeholder="Select Category"
        options={categories.map((choice) => ({ value: String(choice.id), label: choice.name }))}
        value={categoryId ?? ''}
        error={error('category')}
        announceError={false}
        onChange={(event) => onCategory(selectedId(event.target.value))}
      />
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
          onChange={(event) => onProcedure(selectedId(event.target.value))}
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
