import type { BaseSyntheticEvent, ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';

export interface PeriodValues {
  from: string;
  to: string;
}

const ENDS = ['from', 'to'] as const;

/**
 * A report's period: From and To date fields, its Show button, then `children` (the report's own
 * buttons) and its Download CSV button; under them the `note` the fields are described by while
 * valid, each field's error (the field then described by it) and a failed download's message.
 * With `noPrint` none of it is printed.
 */
export function PeriodForm({
  formId,
  form,
  text,
  onShow,
  children,
  note,
  download,
  noPrint = false,
}: {
  formId: string;
  form: UseFormReturn<PeriodValues, unknown, PeriodValues>;
  text: { fromLabel: string; toLabel: string; show: string };
  onShow: (event?: BaseSyntheticEvent) => Promise<void>;
  children?: ReactNode;
  note?: string;
  /** The Download CSV button: enabled once there is a report and no download is under way. */
  download?: { label: string; enabled: boolean; start: () => void; error: string | null; errorTestId?: string };
  noPrint?: boolean;
}) {
  const { register } = form;
  const { errors } = form.formState;
  const labels = { from: text.fromLabel, to: text.toLabel };
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
          {text.show}
        </button>
        {children}
        {download ? (
          <button
            type="button"
            className="button button-secondary"
            disabled={!download.enabled}
            onClick={download.start}
          >
            {download.label}
          </button>
        ) : null}
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
      {download?.error ? (
        <p className={`reports-field-error${notPrinted}`} role="alert" data-testid={download.errorTestId}>
          {download.error}
        </p>
      ) : null}
    </>
  );
}
