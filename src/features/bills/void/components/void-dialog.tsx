import { useId, useRef, useState, type FormEvent } from 'react';
import { Field } from '@/components/form/field';
import { FormModal } from '@/components/form/form-modal';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { useToast } from '@/components/toast/toast-context';
import { requestErrorOf } from '@/lib/request-error';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { useVoidEntry, VoidFailure, type VoidTarget } from '../api/void-entry';
import { voidEntrySchema } from '../api/void-entry.schema';
import { VOID_TEXT } from '../messages';
import { VOID_REASON_MAX } from '../void-reason';
import './void-dialog.css';

/**
 * 'Void payment #{id}' / 'Void invoice #{id}': what is voided, a required Reason, and Void. The
 * database decides (admins only, not twice, an invoice only once its payments are void) and its
 * refusal is shown as it words it; what was typed stays. On success the dialog closes with a toast
 * and the clinic's billing lists are read again, so status, paid and balance come from the view.
 */
export function VoidDialog({
  clinicId,
  target,
  summary,
  onClose,
}: {
  clinicId: number;
  target: VoidTarget;
  /** One line on what is voided (amount, patient). */
  summary: string;
  onClose: () => void;
}) {
  const formId = useId();
  const form = useZodForm(voidEntrySchema, { defaultValues: { reason: '' } });
  const reasonError = form.formState.errors.reason?.message;
  const { ref: registerReason, ...reasonProps } = form.register('reason', {
    onChange: () => form.clearErrors('reason'),
  });
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const voidEntry = useVoidEntry(clinicId);
  const toast = useToast();
  const done = useRef(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    if (done.current) return;
    return form.handleSubmit(
      async ({ reason }) => {
        setMessage(null);
        try {
          const result = await voidEntry.mutateAsync({ target, reason });
          if (result === ALREADY_PENDING) return;
          done.current = true;
          toast(target.kind === 'payment' ? VOID_TEXT.paymentVoided : VOID_TEXT.invoiceVoided, { tone: 'success' });
          onClose();
        } catch (error) {
          const text =
            error instanceof VoidFailure
              ? error.message
              : requestErrorOf(error).kind === 'unreachable'
                ? VOID_TEXT.unreachable
                : VOID_TEXT.failed;
          setMessage({ tone: 'error', text });
        }
      },
      () => form.setFocus('reason'),
    )(event);
  }

  return (
    <FormModal
      formId={formId}
      formClassName="void-form"
      title={target.kind === 'payment' ? VOID_TEXT.paymentTitle(target.id) : VOID_TEXT.invoiceTitle(target.id)}
      onClose={onClose}
      destructive
      onSubmit={submit}
      pending={voidEntry.isPending}
      submitClassName="button button-danger"
      submitLabel={VOID_TEXT.button}
      pendingLabel={VOID_TEXT.voiding}
      cancelLabel={VOID_TEXT.cancel}
    >
      <p className="void-summary">{summary}</p>
      <Field
        id={`${formId}-reason`}
        label={VOID_TEXT.reason}
        error={reasonError}
        hint={VOID_TEXT.reasonHint}
        hintPlacement="before-error"
      >
        {(control) => (
          <textarea
            {...control}
            ref={registerReason}
            className="input void-reason"
            rows={3}
            required
            maxLength={VOID_REASON_MAX}
            {...reasonProps}
          />
        )}
      </Field>
      <FormMessage message={message} />
    </FormModal>
  );
}
