// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initSupabase } from '@/lib/supabase';
import { realStack, seed, signInAs, stackConfig, setupRealDatabase } from '@/testing/real-db';
import { createSession, renderApp } from '@/testing/render-app';
import ReceiptPage from './receipt-page';

setupRealDatabase();
beforeAll(() => initSupabase(stackConfig()));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

let firstId: number;
let secondId: number;
let otherClinicPaymentId: number;

beforeEach(async () => {
  await seed.clinics([
    {
      id: 1,
      name: 'Smile Dental',
      address: '12 Rizal Ave, Quezon City',
      contact_phone: '0917 555 0100',
      contact_email: 'hello@smile.test',
    },
    { id: 2, name: 'Bright Teeth' },
  ]);
  const [ana, ben] = await seed.patients([
    { clinic_id: 1, name: 'Ana Santos' },
    { clinic_id: 2, name: 'Ben Cruz' },
  ]);
  const [invoice, otherInvoice] = await seed.invoices([
    { id: 31, clinic_id: 1, patient_id: ana!.id, total: 1500.5 },
    { id: 32, clinic_id: 2, patient_id: ben!.id, total: 100 },
  ]);
  const [first, second, other] = await seed.payments([
    {
      clinic_id: 1,
      invoice_id: invoice!.id,
      patient_id: ana!.id,
      amount: 500.25,
      method: 'e-wallet',
      reference_number: 'GC-7781',
      notes: 'Paid at the desk',
      // 10:05 AM in Manila.
      payment_date: '2030-01-09T02:05:00+00:00',
    },
    {
      clinic_id: 1,
      invoice_id: invoice!.id,
      patient_id: ana!.id,
      amount: 1000.25,
      method: 'bank',
      payment_date: '2030-01-10T03:00:00+00:00',
    },
    { clinic_id: 2, invoice_id: otherInvoice!.id, patient_id: ben!.id, amount: 100, method: 'cash' },
  ]);
  firstId = first!.id;
  secondId = second!.id;
  otherClinicPaymentId = other!.id;
});

async function openReceipt(param: string | number) {
  const user = await signInAs({ role: 'receptionist', clinic_id: 1 });
  renderApp(
    <Routes>
      <Route path="/receipts/:paymentId" element={<ReceiptPage />} />
    </Routes>,
    { session: createSession({ user }), route: `/receipts/${param}` },
  );
  return { user: userEvent.setup() };
}

const valueOf = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

describe('the acknowledgement receipt', () => {
  it('shows the clinic, the patient, the payment in clinic time and the balance after it, and prints', async () => {
    const { user } = await openReceipt(firstId);
    expect(await screen.findByRole('heading', { level: 1, name: 'Acknowledgement Receipt' })).toBeTruthy();
    const receipt = screen.getByRole('article');
    expect(within(receipt).getByText('Smile Dental')).toBeTruthy();
    expect(within(receipt).getByText('12 Rizal Ave, Quezon City')).toBeTruthy();
    expect(within(receipt).getByText('0917 555 0100 · hello@smile.test')).toBeTruthy();
    expect(within(receipt).getByText(`Payment #${firstId}`)).toBeTruthy();
    expect(valueOf('Date')).toBe('Jan 9, 2030, 10:05 AM');
    expect(valueOf('Received from')).toBe('Ana Santos');
    expect(valueOf('Invoice')).toBe('#31');
    expect(valueOf('Amount')).toBe('₱500.25');
    expect(valueOf('Method')).toBe('E-Wallet');
    expect(valueOf('Reference #')).toBe('GC-7781');
    expect(valueOf('Notes')).toBe('Paid at the desk');
    expect(valueOf('Invoice total')).toBe('₱1,500.50');
    expect(valueOf('Balance after this payment')).toBe('₱1,000.25');
    expect(
      within(receipt).getByText(
        'This is an acknowledgement receipt, not an official receipt or invoice registered with the BIR.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('VOID')).toBeNull();

    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('counts the payments up to this one only: the second settles the invoice', async () => {
    await openReceipt(secondId);
    await screen.findByRole('heading', { name: 'Acknowledgement Receipt' });
    expect(valueOf('Method')).toBe('Bank Transfer');
    expect(valueOf('Reference #')).toBe('—');
    expect(screen.queryByText('Notes', { selector: 'dt' })).toBeNull();
    expect(valueOf('Balance after this payment')).toBe('₱0.00');
  });

  it("says VOID clearly on a voided payment's receipt, and no longer counts it", async () => {
    await realStack().query(
      `update public.payments set voided_at = '2030-01-09T05:00:00+00:00', void_reason = 'Duplicate' where id = $1`,
      [firstId],
    );
    await openReceipt(firstId);
    expect(await screen.findByText('VOID')).toBeTruthy();
    expect(
      screen.getByText('This payment was voided on Jan 9, 2030, 1:00 PM. It does not count toward the invoice.'),
    ).toBeTruthy();
    expect(valueOf('Balance after this payment')).toBe('₱1,500.50');
  });

  it("says the receipt is not found for another clinic's payment, a missing one, or a malformed link", async () => {
    for (const param of [otherClinicPaymentId, 999, 'abc']) {
      await openReceipt(param);
      expect((await screen.findByRole('alert')).textContent).toContain('Receipt not found');
      expect(screen.getByRole('alert').textContent).toContain(`There is no payment #${param} in your clinic.`);
      expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
      cleanup();
    }
  });
});
