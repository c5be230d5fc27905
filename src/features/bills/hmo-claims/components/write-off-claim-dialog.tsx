import { useToast } from '@/components/toast/toast-context';
import { formatPesos } from '@/entities/money';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { ReasonDialog } from '../../model/components/reason-dialog';
import { HMO_DENIAL_REASON_MAX, writeOffClaimSchema } from '../api/hmo-payment.schema';
import { useWriteOffHmoClaim } from '../api/write-off-hmo-claim';
import { hmoFailureText } from '../failure-text';
import type { HmoClaimRow } from '../hmo-claims-model';
import { HMO_CLAIMS_TEXT } from '../messages';

/**
 * 'Write off claim of invoice #{id}': what the HMO has not paid, a required Reason, and Write off.
 * The database decides (admins only, something left, not twice) and its refusal is shown in words
 * from its code; the reason typed stays.
 */
export function WriteOffClaimDialog({
  clinicId,
  claim,
  onClose,
}: {
  clinicId: number;
  claim: Pick<HmoClaimRow, 'id' | 'invoice_id' | 'patient_name' | 'outstanding_centavos'>;
  onClose: () => void;
}) {
  const writeOff = useWriteOffHmoClaim(clinicId, claim.id);
  const toast = useToast();
  return (
    <ReasonDialog
      text={{
        title: HMO_CLAIMS_TEXT.writeOffTitle(claim.invoice_id),
        summary: HMO_CLAIMS_TEXT.writeOffSummary(formatPesos(claim.outstanding_centavos), claim.patient_name),
        reason: HMO_CLAIMS_TEXT.fields.reason,
        reasonHint: HMO_CLAIMS_TEXT.writeOffReasonHint,
        submit: HMO_CLAIMS_TEXT.writeOff,
        pending: HMO_CLAIMS_TEXT.writingOff,
        cancel: HMO_CLAIMS_TEXT.cancel,
      }}
      schema={writeOffClaimSchema}
      maxLength={HMO_DENIAL_REASON_MAX}
      pending={writeOff.isPending}
      save={async (reason) => {
        if ((await writeOff.mutateAsync(reason)) === ALREADY_PENDING) return false;
        toast(HMO_CLAIMS_TEXT.claimWrittenOff, { tone: 'success' });
        return true;
      }}
      failureText={hmoFailureText}
      onClose={onClose}
    />
  );
}
