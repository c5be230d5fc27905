// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceRow, PaymentRow } from '@/lib/database.types';
import { initSupabase } from '@/lib/supabase';
import {
  countRequests,
  failNext,
  holdNext,
  loseAnswerNext,
  pgError,
  realStack,
  rows,
  seed,
  stackConfig,
  setupRealDatabase,
} from '@/testing/real-db';
import { AddInvoiceModal } from './add-invoice/components/add-invoice-modal';
import { renderBilling, renderWithQueries } from './testing/render';

// The socket is not under test here: the screen subscribes to nothing.
vi.mock('@/lib/realtime-client', async (actual) => ({
  ...(await actual<object>()),
  subscribeToServiceEvents: async () => ({ close: () => undefined }),
}));

setupRealDatabase();

beforeAll(() => {
  initSupabase(stackConfig());
});

beforeEach(async () => {
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Money as the browser sends it: decimal text, which the API stores as a number of pesos. */
const pesos = (text: string) => Number(text.replaceAll(',', ''));

async function seedPatients() {
  const [ana, ben, carla] = await seed.patients([
    { name: 'Ana Santos', phone: '0917 555 0101' },
    { name: 'Ben Cruz', phone: '0918 555 0202' },
    { name: 'Carla Reyes', phone: '0919 555 0303' },
  ]);
  return { ana: ana!, ben: ben!, carla: carla! };
}

async function seedInvoice(overrides: Partial<InvoiceRow> & Pick<InvoiceRow, 'patient_id'>) {
  return (await seed.invoices([{ total: pesos('1000.00'), ...overrides }]))[0]!;
}

async function seedPayment(invoice: InvoiceRow, overrides: Partial<PaymentRow> = {}) {
  return (
    await seed.payments([
      {
        invoice_id: invoice.id,
        patient_id: invoice.patient_id,
        amount: pesos('100.00'),
        payment_date: '2030-01-09T02:30:00+00:00',
        ...overrides,
      },
    ])
  )[0]!;
}

const invoicesTable = () => screen.getByRole('table', { name: 'Invoices' });
const paymentsTable = () => screen.getByRole('table', { name: 'Payments' });
const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .filter((row) => !row.getAttribute('aria-hidden'));
const rowTexts = (table: HTMLElement) =>
  bodyRows(table).map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent ?? ''),
  );
const invoiceRow = (id: number) => bodyRows(invoicesTable()).find((row) => row.dataset.invoiceId === String(id))!;
const waitForLists = async () => {
  await screen.findByTestId('invoices-count');
  await screen.findByTestId('payments-count');
};
const dialog = (name: string) => screen.getByRole('dialog', { name });
const storedPayments = () => rows('payments');
const storedInvoices = () => rows('invoices');
/** Voided on another device: what void_invoice stores. */
const voidInvoice = (id: number, reason: string) =>
  realStack().query(`update public.invoices set voided_at = $2, void_reason = $3 where id = $1`, [
    id,
    '2030-01-09T06:00:00Z',
    reason,
  ]);

/** Opens Add Invoice on the Billing screen once both lists are in. */
async function openAddInvoice(user: ReturnType<typeof userEvent.setup>) {
  await renderBilling();
  await waitForLists();
  await user.click(screen.getByRole('button', { name: 'Add Invoice' }));
  return dialog('Add Invoice');
}

async function openAddPayment(user: ReturnType<typeof userEvent.setup>, invoiceId: number) {
  await user.click(within(invoiceRow(invoiceId)).getByRole('button', { name: 'Add Payment' }));
  // Named once the form's code is in: the first opening in a file loads it.
  const modal = await screen.findByRole('dialog', { name: `Add Payment for Invoice #${invoiceId}` });
  await within(modal).findByTestId('billing-balance');
  return modal;
}

/** Types `amount` into the modal's Amount and presses Add Payment. */
async function payAmount(user: ReturnType<typeof userEvent.setup>, modal: HTMLElement, amount: string) {
  await user.type(within(modal).getByLabelText('Amount'), amount);
  await user.click(within(modal).getByRole('button', { name: 'Add Payment' }));
}

