import { useId, useRef, useState, type FormEvent } from 'react';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { Modal } from '@/components/modal/modal';
import { useToast } from '@/components/toast/toast-context';
import { requestErrorOf } from '@/lib/request-error';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { useVoidEntry, VoidFailure, type VoidTarget } from '../api/void-entry';
import { VOID_TEXT } from '../messages';
import { checkVoidReason, VOID_REASON_MAX } from '../void-reason';
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
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const voidEntry = useVoidEntry(clinicId);
  const toast = useToast();
  const done = useRef(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (voidEntry.isPending || done.current) return;
    const checked = checkVoidReason(reason);
    if (!checked.ok) {
      setFieldError(checked.message);
      reasonRef.current?.focus();
      return;
    }
    setFieldError(null);
    setMessage(null);
    try {
      const result = await voidEntry.mutateAsync({ target, reason: checked.reason });
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
  }

  const title = target.kind === 'payment' ? VOID_TEXT.paymentTitle(target.id) : VOID_TEXT.invoiceTitle(target.id);
  const reasonId = `${formId}-reason`;
  const hintId = `${formId}-hint`;
  const errorId = `${formId}-error`;
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      size="small"
      initialFocus={reasonRef}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {VOID_TEXT.cancel}
          </button>
          <button type="submit" form={formId} className="button button-danger" disabled={voidEntry.isPending}>
            {voidEntry.isPending ? VOID_TEXT.voiding : VOID_TEXT.button}
          </button>
        </>
      }
    >
      <form id={formId} className="void-form" onSubmit={onSubmit} noValidate>
        <p className="void-summary">{summary}</p>
        <div className="field">
          <label className="field-label" htmlFor={reasonId}>
            {VOID_TEXT.reason}
          </label>
          <textarea
            id={reasonId}
            ref={reasonRef}
            className="input void-reason"
            rows={3}
            required
            maxLength={VOID_REASON_MAX}
            value={reason}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${errorId} ${hintId}` : hintId}
            onChange={(event) => {
              setReason(event.target.value);
              if (fieldError) setFieldError(null);
            }}
          />
          <p id={hintId} className="field-hint">
            {VOID_TEXT.reasonHint}
          </p>
          {fieldError ? (
            <p id={errorId} className="field-error" role="alert">
              {fieldError}
            </p>
          ) : null}
        </div>
        <FormMessage message={message} />
      </form>
    </Modal>
  );
}
