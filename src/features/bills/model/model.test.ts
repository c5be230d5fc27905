import { describe, expect, it } from 'vitest';
import { DATABASE_ERROR_CODES } from '@common/contract/error-codes';
import { REFUSAL_TEXT } from '@/lib/refusal-text';
import { RequestError, toRequestError } from '@/lib/request-error';
import { pgError } from '@/testing/network';
import { invoiceFailureText, isAboveBalance, paymentFailureText } from './failure-text';
import { invoiceBadge } from './invoice-status';
import { PAYMENT_METHODS, paymentMethodLabel } from './payment-methods';
import { billingKeys } from './query-keys';

const refusal = (code: string, message: string, hint?: string) => {
  const error = pgError(code, message, { hint: hint ?? null });
  return toRequestError(error.body, error.status);
};

describe('the invoice badge', () => {
  it('has one label and one colour per status, and Void over any status', () => {
    expect(invoiceBadge('Paid', false)).toEqual({ label: 'Paid', tone: 'green' });
    expect(invoiceBadge('Partial', false)).toEqual({ label: 'Partial', tone: 'orange' });
    expect(invoiceBadge('Unpaid', false)).toEqual({ label: 'Unpaid', tone: 'red' });
    expect(invoiceBadge('Paid', true)).toEqual({ label: 'Void', tone: 'grey' });
  });

  it('reads a status it does not know as Unpaid', () => {
    expect(invoiceBadge('Refunded', false)).toEqual({ label: 'Unpaid', tone: 'red' });
    expect(invoiceBadge(null, false)).toEqual({ label: 'Unpaid', tone: 'red' });
  });
});

describe('payment methods', () => {
  it('shows the spec’s labels for the stored values', () => {
    expect(PAYMENT_METHODS.map((method) => [method.label, method.value])).toEqual([
      ['Cash', 'cash'],
      ['Card', 'card'],
      ['E-Wallet', 'e-wallet'],
      ['Bank Transfer', 'bank'],
    ]);
    expect(paymentMethodLabel('bank')).toBe('Bank Transfer');
    expect(paymentMethodLabel('cheque')).toBe('cheque');
  });
});

describe('billing query keys', () => {
  it('keeps every read of a clinic under one prefix', () => {
    const prefix = billingKeys.all(3);
    for (const key of [billingKeys.invoices(3), billingKeys.payments(3), billingKeys.patientInvoices(3, 9)])
      expect(key.slice(0, 2)).toEqual([...prefix]);
    expect(prefix).toEqual(['billing', 3]);
  });
});

describe('failure texts', () => {
  it('says an invoice could not be sent at all', () => {
    expect(invoiceFailureText(new RequestError('unreachable'))).toBe('Network error while adding invoice.');
    expect(invoiceFailureText(new TypeError('Failed to fetch'))).toBe('Network error while adding invoice.');
  });

  it('gives the spec’s sentence for a refusal the database codes, and Unknown for anything else', () => {
    expect(invoiceFailureText(refusal('23514', 'reworded by the server', 'appointment_already_billed'))).toBe(
      'Error adding invoice: This appointment already has an invoice.',
    );
    expect(invoiceFailureText(refusal('23514', 'any text', 'invoice_patient_mismatch'))).toBe(
      'Error adding invoice: The appointment belongs to another patient.',
    );
    expect(invoiceFailureText(refusal('P0001', 'This appointment already has an invoice.'))).toBe(
      'Error adding invoice: Unknown',
    );
    expect(invoiceFailureText(refusal('XX000', 'relation "x" does not exist at line 3'))).toBe(
      'Error adding invoice: Unknown',
    );
    expect(paymentFailureText(refusal('23514', 'any text', 'invoice_void'))).toBe(
      'Error: This invoice is void; it takes no more payments.',
    );
    expect(paymentFailureText(refusal('XX000', 'internal error'))).toBe('Error: Unknown');
  });

  it('puts the words for every code the database refuses with after the spec’s prefixes, never Unknown', () => {
    for (const code of DATABASE_ERROR_CODES) {
      const refused = refusal('P0001', 'the server’s own sentence, never read', code);
      expect(invoiceFailureText(refused)).toBe(`Error adding invoice: ${REFUSAL_TEXT[code]}`);
      expect(paymentFailureText(refused)).toBe(`Error: ${REFUSAL_TEXT[code]}`);
    }
  });

  it('says the session ended when the gateway refuses the token, instead of Unknown', () => {
    expect(invoiceFailureText(refusal('PGRST303', 'JWT expired'))).toBe(
      'Error adding invoice: Your session has ended. Please sign in again.',
    );
    expect(paymentFailureText(refusal('PGRST301', 'JWSError'))).toBe(
      'Error: Your session has ended. Please sign in again.',
    );
  });

  it('tells a payment above the balance by its code', () => {
    expect(isAboveBalance(refusal('PT409', 'any text', 'payment_above_balance'))).toBe(true);
    expect(isAboveBalance(refusal('PT409', 'This payment is more than the balance of the invoice.'))).toBe(false);
  });

  it('words a role, another clinic’s rows and a refused amount without server texts', () => {
    expect(paymentFailureText(refusal('42501', 'new row violates row-level security policy'))).toBe(
      'Error: Your role may not do this.',
    );
    expect(paymentFailureText(refusal('23503', 'insert or update violates foreign key constraint'))).toBe(
      'Error: The patient or invoice is not in this clinic.',
    );
    expect(invoiceFailureText(refusal('23514', 'new row violates check constraint "invoices_total_is_pesos"'))).toBe(
      'Error adding invoice: The amount was refused: it must be between ₱0.01 and ₱9,999,999,999.99.',
    );
    expect(paymentFailureText(new RequestError('unreachable'))).toBe(
      'Error: Could not reach the server. Please check your connection and try again.',
    );
  });
});
