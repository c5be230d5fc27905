// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceRow, PaymentRow } from '@/lib/database.types';
import type { SubscribeOptions } from '@/lib/realtime-client';
import { initSupabase } from '@/lib/supabase';
import { fakeRealtime } from '@/lib/testing/fake-realtime';
import { countRequests, failNext, realStack, rows, seed, stackConfig, setupRealDatabase } from '@/testing/real-db';
import { renderBilling } from './testing/render';

vi.mock('@/lib/realtime-client', async (actual) => ({
  ...(await actual<object>()),
  subscribeToServiceEvents: (options: SubscribeOptions) => fakeRealtime.subscribe(options),
}));

setupRealDatabase();

beforeAll(() => initSupabase(stackConfig()));

beforeEach(async () => {
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
});

afterEach(() => {
  cleanup();
  fakeRealtime.reset();
});

/** Ana's paid invoice with its one payment, and her open one (the e2e file's arrangement). */
async function seedAna() {
  const [ana] = await seed.patients([{ name: 'Ana Santos' }]);
  const [paid, open] = await seed.invoices([
    { patient_id: ana!.id, total: 1000.0 },
    { patient_id: ana!.id, total: 800.0 },
  ]);
  const [payment] = await seed.payments([
    {
      invoice_id: paid!.id,
      patient_id: ana!.id,
      amount: 1000.0,
      method: 'cash',
      payment_date: '2030-01-09T02:30:00+00:00',
    },
  ]);
  return { paid: paid!, open: open!, payment: payment! };
}

/** Another desk takes a payment on `invoice`: the row lands, then the service's two events. */
async function paymentTakenElsewhere(invoice: InvoiceRow, amount: number): Promise<PaymentRow> {
  const [payment] = await seed.payments([
    {
      invoice_id: invoice.id,
      patient_id: invoice.patient_id,
      amount,
      method: 'cash',
      payment_date: '2030-01-10T02:30:00+00:00',
    },
  ]);
  const change = { clinic_id: 1, invoice_id: invoice.id };
  fakeRealtime.emit('billing-updated', { ...change, table: 'payments', op: 'INSERT', id: payment!.id });
  fakeRealtime.emit('billing-updated', { ...change, table: 'invoices', op: 'UPDATE', id: invoice.id });
  return payment!;
}

const invoiceRow = (id: number) => document.querySelector<HTMLElement>(`tr[data-invoice-id="${id}"]`);
const paymentRow = (id: number) => document.querySelector<HTMLElement>(`tr[data-payment-id="${id}"]`);

async function renderLiveBilling() {
  await renderBilling({ role: 'admin' });
  await screen.findByTestId('payments-count');
  await waitFor(() => expect(fakeRealtime.clinics()).toEqual([1]));
  return userEvent.setup();
}

describe('Billing lists whose live re-read failed', () => {
  it('say they are not the latest above the rows still shown, until Retry reads them', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { open } = await seedAna();
    const user = await renderLiveBilling();
    // The re-read of the changed invoice fails, and so does the whole list's read that follows it.
    for (const table of ['invoice_summaries', 'payment_entries', 'invoice_summaries', 'payment_entries'] as const)
      failNext({ method: 'GET', table });

    const payment = await paymentTakenElsewhere(open, 300);
    const invoicesStale = 'Could not refresh the invoices: they are as read before, not the latest. Please try again.';
    const paymentsStale = 'Could not refresh the payments: they are as read before, not the latest. Please try again.';
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.querySelector('p')?.textContent)).toEqual([
        invoicesStale,
        paymentsStale,
      ]),
    );
    expect(invoiceRow(open.id)?.textContent).toContain('Unpaid');
    expect(paymentRow(payment.id)).toBeNull();

    const retry = within(screen.getAllByRole('alert')[0]!).getByRole('button', { name: 'Retry' });
    await user.click(retry);
    await waitFor(() => expect(invoiceRow(open.id)?.textContent).toContain('Partial'));
    expect(screen.getAllByRole('alert').map((alert) => alert.querySelector('p')?.textContent)).toEqual([paymentsStale]);
  });
});

