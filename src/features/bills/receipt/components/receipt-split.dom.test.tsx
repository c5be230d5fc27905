// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initSupabase } from '@/lib/supabase';
import { seed, stackConfig, setupRealDatabase } from '@/testing/real-db';
import { openPrintedPage, valueOf } from '../../model/testing/printed';
import ReceiptPage from './receipt-page';

setupRealDatabase();
beforeAll(() => initSupabase(stackConfig()));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

let paymentId: number;
let plainPaymentId: number;

// The split as create_itemised_invoice stores it for a senior citizen with a Maxicare card at a
// VAT-registered clinic (the rule itself is proven in tests/integration/database/invoice-split.test.ts):
// a cleaning at Maxicare's contracted ₱900 and a ₱15,000 crown it does not cover.
beforeEach(async () => {
  await seed.clinics([{ id: 1, name: 'Smile Dental', vat_registered: true }]);
  const [lola, ana] = await seed.patients([
    { name: 'Lola Reyes', discount_id_type: 'senior_citizen', discount_id_number: 'SC-QC-2019-004512' },
    { name: 'Ana Santos' },
  ]);
  await seed.hmos([{ id: 1, clinic_id: 1, name: 'Maxicare' }]);
  const [card] = await seed.patient_hmo_cards([
    { clinic_id: 1, patient_id: lola!.id, hmo_id: 1, member_number: 'MAX-2291-0457' },
  ]);
  const [invoice, plain] = await seed.invoices([
    {
      id: 41,
      patient_id: lola!.id,
      total: 10714.29,
      hmo_id: 1,
      hmo_card_id: card!.id,
      hmo_share: 900,
      discount_id_type: 'senior_citizen',
      discount_id_number: 'SC-QC-2019-004512',
      vat_exemption: 1607.14,
      statutory_discount: 2678.57,
    },
    { id: 42, patient_id: ana!.id, total: 350 },
  ]);
  await seed.invoice_items([
    { invoice_id: 41, position: 1, description: 'Oral Prophylaxis (Cleaning)', unit_price: 900, hmo_share: 900 },
    { invoice_id: 41, position: 2, description: 'Porcelain Crown', unit_price: 15000 },
    { invoice_id: 42, position: 1, description: 'X-ray', unit_price: 350 },
  ]);
  const [payment, plainPayment] = await seed.payments([
    { invoice_id: invoice!.id, patient_id: lola!.id, amount: 10714.29, method: 'cash' },
    { invoice_id: plain!.id, patient_id: ana!.id, amount: 350, method: 'cash' },
  ]);
  paymentId = payment!.id;
  plainPaymentId = plainPayment!.id;
});

async function openReceipt(id: number) {
  await openPrintedPage({ path: '/receipts/:paymentId', page: <ReceiptPage />, url: `/receipts/${id}` });
  await screen.findByRole('heading', { level: 1, name: 'Acknowledgement Receipt' });
}

describe('the receipt of an invoice an HMO and a senior citizen discount share', () => {
  it('lists each line with the HMO’s and the patient’s share, then the HMO, the discount lines and what the patient owes', async () => {
    await openReceipt(paymentId);
    const items = screen.getByRole('table', { name: 'Items on invoice #41' });
    expect(
      within(items)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Item', 'Qty', 'Price', 'Discount', 'Line total', 'HMO share', 'Patient share']);
    const cells = [...items.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(cells).toEqual([
      ['Oral Prophylaxis (Cleaning)', '1', '₱900.00', '—', '₱900.00', '₱900.00', '₱0.00'],
      ['Porcelain Crown', '1', '₱15,000.00', '—', '₱15,000.00', '₱0.00', '₱15,000.00'],
    ]);
    expect(valueOf('Maxicare (member MAX-2291-0457) pays')).toBe('₱900.00');
    expect(valueOf('Discount ID')).toBe('Senior citizen ID SC-QC-2019-004512');
    expect(valueOf('Less: VAT exemption')).toBe('₱1,607.14');
    expect(valueOf('Less: Senior citizen discount (20%)')).toBe('₱2,678.57');
    expect(valueOf('Patient pays')).toBe('₱10,714.29');
    expect(valueOf('Balance after this payment')).toBe('₱0.00');
  });

  it('prints an invoice without an HMO or a discount ID as before', async () => {
    await openReceipt(plainPaymentId);
    const items = screen.getByRole('table', { name: 'Items on invoice #42' });
    expect(within(items).queryByRole('columnheader', { name: 'HMO share' })).toBeNull();
    expect(screen.queryByText('Patient pays', { selector: 'dt' })).toBeNull();
    expect(screen.queryByText(/^Less:/)).toBeNull();
  });
});