/** Presses the modal's `button` and sees the payment saved. */
async function pressAndSeePaymentAdded(user: ReturnType<typeof userEvent.setup>, modal: HTMLElement, button: string) {
  await user.click(within(modal).getByRole('button', { name: button }));
  expect(await screen.findByText('Payment added!')).toBeTruthy();
}

/**
 * The Add Payment modal of a new invoice of Ana's (₱1,000.00 unless `total` says otherwise), opened
 * on the Billing screen once both lists are in. `beforeRender` arranges what the database holds or
 * does before the screen first reads it.
 */
async function openPaymentOfNewInvoice(
  options: { total?: number; beforeRender?: (invoice: InvoiceRow) => Promise<unknown> | void } = {},
) {
  const user = userEvent.setup();
  const { ana } = await seedPatients();
  const invoice = await seedInvoice({ patient_id: ana.id, total: options.total ?? pesos('1000.00') });
  await options.beforeRender?.(invoice);
  await renderBilling();
  await waitForLists();
  const modal = await openAddPayment(user, invoice.id);
  return { user, ana, invoice, modal };
}

describe('the Billing System tab', () => {
  it('shows the spec’s button, tables, headers and empty texts', async () => {
    await renderBilling();
    await waitForLists();
    expect(screen.getByRole('heading', { name: 'Billing System' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Invoice' })).toBeTruthy();
    expect(
      within(invoicesTable())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ID', 'Patient', 'Total', 'Status', 'Actions']);
    expect(
      within(paymentsTable())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['IID', 'Patient', 'Amount', 'Method', 'Ref #', 'Date', 'Actions']);
    expect(within(invoicesTable()).getByText('No invoices found.')).toBeTruthy();
    expect(within(paymentsTable()).getByText('No payments found.')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search by patient' })).toBeTruthy();
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Paid', 'Partial', 'Unpaid', 'Void']);
  });

  it('lists invoices and payments in pesos, with the status from the database and void rows struck through', async () => {
    const { ana, ben, carla } = await seedPatients();
    const paid = await seedInvoice({ patient_id: ana.id, total: pesos('0.30') });
    const partial = await seedInvoice({ patient_id: ben.id, total: pesos('1234.50') });
    const voided = await seedInvoice({ patient_id: carla.id, total: pesos('20.00') });
    await seedPayment(paid, { amount: pesos('0.10'), method: 'cash', payment_date: '2030-01-09T01:00:00Z' });
    await seedPayment(paid, {
      amount: pesos('0.20'),
      method: 'e-wallet',
      reference_number: 'GC-778',
      payment_date: '2030-01-09T02:00:00Z',
    });
    await seedPayment(partial, { amount: pesos('1000'), method: 'bank', payment_date: '2030-01-09T03:00:00Z' });
    await seedPayment(partial, {
      amount: pesos('234.50'),
      method: 'card',
      payment_date: '2030-01-09T04:00:00Z',
      voided_at: '2030-01-09T05:00:00Z',
      void_reason: 'Card declined',
    });
    await voidInvoice(voided.id, 'Typed twice');
    await renderBilling();
    await waitForLists();

    expect(rowTexts(invoicesTable())).toEqual([
      [String(voided.id), 'Carla Reyes', '₱20.00', 'Void', ''],
      [String(partial.id), 'Ben Cruz', '₱1,234.50', 'Partial', 'Add Payment'],
      [String(paid.id), 'Ana Santos', '₱0.30', 'Paid', 'Add Payment'],
    ]);
    expect(invoiceRow(voided.id).className).toContain('is-void');
    expect(rowTexts(paymentsTable())).toEqual([
      [String(partial.id), 'Ben Cruz', '₱234.50', 'Card', '', 'Jan 9, 2030 12:00 PM', 'VoidPrint receipt'],
      [String(partial.id), 'Ben Cruz', '₱1,000.00', 'Bank Transfer', '', 'Jan 9, 2030 11:00 AM', 'Print receipt'],
      [String(paid.id), 'Ana Santos', '₱0.20', 'E-Wallet', 'GC-778', 'Jan 9, 2030 10:00 AM', 'Print receipt'],
      [String(paid.id), 'Ana Santos', '₱0.10', 'Cash', '', 'Jan 9, 2030 9:00 AM', 'Print receipt'],
    ]);
    expect(bodyRows(paymentsTable())[0]!.className).toContain('is-void');
    expect(within(invoicesTable()).getByText('Partial').dataset.tone).toBe('orange');
    expect(within(invoicesTable()).getByText('Paid').dataset.tone).toBe('green');
  });

  it('offers the availment form beside Add Payment on invoices billed to an HMO only, in a new tab', async () => {
    const { ana, ben } = await seedPatients();
    const [maxicare] = await seed.hmos([{ clinic_id: 1, name: 'Maxicare' }]);
    const hmoVisit = await seedInvoice({ patient_id: ana.id, hmo_id: maxicare!.id, hmo_share: pesos('500.00') });
    const plain = await seedInvoice({ patient_id: ben.id });
    await renderBilling();
    await waitForLists();

    expect(rowTexts(invoicesTable())).toEqual([
      [String(plain.id), 'Ben Cruz', '₱1,000.00', 'Unpaid', 'Add Payment'],
      [String(hmoVisit.id), 'Ana Santos', '₱1,000.00', 'Unpaid', 'Add PaymentAvailment form'],
    ]);
    const link = within(invoiceRow(hmoVisit.id)).getByRole('link', { name: 'Availment form' });
    expect(link.getAttribute('href')).toBe(`/availment/${hmoVisit.id}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('title')).toBe(`Availment form of invoice #${hmoVisit.id} (opens in a new tab)`);
  });

  it('shows the newest invoices at once when there are more, and searches once every one is read', async () => {
    const user = userEvent.setup();
    const { ana, ben } = await seedPatients();
    const seeded = await seed.invoices(
      Array.from({ length: 103 }, (_, index) => ({ patient_id: index % 10 === 0 ? ben.id : ana.id, total: 500 })),
    );
    const newest = holdNext({ method: 'GET', table: 'invoice_summaries' });
    const every = holdNext({ method: 'GET', table: 'invoice_summaries' });
    await renderBilling();
    await newest.reached;
    newest.release();

    await waitFor(() =>
      expect(screen.getByTestId('invoices-count').textContent).toBe('Newest 100 of 103 invoices; reading the rest…'),
    );
    const newestId = Math.max(...seeded.map((invoice) => invoice.id));
    expect(bodyRows(invoicesTable())[0]!.dataset.invoiceId).toBe(String(newestId));
    await every.reached;
    // A search among the newest alone would read as all there is: it waits for the rest.
    await user.type(screen.getByRole('searchbox', { name: 'Search by patient' }), 'ben');
    expect(within(invoicesTable()).getByText('Loading billing…')).toBeTruthy();
    expect(screen.queryByTestId('invoices-count')).toBeNull();

    every.release();
    await waitFor(() => expect(screen.getByTestId('invoices-count').textContent).toBe('11 of 103 invoices'));
  });

  it('filters by status and searches by patient name at once, over both tables', async () => {
    const user = userEvent.setup();
    const { ana, ben } = await seedPatients();
    const paid = await seedInvoice({ patient_id: ana.id, total: pesos('100') });
    const unpaid = await seedInvoice({ patient_id: ben.id });
    await seedInvoice({ patient_id: ana.id });
    await seedPayment(paid, { amount: pesos('100') });
    await renderBilling();
    await waitForLists();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Paid');
    expect(bodyRows(invoicesTable()).map((row) => row.dataset.invoiceId)).toEqual([String(paid.id)]);
    expect(screen.getByTestId('invoices-count').textContent).toBe('1 of 3 invoices');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    await user.type(screen.getByRole('searchbox', { name: 'Search by patient' }), 'BEN');
    expect(bodyRows(invoicesTable()).map((row) => row.dataset.invoiceId)).toEqual([String(unpaid.id)]);
    expect(within(paymentsTable()).getByText('No payments match this search.')).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Paid');
    expect(within(invoicesTable()).getByText('No invoices match this search or status.')).toBeTruthy();
  });
});

describe('Add Invoice', () => {
  it('asks for a patient picked from the results and a total, and sends nothing until then', async () => {
    const user = userEvent.setup();
    await seedPatients();
    const modal = await openAddInvoice(user);
    expect(within(modal).getByLabelText('Patient')).toBeTruthy();
    expect(within(modal).getByLabelText('Total')).toBeTruthy();
    expect(within(modal).getByRole('button', { name: 'Cancel' })).toBeTruthy();

    await user.click(within(modal).getByRole('button', { name: 'Add Invoice' }));
    expect(within(modal).getByRole('alert').textContent).toBe('Please select a patient.');
    expect(within(modal).getByText('Total is required.')).toBeTruthy();

    // Typed but not picked: still no patient.
    await user.type(within(modal).getByRole('combobox', { name: 'Patient' }), 'Ana');
    await user.type(within(modal).getByLabelText('Total'), '1,500');
    await user.click(within(modal).getByRole('button', { name: 'Add Invoice' }));
    expect(within(modal).getByRole('alert').textContent).toBe('Please select a patient.');
    expect(await storedInvoices()).toEqual([]);
  });

  it('finds a patient whatever the accents and case typed, as the Billing list does', async () => {
    const user = userEvent.setup();
    await seed.patients([
      { name: 'Niña Reyes', phone: '0917 555 0404' },
      { name: 'NIÑA BAUTISTA', phone: '0917 555 0505' },
      { name: 'Nino Cruz', phone: '0917 555 0606' },
    ]);
    const modal = await openAddInvoice(user);
    await user.type(within(modal).getByRole('combobox', { name: 'Patient' }), 'nina');
    // The matches of 'n', 'ni' and 'nin' show until those of 'nina' arrive.
    const options = () =>
      within(modal)
        .queryAllByRole('option')
        .map((option) => option.getAttribute('aria-label'));
    await waitFor(() => expect(options()).toEqual(['NIÑA BAUTISTA, 0917 555 0505', 'Niña Reyes, 0917 555 0404']));
  });

  it('adds an invoice for the patient picked, with the total as typed; typing again clears the pick', async () => {
    const user = userEvent.setup();
    const { ana, ben } = await seedPatients();
    const modal = await openAddInvoice(user);
    const patient = within(modal).getByRole('combobox', { name: 'Patient' });

    await user.type(patient, 'ana');
    await user.click(await within(modal).findByRole('option', { name: 'Ana Santos, 0917 555 0101' }));
    expect((patient as HTMLInputElement).value).toBe('Ana Santos');
    await user.type(patient, 'x');
    await user.type(within(modal).getByLabelText('Total'), '1,500');
    await user.click(within(modal).getByRole('button', { name: 'Add Invoice' }));
    expect(within(modal).getByRole('alert').textContent).toBe('Please select a patient.');

    await user.clear(patient);
    await user.type(patient, 'Cruz');
    await user.click(await within(modal).findByRole('option', { name: /^Ben Cruz/ }));
    await user.click(within(modal).getByRole('button', { name: 'Add Invoice' }));

    expect(await screen.findByText('Invoice added!')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await storedInvoices()).toMatchObject([
      { patient_id: ben.id, total: 1500, clinic_id: 1, appointment_id: null },
    ]);
    await waitFor(() =>
      expect(rowTexts(invoicesTable())[0]).toEqual([
        expect.any(String),
        'Ben Cruz',
        '₱1,500.00',
        'Unpaid',
        'Add Payment',
      ]),
    );
    expect(ana.id).not.toBe(ben.id);
  });

  it.each([
    ['-5', 'Total must be more than ₱0.00.'],
    ['12.345', 'Total can have at most 2 decimals (centavos).'],
  ])('refuses the total %s at its field', async (total, message) => {
    const user = userEvent.setup();
    await seedPatients();
    const modal = await openAddInvoice(user);
    await user.type(within(modal).getByRole('combobox', { name: 'Patient' }), 'Ana');
    await user.click(await within(modal).findByRole('option', { name: /^Ana Santos/ }));
    await user.type(within(modal).getByLabelText('Total'), total);
    await user.click(within(modal).getByRole('button', { name: 'Add Invoice' }));
    expect(within(modal).getByText(message)).toBeTruthy();
    expect(within(modal).getByLabelText('Total').getAttribute('aria-invalid')).toBe('true');
    expect(await storedInvoices()).toEqual([]);
  });

  it.each([
    [
      'a refusal the database words',
      pgError('23514', 'This appointment already has an invoice.', { hint: 'appointment_already_billed' }),
      'Error adding invoice: This appointment already has an invoice.',
    ],
    ['any other failure', pgError('XX000', 'relation "invoices" does not exist'), 'Error adding invoice: Unknown'],
    ['no answer at all', 'network' as const, 'Network error while adding invoice.'],
  ])('says so on %s, keeping what was typed', async (_case, failure, text) => {
    const user = userEvent.setup();
    await seedPatients();
    failNext({ method: 'POST', table: 'invoices' }, failure);
    const modal = await openAddInvoice(user);
    await user.type(within(modal).getByRole('combobox', { name: 'Patient' }), 'Ana');
    await user.click(await within(modal).findByRole('option', { name: /^Ana Santos/ }));
    await user.type(within(modal).getByLabelText('Total'), '500');
    await user.click(within(modal).getByRole('button', { name: 'Add Invoice' }));
    expect((await within(modal).findByRole('alert')).textContent).toBe(text);
    expect((within(modal).getByLabelText('Total') as HTMLInputElement).value).toBe('500');
    expect(await storedInvoices()).toEqual([]);

    // The same form tries again with the same key and saves once.
    await user.click(within(modal).getByRole('button', { name: 'Add Invoice' }));
    expect(await screen.findByText('Invoice added!')).toBeTruthy();
    expect(await storedInvoices()).toHaveLength(1);
  });
});

describe('Add Invoice for a patient deleted meanwhile', () => {
  it('says the patient has been deleted, in the database’s words, and saves nothing', async () => {
    const user = userEvent.setup();
    const { ana } = await seedPatients();
    const modal = await openAddInvoice(user);
    await user.type(within(modal).getByRole('combobox', { name: 'Patient' }), 'Ana');
    await user.click(await within(modal).findByRole('option', { name: /^Ana Santos/ }));
    // Deleted on another device after the pick.
    await realStack().query('update public.patients set deleted = true where id = $1', [ana.id]);
    await user.type(within(modal).getByLabelText('Total'), '500');
    await user.click(within(modal).getByRole('button', { name: 'Add Invoice' }));
    expect((await within(modal).findByRole('alert')).textContent).toBe(
      'Error adding invoice: This patient has been deleted.',
    );
    expect(await storedInvoices()).toEqual([]);
  });
});

describe('Add Invoice retried after a lost answer', () => {
  it('does not take a retry for another patient for the invoice the form saved', async () => {
    const user = userEvent.setup();
    const { ana } = await seedPatients();
    const modal = await openAddInvoice(user);
    const patient = within(modal).getByRole('combobox', { name: 'Patient' });
    await user.type(patient, 'ana');
    await user.click(await within(modal).findByRole('option', { name: 'Ana Santos, 0917 555 0101' }));
    await user.type(within(modal).getByLabelText('Total'), '500');
    loseAnswerNext({ method: 'POST', table: 'invoices' });
    await user.click(within(modal).getByRole('button', { name: 'Add Invoice' }));
    await within(modal).findByRole('alert');
    const [saved] = await storedInvoices();
    expect(saved).toMatchObject({ patient_id: ana.id, total: 500 });

    await user.clear(patient);
    await user.type(patient, 'Cruz');
    await user.click(await within(modal).findByRole('option', { name: /^Ben Cruz/ }));
    await user.click(within(modal).getByRole('button', { name: 'Add Invoice' }));
    await waitFor(() =>
      expect(within(modal).getByRole('alert').textContent).toBe(
        `Error adding invoice: This form already saved invoice #${saved!.id} before the connection dropped, with what it said then. Close it to see that invoice, then add a new one for the change.`,
      ),
    );
    expect(await storedInvoices()).toHaveLength(1);
  });
});

describe('Add Invoice for an appointment (Bill)', () => {
  it('opens with the patient, the price and the appointment, and keeps the appointment id', async () => {
    const user = userEvent.setup();
    const { ana } = await seedPatients();
    await seed.dentists([{}]);
    const [appointment] = await seed.appointments([{ patient_id: ana.id, status: 'Completed' }]);
    const onClose = vi.fn();
    await renderWithQueries(
      <AddInvoiceModal
        clinicId={1}
        onClose={onClose}
        prefill={{
          patient: { id: ana.id, name: 'Ana Santos' },
          totalCentavos: 150_050,
          appointmentId: appointment!.id,
        }}
      />,
    );
    const modal = dialog('Add Invoice');
    expect((within(modal).getByRole('combobox', { name: 'Patient' }) as HTMLInputElement).value).toBe('Ana Santos');
    expect((within(modal).getByLabelText('Total') as HTMLInputElement).value).toBe('1500.50');
    await user.click(within(modal).getByRole('button', { name: 'Add Invoice' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await storedInvoices()).toMatchObject([
      { patient_id: ana.id, total: 1500.5, appointment_id: appointment!.id },
    ]);
  });
});

describe('Add Payment', () => {
  it('opens for the invoice with the spec’s fields and the balance read afresh', async () => {
    const user = userEvent.setup();
    const { ana } = await seedPatients();
    const invoice = await seedInvoice({ patient_id: ana.id, total: pesos('1500.00') });
    await renderBilling();
    await waitForLists();
    // Another device takes ₱500 after the list was read.
    await seedPayment(invoice, { amount: pesos('500') });
    const modal = await openAddPayment(user, invoice.id);
    expect(within(modal).getByTestId('billing-balance').textContent).toBe(
      'Total ₱1,500.00 · Paid ₱500.00 · Balance ₱1,000.00',
    );
    expect(within(modal).getByLabelText('Amount')).toBeTruthy();
    const method = within(modal).getByLabelText('Method');
    expect(
      within(method)
        .getAllByRole('option')
        .map((option) => [option.textContent, (option as HTMLOptionElement).value]),
    ).toEqual([
      ['Cash', 'cash'],
      ['Card', 'card'],
      ['E-Wallet', 'e-wallet'],
      ['Bank Transfer', 'bank'],
    ]);
    expect(within(modal).getByLabelText(/^Reference #/)).toBeTruthy();
    expect(within(modal).getByLabelText(/^Notes/)).toBeTruthy();
    expect(within(modal).getByRole('button', { name: 'Add Payment' })).toBeTruthy();
    expect(within(modal).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it.each([
    ['', 'Amount is required.'],
    ['1e3', 'Amount must be a number of pesos, like 1,500 or 1500.50.'],
    ['99999999999', 'Amount can be at most ₱9,999,999,999.99.'],
  ])('refuses the amount "%s" at its field and sends nothing', async (amount, message) => {
    const { user, modal } = await openPaymentOfNewInvoice();
    if (amount) await user.type(within(modal).getByLabelText('Amount'), amount);
    await user.click(within(modal).getByRole('button', { name: 'Add Payment' }));
    expect(within(modal).getByText(message)).toBeTruthy();
    expect(await storedPayments()).toEqual([]);
  });

  it('takes a partial payment (Partial) and then the rest (Paid), exactly in centavos', async () => {
    const opened = await openPaymentOfNewInvoice({ total: pesos('0.30') });
    const { user, ana, invoice } = opened;
    let { modal } = opened;
    const invoiceReads = countRequests({ method: 'GET', table: 'invoice_summaries' });
    await user.type(within(modal).getByLabelText('Amount'), '0.1');
    await user.selectOptions(within(modal).getByLabelText('Method'), 'E-Wallet');
    await user.type(within(modal).getByLabelText(/^Reference #/), ' GC-1 ');
    await pressAndSeePaymentAdded(user, modal, 'Add Payment');
    await waitFor(() => expect(within(invoiceRow(invoice.id)).getByText('Partial')).toBeTruthy());

    modal = await openAddPayment(user, invoice.id);
    await payAmount(user, modal, '.20');
    await waitFor(() => expect(within(invoiceRow(invoice.id)).getByText('Paid')).toBeTruthy());
    expect(await storedPayments()).toMatchObject([
      {
        invoice_id: invoice.id,
        patient_id: ana.id,
        amount: 0.1,
        method: 'e-wallet',
        reference_number: 'GC-1',
        notes: null,
      },
      { invoice_id: invoice.id, patient_id: ana.id, amount: 0.2, method: 'cash', reference_number: null },
    ]);
    // The payments list refreshes after the invoice list that shows "Paid".
    await waitFor(() => expect(rowTexts(paymentsTable()).map((cells) => cells[2])).toEqual(['₱0.20', '₱0.10']));
    // Each save read its invoice again into the list (beside the form's own balance reads, id=eq.),
    // and never the clinic's whole list.
    const reads = invoiceReads.urls.map((url) => new URL(url).searchParams.get('id'));
    expect(reads.filter((filter) => filter !== `eq.${invoice.id}`)).toEqual([
      `in.(${invoice.id})`,
      `in.(${invoice.id})`,
    ]);
  });

  it('warns before taking more than the balance, and keeps the money once confirmed', async () => {
    const { user, modal } = await openPaymentOfNewInvoice({
      beforeRender: (invoice) => seedPayment(invoice, { amount: pesos('400') }),
    });
    await payAmount(user, modal, '1,000');
    expect(within(modal).getByRole('alert').textContent).toContain('This is ₱400.00 more than the balance of ₱600.00.');
    expect(await storedPayments()).toHaveLength(1);

    await pressAndSeePaymentAdded(user, modal, 'Add Payment anyway');
    expect((await storedPayments()).map((payment) => payment.amount)).toEqual([400, 1000]);
    expect((await storedPayments()).map((payment) => payment.overpayment_accepted)).toEqual([false, true]);
    expect((await storedPayments()).map((payment) => payment.accepted_balance)).toEqual([null, 600]);
  });

  it('drops the warning when the method or reference changes, and saves the fields confirmed after a new warning', async () => {
    const { user, modal } = await openPaymentOfNewInvoice();
    await payAmount(user, modal, '1,200');
    expect(within(modal).getByRole('button', { name: 'Add Payment anyway' })).toBeTruthy();

    await user.selectOptions(within(modal).getByLabelText('Method'), 'E-Wallet');
    await waitFor(() => expect(within(modal).queryByRole('button', { name: 'Add Payment anyway' })).toBeNull());
    await user.type(within(modal).getByLabelText(/^Reference #/), 'GC-7');
    await user.click(within(modal).getByRole('button', { name: 'Add Payment' }));
    expect((await within(modal).findByRole('alert')).textContent).toBe(
      'This is ₱200.00 more than the balance of ₱1,000.00.Add Payment anyway',
    );
    expect(await storedPayments()).toEqual([]);

    await pressAndSeePaymentAdded(user, modal, 'Add Payment anyway');
    expect(await storedPayments()).toMatchObject([
      { amount: 1200, method: 'e-wallet', reference_number: 'GC-7', overpayment_accepted: true },
    ]);
  });

  it.each([/^Reference #/, /^Notes/])('drops the warning when %s is edited', async (label) => {
    const { user, modal } = await openPaymentOfNewInvoice();
    await payAmount(user, modal, '1,200');
    expect(within(modal).getByRole('button', { name: 'Add Payment anyway' })).toBeTruthy();
    await user.type(within(modal).getByLabelText(label), 'x');
    await waitFor(() => expect(within(modal).queryByRole('button', { name: 'Add Payment anyway' })).toBeNull());
    expect(await storedPayments()).toEqual([]);
  });

  it('says the balance changed when another desk took a payment after the warning, and asks again', async () => {
    const { user, invoice, modal } = await openPaymentOfNewInvoice();
    await payAmount(user, modal, '1,200');
    expect(within(modal).getByRole('alert').textContent).toBe(
      'This is ₱200.00 more than the balance of ₱1,000.00.Add Payment anyway',
    );
    // Another desk takes the ₱1,000 while this one decides.
    await seedPayment(invoice, { amount: pesos('1000') });

    await user.click(within(modal).getByRole('button', { name: 'Add Payment anyway' }));
    await waitFor(() =>
      expect(within(modal).getByRole('alert').textContent).toBe(
        'The balance changed meanwhile (a payment was taken or voided); nothing was saved.' +
          'This is ₱1,200.00 more than the balance of ₱0.00.Add Payment anyway',
      ),
    );
    expect(within(modal).getByTestId('billing-balance').textContent).toBe(
      'Total ₱1,000.00 · Paid ₱1,000.00 · Balance ₱0.00',
    );
    expect(await storedPayments()).toMatchObject([{ amount: 1000, overpayment_accepted: false }]);

    await pressAndSeePaymentAdded(user, modal, 'Add Payment anyway');
    expect(await storedPayments()).toMatchObject([
      { amount: 1000, overpayment_accepted: false, accepted_balance: null },
      { amount: 1200, overpayment_accepted: true, accepted_balance: 0 },
    ]);
  });

  it('sends a payment that fits as not accepting an overpayment', async () => {
    const { user, modal } = await openPaymentOfNewInvoice();
    await payAmount(user, modal, '1,000');
    expect(await screen.findByText('Payment added!')).toBeTruthy();
    expect(await storedPayments()).toMatchObject([{ amount: 1000, overpayment_accepted: false }]);
  });

  it('warns with the new balance when another device took a payment meanwhile, and saves only once confirmed', async () => {
    const { user, invoice, modal } = await openPaymentOfNewInvoice();
    await screen.findByTestId('billing-balance');
    // The balance the form read (₱1,000.00) is out of date by the time it saves.
    await seedPayment(invoice, { amount: pesos('700') });
    await payAmount(user, modal, '500');
    expect((await within(modal).findByRole('alert')).textContent).toContain(
      'This is ₱200.00 more than the balance of ₱300.00.',
    );
    expect(await storedPayments()).toHaveLength(1);

    await pressAndSeePaymentAdded(user, modal, 'Add Payment anyway');
    expect(await storedPayments()).toMatchObject([
      { amount: pesos('700'), overpayment_accepted: false },
      { amount: 500, overpayment_accepted: true },
    ]);
  });

  it('makes one payment from a double click', async () => {
    const { user, modal } = await openPaymentOfNewInvoice();
    await user.type(within(modal).getByLabelText('Amount'), '250');
    const held = holdNext({ method: 'POST', table: 'payments' });
    await user.dblClick(within(modal).getByRole('button', { name: 'Add Payment' }));
    await held.reached;
    expect((within(modal).getByRole('button', { name: 'Saving...' }) as HTMLButtonElement).disabled).toBe(true);
    held.release();
    expect(await screen.findByText('Payment added!')).toBeTruthy();
    expect(await storedPayments()).toHaveLength(1);
  });

  it('counts a retry whose first try was saved (answer lost) as its own success: one payment', async () => {
    // The first insert reaches the database, but its answer never comes back.
    const { user, invoice, modal } = await openPaymentOfNewInvoice({
      beforeRender: () => loseAnswerNext({ method: 'POST', table: 'payments' }),
    });
    await payAmount(user, modal, '300');
    expect((await within(modal).findByRole('alert')).textContent).toBe(
      'Error: Could not reach the server. Please check your connection and try again.',
    );
    expect(await storedPayments()).toHaveLength(1);

    await pressAndSeePaymentAdded(user, modal, 'Add Payment');
    expect(await storedPayments()).toHaveLength(1);
    await waitFor(() => expect(within(invoiceRow(invoice.id)).getByText('Partial')).toBeTruthy());
  });

  it('does not take a retry with a changed amount for the payment saved when the answer was lost', async () => {
    const { user, modal } = await openPaymentOfNewInvoice({
      beforeRender: () => loseAnswerNext({ method: 'POST', table: 'payments' }),
    });
    await payAmount(user, modal, '300');
    await within(modal).findByRole('alert');
    const [saved] = await storedPayments();

    await user.clear(within(modal).getByLabelText('Amount'));
    await payAmount(user, modal, '400');
    await waitFor(() =>
      expect(within(modal).getByRole('alert').textContent).toBe(
        `Error: This form already saved payment #${saved!.id} before the connection dropped, with what it said then. Close it to see that payment, then add a new one for the change.`,
      ),
    );
    expect((await storedPayments()).map((payment) => payment.amount)).toEqual([saved!.amount]);
  });

  it('shows the database’s refusal as Error: {message}', async () => {
    const { user, invoice, modal } = await openPaymentOfNewInvoice();
    // Voided on another device after the modal opened.
    await voidInvoice(invoice.id, 'Wrong patient');
    await payAmount(user, modal, '50');
    expect((await within(modal).findByRole('alert')).textContent).toBe(
      'Error: This invoice is void; it takes no more payments.',
    );
    expect(await storedPayments()).toEqual([]);
  });
});
