// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { getSupabase } from '@/lib/supabase';
import { realStack, seed, setupComponentTests, signInAs } from '@/testing/real-db';
import { createSession, renderApp } from '@/testing/render-app';
import { expectPrints, expectLetterhead, openPrintedPage, seedTwoClinics, valueOf } from '../../model/testing/printed';
import ReceiptPage from './receipt-page';

setupComponentTests();

let firstId: number;
let secondId: number;
let otherClinicPaymentId: number;
let anaId: number;

beforeEach(async () => {
  const { ana, ben } = await seedTwoClinics();
  const [invoice, otherInvoice] = await seed.invoices([
    { id: 31, clinic_id: 1, patient_id: ana.id, total: 1500.5 },
    { id: 32, clinic_id: 2, patient_id: ben.id, total: 100 },
  ]);
  const [first, second, other] = await seed.payments([
    {
      clinic_id: 1,
      invoice_id: invoice!.id,
      patient_id: ana.id,
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
      patient_id: ana.id,
      amount: 1000.25,
      method: 'bank',
      payment_date: '2030-01-10T03:00:00+00:00',
    },
    { clinic_id: 2, invoice_id: otherInvoice!.id, patient_id: ben.id, amount: 100, method: 'cash' },
  ]);
  anaId = ana.id;
  firstId = first!.id;
  secondId = second!.id;
  otherClinicPaymentId = other!.id;
});

function openReceipt(param: string | number) {
  return openPrintedPage({ path: '/receipts/:paymentId', page: <ReceiptPage />, url: `/receipts/${param}` });
}

describe('the acknowledgement receipt', () => {
  it('shows the clinic, the patient, the payment in clinic time and the balance after it, and prints', async () => {
    const { user } = await openReceipt(firstId);
    expect(await screen.findByRole('heading', { level: 1, name: 'Acknowledgement Receipt' })).toBeTruthy();
    const receipt = screen.getByRole('article');
    expectLetterhead(receipt);
    // The clinic's own series: its first payment, whatever the payment's id.
    expect(within(receipt).getByText('Receipt No. 1')).toBeTruthy();
    expect(valueOf('Date')).toBe('Jan 9, 2030, 10:05 AM');
    expect(valueOf('Received from')).toBe('Ana Santos');
    expect(valueOf('Invoice')).toBe('#31');
    expect(valueOf('Amount')).toBe('₱500.25');
    expect(valueOf('Amount in words')).toBe('Five hundred pesos and 25/100');
    expect(valueOf('Method')).toBe('E-Wallet');
    expect(valueOf('Reference #')).toBe('GC-7781');
    expect(valueOf('Notes')).toBe('Paid at the desk');
    expect(valueOf('Invoice total')).toBe('₱1,500.50');
    expect(valueOf('Balance after this payment')).toBe('₱1,000.25');
    expect(screen.queryByText('For', { selector: 'dt' })).toBeNull();
    expect(within(receipt).getByText('Received by')).toBeTruthy();
    expect(within(receipt).getByText('Signature over printed name')).toBeTruthy();
    expect(
      within(receipt).getByText(
        'This is an acknowledgement receipt, not an official receipt or invoice registered with the BIR.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('VOID')).toBeNull();

    await expectPrints(user);
  });

  it('counts the payments up to this one only: the second settles the invoice', async () => {
    await openReceipt(secondId);
    await screen.findByRole('heading', { name: 'Acknowledgement Receipt' });
    expect(valueOf('Method')).toBe('Bank Transfer');
    expect(valueOf('Reference #')).toBe('—');
    expect(screen.queryByText('Notes', { selector: 'dt' })).toBeNull();
    expect(valueOf('Balance after this payment')).toBe('₱0.00');
  });

  it('names the cashier who recorded it and what was paid for, and shows an overpayment as credit', async () => {
    await seed.dentists([{ id: 41, clinic_id: 1, name: 'Dr. Reyes' }]);
    const [appointment] = await seed.appointments([
      {
        clinic_id: 1,
        patient_id: anaId,
        dentist_id: 41,
        reason: 'Oral Prophylaxis',
        // 9:00 AM in Manila.
        appointment_time: '2030-01-08T01:00:00+00:00',
      },
    ]);
    await realStack().query('update public.invoices set appointment_id = $1 where id = 31', [appointment!.id]);
    const cashier = await signInAs({ role: 'receptionist', clinic_id: 1, name: 'Rosa Dela Cruz' });
    const { data, error } = await getSupabase()
      .from('payments')
      .insert({
        clinic_id: 1,
        invoice_id: 31,
        patient_id: anaId,
        amount: '0.05',
        method: 'cash',
        overpayment_accepted: true,
        accepted_balance: '0',
      })
      .select('id, receipt_number')
      .single();
    expect(error).toBeNull();
    expect(data!.receipt_number).toBe(3);
    // After the two seeded payments of 2030, which settled the invoice.
    await realStack().query(`update public.payments set payment_date = '2030-01-11T02:00:00+00:00' where id = $1`, [
      data!.id,
    ]);

    renderApp(
      <Routes>
        <Route path="/receipts/:paymentId" element={<ReceiptPage />} />
      </Routes>,
      { session: createSession({ user: cashier }), route: `/receipts/${data!.id}` },
    );
    await screen.findByRole('heading', { name: 'Acknowledgement Receipt' });
    expect(screen.getByText('Receipt No. 3')).toBeTruthy();
    expect(valueOf('For')).toBe('Oral Prophylaxis (appointment of January 8, 2030)');
    expect(valueOf('Amount in words')).toBe('Zero pesos and 05/100');
    expect(screen.queryByText('Balance after this payment', { selector: 'dt' })).toBeNull();
    expect(valueOf('Credit after this payment')).toBe('₱0.05');
    expect(screen.getByText('Rosa Dela Cruz')).toBeTruthy();
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

  it('lists an itemised invoice’s lines under the payment, each with the database’s label', async () => {
    await seed.invoice_items([
      {
        invoice_id: 31,
        position: 1,
        description: 'Composite filling',
        tooth: 36,
        surfaces: ['O', 'M'],
        unit_price: 333.33,
        quantity: 3,
        discount: 0.99,
      },
      { invoice_id: 31, position: 2, description: 'X-ray', unit_price: 501.5, quantity: 1 },
    ]);
    await openReceipt(firstId);
    const items = await screen.findByRole('table', { name: 'Items on invoice #31' });
    const lines = within(items)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(lines).toEqual([
      ['Item', 'Qty', 'Price', 'Discount', 'Line total'],
      ['36 MO Composite filling', '3', '₱333.33', '₱0.99', '₱999.00'],
      ['X-ray', '1', '₱501.50', '—', '₱501.50'],
    ]);
    expect(valueOf('Invoice total')).toBe('₱1,500.50');
  });

  it('shows no item table for an invoice made with a total only', async () => {
    await openReceipt(secondId);
    await screen.findByRole('heading', { name: 'Acknowledgement Receipt' });
    expect(screen.queryByRole('table')).toBeNull();
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
