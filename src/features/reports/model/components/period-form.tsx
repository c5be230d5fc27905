import type { BaseSyntheticEvent, ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';

export interface PeriodValues {
  from: string;
  to: string;
}

const ENDS = ['from', 'to'] as const;

/**
 * A report's period: From and To date fields, its Show button, then `children` (the report's own
 * buttons); under them the `note` the fields are described by while valid, each field's error (the
 * field then described by it) and a failed download's message. With `noPrint` none of it is
 * printed.
 */
export function PeriodForm({
  formId,
  labels,
  register,
  errors,
  onShow,
  children,
  note,
  downloadError,
  downloadErrorTestId,
  noPrint = false,
}: {
  formId: string;
  labels: { from: string; to: string; show: string };
  register: UseFormRegister<PeriodValues>;
  errors: FieldErrors<PeriodValues>;
  onShow: (event?: BaseSyntheticEvent) => Promise<void>;
  children?: ReactNode;
  note?: string;
  downloadError?: string | null;
  downloadErrorTestId?: string;
  noPrint?: boolean;
}) {
  const notPrinted = noPrint ? ' reports-no-print' : '';
  const noteId = note ? `${formId}-note` : undefined;
  return (
    <>
      <form className={`reports-tools${notPrinted}`} onSubmit={(event) => void onShow(event)} noValidate>
        {ENDS.map((name) => (
          <TextField
            key={name}
            id={`${formId}-${name}`}
            type="date"
            label={labels[name]}
            fieldClassName="reports-field"
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={errors[name] ? `${formId}-${name}-error` : noteId}
            {...register(name)}
          />
        ))}
        <button type="submit" className="button button-primary">
          {labels.show}
        </button>
        {children}
      </form>
      {note ? (
        <p id={noteId} className={`reports-note${notPrinted}`}>
          {note}
        </p>
      ) : null}
      {ENDS.map((name) =>
        errors[name] ? (
          <p key={name} id={`${formId}-${name}-error`} className={`reports-field-error${notPrinted}`} role="alert">
            {errors[name].message}
          </p>
        ) : null,
      )}
      {downloadError ? (
        <p className={`reports-field-error${notPrinted}`} role="alert" data-testid={downloadErrorTestId}>
          {downloadError}
        </p>
      ) : null}
    </>
  );
}
