import { MoneyField, type MoneyFieldProps } from '@/entities/money';
import { BILLING_EXTRA_TEXT } from '../messages';

/**
 * Billing's pesos field (Total, Amount): the money entity's MoneyField with the ₱ sign, the step
 * hint (0.01) and Billing's error line. That line is not an alert: a refused form already
 * announces the patient's error or its message line, and a second alert would talk over it.
 */
export function AmountField(
  props: Omit<
    MoneyFieldProps,
    | 'errorClassName'
    | 'announceError'
    | 'hint'
    | 'hintClassName'
    | 'inputClassName'
    | 'wrapperClassName'
    | 'signClassName'
  >,
) {
  return (
    <MoneyField
      {...props}
      announceError={false}
      hint={BILLING_EXTRA_TEXT.amountHint}
      inputClassName="input billing-amount-input"
      wrapperClassName="billing-amount"
      signClassName="billing-amount-sign"
    />
  );
}
