import { useToast } from '@/components/toast/toast-context';
import { requestErrorOf } from '@/lib/request-error';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { ReasonDialog } from '../../model/components/reason-dialog';
import { useVoidEntry, VoidFailure, type VoidTarget } from '../api/void-entry';
import { voidEntrySchema } from '../api/void-entry.schema';
import { VOID_TEXT } from '../messages';
import { VOID_REASON_MAX } from '../void-reason';

/** What a failed void shows: the refusal as the database words it, else a plain line by kind. */
function voidFailure(error: unknown): string {
  if (error instanceof VoidFailure) return error.message;
  return requestErrorOf(error).kind === 'unreachable' ? VOID_TEXT.unreachable : VOID_TEXT.failed;
}

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
  const voidEntry = useVoidEntry(clinicId);
  const toast = useToast();
  const payment = target.kind === 'payment';
  return (
    <ReasonDialog
      text={{
        title: payment ? VOID_TEXT.paymentTitle(target.id) : VOID_TEXT.invoiceTitle(target.id),
        summary,
        reason: VOID_TEXT.reason,
        reasonHint: VOID_TEXT.reasonHint,
        submit: VOID_TEXT.button,
        pending: VOID_TEXT.voiding,
        cancel: VOID_TEXT.cancel,
      }}
      schema={voidEntrySchema}
      maxLength={VOID_REASON_MAX}
      pending={voidEntry.isPending}
      save={async (reason) => {
        if ((await voidEntry.mutateAsync({ target, reason })) === ALREADY_PENDING) return false;
        toast(payment ? VOID_TEXT.paymentVoided : VOID_TEXT.invoiceVoided, { tone: 'success' });
        return true;
      }}
      failureText={voidFailure}
      onClose={onClose}
    />
  );
}
