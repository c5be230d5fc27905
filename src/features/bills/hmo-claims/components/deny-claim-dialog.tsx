import { useId, useRef, useState, type FormEvent } from 'react';
import { Field } from '@/components/form/field';
import { FormModal } from '@/components/form/form-modal';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { useToast } from '@/components/toast/toast-context';
import { formatPesos } from '@/entities/money';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { useDenyHmoClaim } from '../api/deny-hmo-claim';
import { denyClaimSchema, HMO_DENIAL_REASON_MAX } from '../api/hmo-payment.schema';
import { hmoFailureText } from '../failure-text';
import type { HmoClaimRow } from '../hmo-claims-model';
import { HMO_CLAIMS_TEXT } from '../messages';
import '../../model/components/billing-form.css';

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
  const formId = useId();
  const form = useZodForm(denyClaimSchema, { defaultValues: { reason: '' } });
  const reasonError = form.formState.errors.reason?.message;
  const { ref: registerReason, ...reasonProps } = form.register('reason', {
    onChange: () => form.clearErrors('reason'),
  });
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const deny = useDenyHmoClaim(clinicId, claim.id);
  const toast = useToast();
  const done = useRef(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    if (done.current) return;
    return form.handleSubmit(
      async ({ reason }) => {
        setMessage(null);
        try {
          const result = await deny.mutateAsync(reason);
          if (result === ALREADY_PENDING) return;
          done.current = true;
          toast(HMO_CLAIMS_TEXT.claimDenied, { tone: 'success' });
          onClose();
        } catch (error) {
          setMessage({ tone: 'error', text: hmoFailureText(error) });
        }
      },
      () => form.setFocus('reason'),
    )(event);
  }

  return (
    <FormModal
      formId={formId}
      formClassName="billing-form"
      title={HMO_CLAIMS_TEXT.denyTitle(claim.invoice_id)}
      onClose={onClose}
      destructive
      onSubmit={submit}
      pending={deny.isPending}
      submitClassName="button button-danger"
      submitLabel={HMO_CLAIMS_TEXT.deny}
      pendingLabel={HMO_CLAIMS_TEXT.denying}
      cancelLabel={HMO_CLAIMS_TEXT.cancel}
    >
      <p className="billing-form-patient">
        {HMO_CLAIMS_TEXT.denySummary(formatPesos(claim.amount_centavos), claim.patient_name)}
      </p>
      <Field
        id={`${formId}-reason`}
        label={HMO_CLAIMS_TEXT.fields.reason}
        error={reasonError}
        hint={HMO_CLAIMS_TEXT.reasonHint}
        hintPlacement="before-error"
      >
        {(control) => (
          <textarea
            {...control}
            ref={registerReason}
            className="input hmo-deny-reason"
            rows={3}
            required
            maxLength={HMO_DENIAL_REASON_MAX}
            {...reasonProps}
          />
        )}
      </Field>
      <FormMessage message={message} />
    </FormModal>
  );
}
