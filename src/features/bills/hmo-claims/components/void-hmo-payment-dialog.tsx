import { dateLabel } from '@common/clinic-calendar';
import { useToast } from '@/components/toast/toast-context';
import { formatPesos } from '@/entities/money';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { ReasonDialog } from '../../model/components/reason-dialog';
import { HMO_DENIAL_REASON_MAX, voidHmoPaymentSchema } from '../api/hmo-payment.schema';
import { useVoidHmoPayment } from '../api/void-hmo-payment';
import { hmoFailureText } from '../failure-text';
import type { HmoPaymentRow } from '../hmo-claims-model';
import { HMO_CLAIMS_TEXT } from '../messages';

/**
 * 'Void HMO payment #{id}': the payment, a required Reason, and Void. The database decides (admins
 * only, not twice) and its refusal is shown in words from its code; the reason typed stays. Once
 * void, the batch's claims owe again and the panel re-reads them.
 */
export function VoidHmoPaymentDialog({
  clinicId,
  payment,
  onClose,
}: {
  clinicId: number;
  payment: Pick<HmoPaymentRow, 'id' | 'amount_centavos' | 'received_on'>;
  onClose: () => void;
}) {
  const voidPayment = useVoidHmoPayment(clinicId, payment.id);
  const toast = useToast();
  return (
    <ReasonDialog
      text={{
        title: HMO_CLAIMS_TEXT.voidPaymentTitle(payment.id),
        summary: HMO_CLAIMS_TEXT.voidPaymentSummary(
          formatPesos(payment.amount_centavos),
          dateLabel(payment.received_on),
        ),
        reason: HMO_CLAIMS_TEXT.fields.reason,
        reasonHint: HMO_CLAIMS_TEXT.voidReasonHint,
        submit: HMO_CLAIMS_TEXT.voidPayment,
        pending: HMO_CLAIMS_TEXT.voiding,
        cancel: HMO_CLAIMS_TEXT.cancel,
      }}
      schema={voidHmoPaymentSchema}
      maxLength={HMO_DENIAL_REASON_MAX}
      pending={voidPayment.isPending}
      save={async (reason) => {
        if ((await voidPayment.mutateAsync(reason)) === ALREADY_PENDING) return false;
        toast(HMO_CLAIMS_TEXT.paymentVoided, { tone: 'success' });
        return true;
      }}
      failureText={hmoFailureText}
      onClose={onClose}
    />
  );
}
