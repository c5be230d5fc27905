import { useId, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { Field } from '@/components/form/field';
import { FormModal } from '@/components/form/form-modal';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import './reason-dialog.css';

export interface ReasonDialogText {
  title: string;
  /** One line on what the reason is for (amount, patient). */
  summary: string;
  reason: string;
  reasonHint: string;
  submit: string;
  pending: string;
  cancel: string;
}

/** A schema of the dialog's one field: the reason as typed in, as it is stored (trimmed) out. */
export type ReasonSchema = z.ZodType<{ reason: string }, { reason: string }>;

/**
 * A destructive step that needs a reason (void an invoice or payment, deny an HMO claim): the
 * summary, a required Reason, and the submit button. `save` does the step: true once done (the
 * dialog closes), false when the same step is already in flight; what it throws is shown under the
 * field by `failureText`, and what was typed stays.
 */
export function ReasonDialog({
  text,
  schema,
  maxLength,
  pending,
  save,
  failureText,
  onClose,
}: {
  text: ReasonDialogText;
  schema: ReasonSchema;
  maxLength: number;
  pending: boolean;
  save: (reason: string) => Promise<boolean>;
  failureText: (error: unknown) => string;
  onClose: () => void;
}) {
  const formId = useId();
  const form = useZodForm(schema, { defaultValues: { reason: '' } });
  const reasonError = form.formState.errors.reason?.message;
  const { ref: registerReason, ...reasonProps } = form.register('reason', {
    onChange: () => form.clearErrors('reason'),
  });
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const done = useRef(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    if (done.current) return;
    return form.handleSubmit(
      async ({ reason }) => {
        setMessage(null);
        try {
          if (!(await save(reason))) return;
          done.current = true;
          onClose();
        } catch (error) {
          setMessage({ tone: 'error', text: failureText(error) });
        }
      },
      () => form.setFocus('reason'),
    )(event);
  }

  return (
    <FormModal
      formId={formId}
      title={text.title}
      onClose={onClose}
      destructive
      onSubmit={submit}
      pending={pending}
      submitClassName="button button-danger"
      submitLabel={text.submit}
      pendingLabel={text.pending}
      cancelLabel={text.cancel}
    >
      <p className="reason-summary">{text.summary}</p>
      <Field
        id={`${formId}-reason`}
        label={text.reason}
        error={reasonError}
        hint={text.reasonHint}
        hintPlacement="before-error"
      >
        {(control) => (
          <textarea
            {...control}
            ref={registerReason}
            className="input reason-input"
            rows={3}
            required
            maxLength={maxLength}
            {...reasonProps}
          />
        )}
      </Field>
      <FormMessage message={message} />
    </FormModal>
  );
}
