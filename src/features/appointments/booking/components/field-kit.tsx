import type { BookingErrors, BookingField } from '../validation';

/** Ids, error state and error line of the booking form's fields, for the shown errors. */
export interface FieldKit {
  readonly formId: string;
  fieldId(field: BookingField): string;
  invalid(field: BookingField): boolean;
  /** The field's error as shown, for the form kit's fields. */
  error(field: BookingField): string | undefined;
  /** The field's error line (when shown) and the other descriptions, as aria-describedby. */
  describedBy(field: BookingField, ...more: (string | false | undefined)[]): string | undefined;
  fieldError(field: BookingField): React.ReactNode;
}

/** A select's value as an id: '' (its placeholder) is none. */
export const selectedId = (value: string) => (value === '' ? null : Number(value));

export function fieldKit(formId: string, shownErrors: BookingErrors): FieldKit {
  const errorId = (field: BookingField) => `${formId}-${field}-error`;
  const invalid = (field: BookingField) => shownErrors[field] !== undefined;
  return {
    formId,
    fieldId: (field) => `${formId}-${field}`,
    invalid,
    error: (field) => shownErrors[field],
    describedBy: (field, ...more) =>
      [invalid(field) ? errorId(field) : undefined, ...more].filter(Boolean).join(' ') || undefined,
    fieldError: (field) =>
      shownErrors[field] ? (
        <p id={errorId(field)} className="field-error">
          {shownErrors[field]}
        </p>
      ) : null,
  };
}
