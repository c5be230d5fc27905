import { useToast } from '@/components/toast/toast-context';
import { formatPesos } from '@/entities/money';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { ReasonDialog } from '../../model/components/reason-dialog';
import { useDenyHmoClaim } from '../api/deny-hmo-claim';
import { denyClaimSchema, HMO_DENIAL_REASON_MAX } from '../api/hmo-payment.schema';
import { hmoFailureText } from '../failure-text';
import type { HmoClaimRow } from '../hmo-claims-model';
import { HMO_CLAIMS_TEXT } from '../messages';

/**
 * 'Deny claim of invoice #{id}': the claim, a required Reason (the HMO's), and Deny. The database
 * refuses a claim the HMO has paid any of; its refusal is shown in words and the reason stays.
 */
export function DenyClaimDialog({
  clinicId,
  claim,
  onClose,
}: {
  clinicId: number;
  claim: Pick<HmoClaimRow, 'id' | 'invoice_id' | 'patient_name' | 'amount_centavos'>;
  onClose: () => void;
}) {
  const deny = useDenyHmoClaim(clinicId, claim.id);
  const toast = useToast();
  return (
    <ReasonDialog
      text={{
        title: HMO_CLAIMS_TEXT.denyTitle(claim.invoice_id),
        summary: HMO_CLAIMS_TEXT.denySummary(formatPesos(claim.amount_centavos), claim.patient_name),
        reason: HMO_CLAIMS_TEXT.fields.reason,
        reasonHint: HMO_CLAIMS_TEXT.reasonHint,
        submit: HMO_CLAIMS_TEXT.deny,
        pending: HMO_CLAIMS_TEXT.denying,
        cancel: HMO_CLAIMS_TEXT.cancel,
      }}
      schema={denyClaimSchema}
      maxLength={HMO_DENIAL_REASON_MAX}
      pending={deny.isPending}
      save={async (reason) => {
        if ((await deny.mutateAsync(reason)) === ALREADY_PENDING) return false;
        toast(HMO_CLAIMS_TEXT.claimDenied, { tone: 'success' });
        return true;
      }}
      failureText={hmoFailureText}
      onClose={onClose}
    />
  );
}