describe('Billing lists after another desk’s payment', () => {
  it('read again only the invoice it names, and show the payment and the new status', async () => {
    const { open, paid } = await seedAna();
    await renderLiveBilling();
    const invoiceReads = countRequests({ method: 'GET', table: 'invoice_summaries' });
    const paymentReads = countRequests({ method: 'GET', table: 'payment_entries' });

    const payment = await paymentTakenElsewhere(open, 300);
    await waitFor(() => expect(paymentRow(payment.id)).not.toBeNull());
    await waitFor(() => expect(invoiceRow(open.id)?.textContent).toContain('Partial'));
    expect(invoiceRow(paid.id)?.textContent).toContain('Paid');
    expect(screen.getByTestId('invoices-count').textContent).toBe('2 invoices');
    expect(screen.getByTestId('payments-count').textContent).toBe('2 payments');
    // One read each, of that invoice alone (and its payments), not the clinic's whole lists.
    expect(invoiceReads.urls.map((url) => new URL(url).searchParams.get('id'))).toEqual([`in.(${open.id})`]);
    expect(paymentReads.urls.map((url) => new URL(url).searchParams.get('invoice_id'))).toEqual([`in.(${open.id})`]);
  });
});

describe('Billing lists after a patient is renamed at another desk', () => {
  it("show the new name on the patient's invoices and payments, reading only those again", async () => {
    const { open, paid, payment } = await seedAna();
    const [other] = await seed.patients([{ name: 'Ben Reyes' }]);
    const [bens] = await seed.invoices([{ patient_id: other!.id, total: 500.0 }]);
    await renderLiveBilling();
    const invoiceReads = countRequests({ method: 'GET', table: 'invoice_summaries' });

    await realStack().query('update public.patients set name = $1 where id = $2', ['Ana Santos-Cruz', open.patient_id]);
    fakeRealtime.emit('billing-updated', {
      table: 'patients',
      op: 'UPDATE',
      id: open.patient_id,
      clinic_id: 1,
      invoice_id: null,
    });
    await waitFor(() => expect(invoiceRow(open.id)?.textContent).toContain('Ana Santos-Cruz'));
    expect(invoiceRow(paid.id)?.textContent).toContain('Ana Santos-Cruz');
    expect(paymentRow(payment.id)?.textContent).toContain('Ana Santos-Cruz');
    expect(invoiceRow(bens!.id)?.textContent).toContain('Ben Reyes');
    const ids = invoiceReads.urls.map((url) => new URL(url).searchParams.get('id'));
    expect(ids).toHaveLength(1);
    expect(
      ids[0]
        ?.replace(/^in\.\(|\)$/g, '')
        .split(',')
        .map(Number)
        .sort(),
    ).toEqual([paid.id, open.id].sort());
  });
});

