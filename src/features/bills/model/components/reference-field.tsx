import type { UseFormRegisterReturn } from 'react-hook-form';
import { controlClass, Field } from '@/components/form/field';
import { BILLING_EXTRA_TEXT } from '../messages';

/**
 * A payment's optional 'Reference #' (a cheque, transfer or e-wallet number): a plain text input
 * marked optional, within the column's length, its error under it (not an alert: the form's
 * message line speaks for a refused save).
 */
export function ReferenceField({
  id,
  label,
  error,
  maxLength,
  ...registration
}: UseFormRegisterReturn & { id: string; label: string; error: string | undefined; maxLength: number }) {
  return (
    <Field
      id={id}
      label={
        <>
          {label} <span className="field-optional">{BILLING_EXTRA_TEXT.optional}</span>
        </>
      }
      error={error}
      announceError={false}
    >
      {(control) => (
        <input
          {...control}
          className={controlClass('input', error)}
          type="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={maxLength}
          {...registration}
        />
      )}
    </Field>
  );
}
