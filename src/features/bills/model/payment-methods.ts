/** Payment methods: what the form shows and what `payments.method` stores. Pure. */
import type { PaymentMethod } from '@/lib/database.types';

export type { PaymentMethod };

export const PAYMENT_METHODS: readonly { value: PaymentMethod; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'card', label: 'Card' },
  { value: 'e-wallet', label: 'E-Wallet' },
  { value: 'bank', label: 'Bank Transfer' },
];

export function isPaymentMethod(value: string): value is PaymentMethod {
  return PAYMENT_METHODS.some((method) => method.value === value);
}

/** The label of a stored method; one the app does not know is shown as stored. */
export function paymentMethodLabel(value: string | null | undefined): string {
  return PAYMENT_METHODS.find((method) => method.value === value)?.label ?? value ?? '';
}