describe('Billing dialogs while live events re-read the lists', () => {
  it("keep the 'Void payment' dialog open with the reason typed, and the rows' buttons in place", async () => {
    const { open, payment } = await seedAna();
    const user = await renderLiveBilling();
    const voidButton = within(paymentRow(payment.id)!).getByRole('button', { name: 'Void' });
    const addPayment = within(invoiceRow(open.id)!).getByRole('button', { name: 'Add Payment' });
    await user.click(voidButton);
    const dialog = screen.getByRole('dialog', { name: `Void payment #${payment.id}` });
    await user.type(within(dialog).getByLabelText('Reason'), 'Recorded twice');

    // The new payment is listed first, above the one being voided.
    const taken = await paymentTakenElsewhere(open, 300);
    await waitFor(() => expect(paymentRow(taken.id)).not.toBeNull());
    await waitFor(() => expect(within(invoiceRow(open.id)!).getByText('Partial')).toBeTruthy());

    expect(screen.getByRole('dialog', { name: `Void payment #${payment.id}` })).toBe(dialog);
    expect((within(dialog).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Recorded twice');
    // A re-read that did not change these rows left their buttons where they were.
    expect(voidButton.isConnected).toBe(true);
    expect(addPayment.isConnected).toBe(true);
  });

  it("keep the 'Void invoice' dialog open when the re-read takes its row off the filtered table", async () => {
    const { open } = await seedAna();
    const user = await renderLiveBilling();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Unpaid');
    await user.click(within(invoiceRow(open.id)!).getByRole('button', { name: 'Void' }));
    const dialog = screen.getByRole('dialog', { name: `Void invoice #${open.id}` });
    await user.type(within(dialog).getByLabelText('Reason'), 'Wrong patient');

    // Partial now: no longer an Unpaid invoice.
    await paymentTakenElsewhere(open, 300);
    await waitFor(() => expect(invoiceRow(open.id)).toBeNull());

    expect(screen.getByRole('dialog', { name: `Void invoice #${open.id}` })).toBe(dialog);
    expect((within(dialog).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Wrong patient');
  });

  it('keep Add Payment open with the amount typed, its balance following the re-read', async () => {
    const { open } = await seedAna();
    const user = await renderLiveBilling();
    await user.click(within(invoiceRow(open.id)!).getByRole('button', { name: 'Add Payment' }));
    const modal = screen.getByRole('dialog', { name: `Add Payment for Invoice #${open.id}` });
    await within(modal).findByTestId('billing-balance');
    await user.type(within(modal).getByLabelText('Amount'), '250');

    await paymentTakenElsewhere(open, 300);
    await waitFor(() => expect(within(modal).getByTestId('billing-balance').textContent).toContain('₱500.00'));

    expect(screen.getByRole('dialog', { name: `Add Payment for Invoice #${open.id}` })).toBe(modal);
    expect((within(modal).getByLabelText('Amount') as HTMLInputElement).value).toBe('250');
  });

  it('keep Add Payment open when the invoice is voided elsewhere, taking no payment then', async () => {
    const { open } = await seedAna();
    const user = await renderLiveBilling();
    await user.click(within(invoiceRow(open.id)!).getByRole('button', { name: 'Add Payment' }));
    const modal = screen.getByRole('dialog', { name: `Add Payment for Invoice #${open.id}` });
    await within(modal).findByTestId('billing-balance');
    await user.type(within(modal).getByLabelText('Amount'), '50');

    await realStack().query(`update public.invoices set voided_at = $2, void_reason = 'Wrong patient' where id = $1`, [
      open.id,
      '2030-01-10T06:00:00Z',
    ]);
    fakeRealtime.emit('billing-updated', {
      clinic_id: 1,
      invoice_id: open.id,
      table: 'invoices',
      op: 'UPDATE',
      id: open.id,
    });

    expect(await within(modal).findByText('This invoice is void; it takes no more payments.')).toBeTruthy();
    expect(within(modal).getByRole('button', { name: 'Add Payment' })).toHaveProperty('disabled', true);
    await user.type(within(modal).getByLabelText('Amount'), '{Enter}');
    expect(within(modal).queryByRole('alert')).toBeNull();
    expect(await rows('payments')).toHaveLength(1);
  });

  it('keep Add Invoice open with the total typed', async () => {
    const { open } = await seedAna();
    const user = await renderLiveBilling();
    await user.click(screen.getByRole('button', { name: 'Add Invoice' }));
    const modal = screen.getByRole('dialog', { name: 'Add Invoice' });
    await user.type(within(modal).getByLabelText('Total'), '1500');

    const taken = await paymentTakenElsewhere(open, 300);
    await waitFor(() => expect(paymentRow(taken.id)).not.toBeNull());

    expect(screen.getByRole('dialog', { name: 'Add Invoice' })).toBe(modal);
    expect((within(modal).getByLabelText('Total') as HTMLInputElement).value).toBe('1500');
    expect(await rows('invoices')).toHaveLength(2);
  });
});
