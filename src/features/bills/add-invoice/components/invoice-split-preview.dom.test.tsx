// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initSupabase } from '@/lib/supabase';
import { holdNext, realStack, rows, seed, setupRealDatabase, stackConfig } from '@/testing/real-db';
import { openBillOfAppointment, renderAsReceptionist, ReopenableAddInvoice } from '../testing/render-modal';
import { AddInvoiceModal } from './add-invoice-modal';

setupRealDatabase();

beforeAll(() => {
  initSupabase(stackConfig());
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const modal = () => screen.getByRole('dialog', { name: 'Add Invoice' });
const line = (position: number) => within(modal()).getByRole('group', { name: `Item ${position}` });
/** Waits for a line of the split under the items to read `amount` (a new answer may be on its way). */
const expectSplitRow = (label: string, amount: string) =>
  waitFor(() =>
    expect(within(modal()).getByText(label, { selector: 'dt' }).closest('div')!.textContent).toBe(`${label}${amount}`),
  );

async function chooseProcedure(user: ReturnType<typeof userEvent.setup>, position: number, name: string) {
  const select = within(line(position)).getByRole('combobox', { name: 'Procedure' });
  await waitFor(() => expect(within(select).getByRole('option', { name: new RegExp(`^${name} —`) })).toBeTruthy());
  await user.selectOptions(select, within(select).getByRole('option', { name: new RegExp(`^${name} —`) }));
}

/** Smile Dental with a cleaning Maxicare covers at ₱900 and a crown it does not; answers their ids. */
async function clinicWithMaxicare({ vatRegistered = false } = {}) {
  await seed.clinics([{ id: 1, name: 'Smile Dental', vat_registered: vatRegistered }]);
  const [category] = await seed.procedure_categories([{ name: 'General' }]);
  const [cleaning, crown] = await seed.procedures([
    { category_id: category!.id, name: 'Oral Prophylaxis (Cleaning)', price: 1200 },
    { category_id: category!.id, name: 'Porcelain Crown', price: 15000 },
  ]);
  await seed.hmos([
    { id: 1, clinic_id: 1, name: 'Maxicare' },
    { id: 2, clinic_id: 1, name: 'Intellicare' },
  ]);
  await seed.hmo_coverages([{ clinic_id: 1, hmo_id: 1, procedure_id: cleaning!.id, contracted_price: 900 }]);
  return { cleaning: cleaning!.id, crown: crown!.id };
}

async function patientWithCard(name: string, hmoId: number, validUntil: string, validFrom = '2000-01-01') {
  const [patient] = await seed.patients([{ name }]);
  await addCard(patient!.id, hmoId, validUntil, validFrom);
  return { id: patient!.id, name };
}

async function addCard(patientId: number, hmoId: number, validUntil: string, validFrom = '2000-01-01') {
  await seed.patient_hmo_cards([
    {
      clinic_id: 1,
      patient_id: patientId,
      hmo_id: hmoId,
      member_number: 'MAX-2291-0457',
      valid_from: validFrom,
      valid_until: validUntil,
    },
  ]);
}

const saveButton = () => within(modal()).getByRole('button', { name: 'Add Invoice' }) as HTMLButtonElement;

/**
 * The front desk with the dashboard's query cache (a read is fresh for 30 s): Add Invoice for
 * `patient`, closed with Cancel and opened again with 'Add another invoice'.
 */
async function renderFrontDesk(patient: { id: number; name: string }) {
  const dashboardCache = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
  await renderAsReceptionist(
    <QueryClientProvider client={dashboardCache}>
      <ReopenableAddInvoice patient={patient} />
    </QueryClientProvider>,
  );
}

/** Itemises the open Add Invoice with one cleaning at the price list's price. */
async function billOneCleaning(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(modal()).getByRole('button', { name: 'Itemise' }));
  await chooseProcedure(user, 1, 'Oral Prophylaxis \\(Cleaning\\)');
}

async function reopen(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(modal()).getByRole('button', { name: 'Cancel' }));
  await user.click(screen.getByRole('button', { name: 'Add another invoice' }));
}

describe('Add Invoice: who pays, as the database splits it', () => {
  it('shows the HMO’s share per line and the patient’s total, and saves that split', async () => {
    await clinicWithMaxicare();
    const ana = await patientWithCard('Ana Santos', 1, '2999-12-31');
    const user = userEvent.setup();
    const onClose = vi.fn();
    await renderAsReceptionist(<AddInvoiceModal clinicId={1} onClose={onClose} prefill={{ patient: ana }} />);
    await user.click(within(modal()).getByRole('button', { name: 'Itemise' }));
    await chooseProcedure(user, 1, 'Oral Prophylaxis \\(Cleaning\\)');
    await user.click(within(modal()).getByRole('button', { name: 'Add item' }));
    await chooseProcedure(user, 2, 'Porcelain Crown');

    await expectSplitRow('Maxicare (member MAX-2291-0457) pays', '₱900.00');
    await expectSplitRow('Patient pays', '₱15,000.00');
    const first = within(line(1));
    expect(first.getByText(/^HMO share/).textContent).toBe('HMO share ₱900.00 · Patient share ₱0.00');
    expect(first.getByText("Billed at the HMO's contracted price, ₱900.00.")).toBeTruthy();
    expect(within(line(2)).queryByText(/^HMO share/)).toBeNull();
    expect(within(modal()).getByTestId('invoice-items-total').textContent).toBe('₱15,900.00');

    await user.click(within(modal()).getByRole('button', { name: 'Add Invoice' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [invoice] = await rows('invoices');
    expect(invoice).toMatchObject({ patient_id: ana.id, total: 15000, hmo_id: 1, hmo_share: 900 });
    expect(await rows('invoice_items', { invoice_id: invoice!.id })).toMatchObject([
      { unit_price: 900, hmo_share: 900, patient_share: 0 },
      { unit_price: 15000, hmo_share: 0, patient_share: 15000 },
    ]);
  });

  it('flags a card that expired before the visit, and bills the patient for all of it', async () => {
    await clinicWithMaxicare();
    const ben = await patientWithCard('Ben Cruz', 2, '2001-01-01');
    const user = userEvent.setup();
    await renderAsReceptionist(<AddInvoiceModal clinicId={1} onClose={vi.fn()} prefill={{ patient: ben }} />);
    await user.click(within(modal()).getByRole('button', { name: 'Itemise' }));
    await chooseProcedure(user, 1, 'Oral Prophylaxis \\(Cleaning\\)');

    expect(
      await within(modal()).findByText(
        'Intellicare card expired on this day: ask for the renewed card. The HMO pays nothing on this invoice.',
      ),
    ).toBeTruthy();
    await expectSplitRow('Patient pays', '₱1,200.00');
    expect(within(line(1)).queryByText(/^HMO share/)).toBeNull();
  });

  it('takes the VAT exemption and the senior citizen discount off, each on its own line', async () => {
    await clinicWithMaxicare({ vatRegistered: true });
    const [lola] = await seed.patients([
      { name: 'Lola Reyes', discount_id_type: 'senior_citizen', discount_id_number: 'SC-QC-2019-004512' },
    ]);
    const user = userEvent.setup();
    await renderAsReceptionist(
      <AddInvoiceModal clinicId={1} onClose={vi.fn()} prefill={{ patient: { id: lola!.id, name: 'Lola Reyes' } }} />,
    );
    await user.click(within(modal()).getByRole('button', { name: 'Itemise' }));
    await chooseProcedure(user, 1, 'Oral Prophylaxis \\(Cleaning\\)');
    const price = within(line(1)).getByLabelText('Price');
    await user.clear(price);
    await user.type(price, '1000');

    await expectSplitRow('Patient pays', '₱714.29');
    await expectSplitRow('VAT exemption', '₱107.14');
    await expectSplitRow('Senior citizen discount (20%)', '₱178.57');
  });

  it('says under a discounted line which discount a senior citizen gets, the higher of the two, and saves that', async () => {
    await clinicWithMaxicare();
    const [lola] = await seed.patients([
      { name: 'Lola Reyes', discount_id_type: 'senior_citizen', discount_id_number: 'SC-QC-2019-004512' },
    ]);
    const user = userEvent.setup();
    const onClose = vi.fn();
    await renderAsReceptionist(
      <AddInvoiceModal clinicId={1} onClose={onClose} prefill={{ patient: { id: lola!.id, name: 'Lola Reyes' } }} />,
    );
    await user.click(within(modal()).getByRole('button', { name: 'Itemise' }));
    await chooseProcedure(user, 1, 'Porcelain Crown');
    const discount = within(line(1)).getByLabelText('Discount');
    await user.type(discount, '1000');

    expect(
      await within(line(1)).findByText(
        "Senior citizen discount (20%) instead of this line's ₱1,000.00 discount: the higher of the two, not both.",
      ),
    ).toBeTruthy();
    await expectSplitRow('Senior citizen discount (20%)', '₱3,000.00');
    await expectSplitRow('Patient pays', '₱12,000.00');

    await user.clear(discount);
    await user.type(discount, '5000');
    expect(
      await within(line(1)).findByText(
        "This line's ₱5,000.00 discount instead of the senior citizen discount (20%): the higher of the two, not both.",
      ),
    ).toBeTruthy();
    await expectSplitRow('Senior citizen discount (20%)', '₱0.00');
    await expectSplitRow('Patient pays', '₱10,000.00');

    await user.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [invoice] = await rows('invoices');
    expect(invoice).toMatchObject({ total: 10000, statutory_discount: 0, discount_id_type: 'senior_citizen' });
    expect(await rows('invoice_items', { invoice_id: invoice!.id })).toMatchObject([
      { unit_price: 15000, discount: 5000, line_total: 10000 },
    ]);
  });

  it('splits the lines Bill passes in on the appointment’s day, when the card was valid then', async () => {
    const { cleaning } = await clinicWithMaxicare();
    // Valid only in January 2030, the month of the appointment (seeded on Jan 9, 2030).
    const cara = await patientWithCard('Cara Lim', 1, '2030-01-31', '2030-01-01');
    const user = userEvent.setup();
    const { appointment, onClose } = await openBillOfAppointment(cara, [
      { procedureId: cleaning, priceCentavos: 120_000 },
    ]);
    await expectSplitRow('Maxicare (member MAX-2291-0457) pays', '₱900.00');
    await expectSplitRow('Patient pays', '₱0.00');
    expect(within(modal()).queryByText(/card expired/)).toBeNull();

    await user.click(within(modal()).getByRole('button', { name: 'Add Invoice' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await rows('invoices')).toMatchObject([
      { appointment_id: appointment.id, total: 0, hmo_share: 900, hmo_id: 1 },
    ]);
  });

  it('never shows the last patient’s HMO or total for another patient with as many lines, nor saves meanwhile', async () => {
    await clinicWithMaxicare();
    const ana = await patientWithCard('Ana Santos', 1, '2999-12-31');
    await seed.patients([{ name: 'Ben Cruz' }]);
    const user = userEvent.setup();
    const onClose = vi.fn();
    await renderAsReceptionist(<AddInvoiceModal clinicId={1} onClose={onClose} prefill={{ patient: ana }} />);
    await billOneCleaning(user);
    await expectSplitRow('Maxicare (member MAX-2291-0457) pays', '₱900.00');
    await expectSplitRow('Patient pays', '₱0.00');

    const bensSplit = holdNext({ rpc: 'invoice_split' });
    const patient = within(modal()).getByRole('combobox', { name: 'Patient' });
    await user.clear(patient);
    await user.type(patient, 'Cruz');
    await user.click(await within(modal()).findByRole('option', { name: /^Ben Cruz/ }));
    await bensSplit.reached;
    // Ben's split is on its way: nothing of Ana's shows, and Save waits for his.
    expect(within(modal()).queryByText(/Maxicare/)).toBeNull();
    expect(within(modal()).queryByText(/contracted price/)).toBeNull();
    expect(within(modal()).queryByText('Patient pays')).toBeNull();
    expect(within(line(1)).queryByText(/^HMO share/)).toBeNull();
    expect(saveButton().disabled).toBe(true);

    bensSplit.release();
    await expectSplitRow('Patient pays', '₱1,200.00');
    expect(within(modal()).queryByText(/Maxicare/)).toBeNull();
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await rows('invoices')).toMatchObject([{ total: 1200, hmo_share: 0, hmo_id: null }]);
  });

  const SPLIT_CHANGED = 'The amounts changed while you were typing. Check the new total and save again.';

  it('refuses a Save pressed before the split caught up with the lines, then shows and saves the new one', async () => {
    const { crown } = await clinicWithMaxicare();
    const ana = await patientWithCard('Ana Santos', 1, '2999-12-31');
    const user = userEvent.setup();
    const onClose = vi.fn();
    await renderAsReceptionist(<AddInvoiceModal clinicId={1} onClose={onClose} prefill={{ patient: ana }} />);
    await user.click(within(modal()).getByRole('button', { name: 'Itemise' }));
    await chooseProcedure(user, 1, 'Porcelain Crown');
    await expectSplitRow('Patient pays', '₱15,000.00');

    // The desk types a new price and saves while the split of it is on its way: ₱15,000.00 shows.
    const asked = holdNext({ rpc: 'invoice_split' });
    const price = within(line(1)).getByLabelText('Price') as HTMLInputElement;
    await user.clear(price);
    await user.type(price, '12000');
    await asked.reached;
    await expectSplitRow('Patient pays', '₱15,000.00');
    await user.click(saveButton());
    expect((await within(modal()).findByRole('alert')).textContent).toBe(SPLIT_CHANGED);
    expect(await rows('invoices')).toEqual([]);
    expect(price.value).toBe('12000');
    expect((within(line(1)).getByRole('combobox', { name: 'Procedure' }) as HTMLSelectElement).value).toBe(
      String(crown),
    );

    asked.release();
    await expectSplitRow('Patient pays', '₱12,000.00');
    await user.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await rows('invoices')).toMatchObject([{ total: 12000, hmo_share: 0 }]);
  });

  it('refuses a Save pressed before the split of a new line showed', async () => {
    await clinicWithMaxicare();
    const ana = await patientWithCard('Ana Santos', 1, '2999-12-31');
    const user = userEvent.setup();
    const onClose = vi.fn();
    await renderAsReceptionist(<AddInvoiceModal clinicId={1} onClose={onClose} prefill={{ patient: ana }} />);
    await billOneCleaning(user);
    await expectSplitRow('Patient pays', '₱0.00');

    const asked = holdNext({ rpc: 'invoice_split' });
    await user.click(within(modal()).getByRole('button', { name: 'Add item' }));
    await chooseProcedure(user, 2, 'Porcelain Crown');
    await asked.reached;
    expect(within(modal()).queryByText('Patient pays')).toBeNull();
    await user.click(saveButton());
    expect((await within(modal()).findByRole('alert')).textContent).toBe(SPLIT_CHANGED);
    expect(await rows('invoices')).toEqual([]);

    asked.release();
    await expectSplitRow('Patient pays', '₱15,000.00');
    await expectSplitRow('Maxicare (member MAX-2291-0457) pays', '₱900.00');
    await user.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await rows('invoices')).toMatchObject([{ total: 15000, hmo_share: 900 }]);
  });

  it('refuses the split the HMO’s coverage changed after it showed, and shows the new one untouched', async () => {
    const { cleaning } = await clinicWithMaxicare();
    const ana = await patientWithCard('Ana Santos', 1, '2999-12-31');
    const user = userEvent.setup();
    const onClose = vi.fn();
    await renderAsReceptionist(<AddInvoiceModal clinicId={1} onClose={onClose} prefill={{ patient: ana }} />);
    await billOneCleaning(user);
    await expectSplitRow('Maxicare (member MAX-2291-0457) pays', '₱900.00');

    await realStack().query('update public.hmo_coverages set contracted_price = 1000 where procedure_id = $1', [
      cleaning,
    ]);
    await user.click(saveButton());
    expect((await within(modal()).findByRole('alert')).textContent).toBe(SPLIT_CHANGED);
    await expectSplitRow('Maxicare (member MAX-2291-0457) pays', '₱1,000.00');
    expect(await rows('invoices')).toEqual([]);
    await user.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await rows('invoices')).toMatchObject([{ total: 0, hmo_share: 1000 }]);
  });

  it('splits with the renewed card added since the last invoice, however recently that was read', async () => {
    await clinicWithMaxicare();
    const ben = await patientWithCard('Ben Cruz', 1, '2001-01-01');
    const user = userEvent.setup();
    await renderFrontDesk(ben);
    await billOneCleaning(user);
    expect(await within(modal()).findByText(/^Maxicare card expired on this day/)).toBeTruthy();
    await expectSplitRow('Patient pays', '₱1,200.00');

    await addCard(ben.id, 1, '2999-12-31');
    const asked = holdNext({ rpc: 'invoice_split' });
    await reopen(user);
    await billOneCleaning(user);
    await asked.reached;
    // The split read for the last invoice is not shown while the new one is on its way.
    expect(within(modal()).queryByText(/card expired/)).toBeNull();
    expect(within(modal()).queryByText('Patient pays')).toBeNull();
    asked.release();
    await expectSplitRow('Maxicare (member MAX-2291-0457) pays', '₱900.00');
    await expectSplitRow('Patient pays', '₱0.00');
    expect(within(modal()).queryByText(/card expired/)).toBeNull();
  });

  it('takes off the senior citizen discount of an ID added since the last invoice, however recently that was read', async () => {
    await clinicWithMaxicare();
    const [lola] = await seed.patients([{ name: 'Lola Reyes' }]);
    const user = userEvent.setup();
    await renderFrontDesk({ id: lola!.id, name: 'Lola Reyes' });
    await billOneCleaning(user);
    await expectSplitRow('Patient pays', '₱1,200.00');
    expect(within(modal()).queryByText(/Senior citizen discount/)).toBeNull();

    await realStack().query(
      `update public.patients set discount_id_type = 'senior_citizen', discount_id_number = 'SC-QC-2019-004512'
        where id = $1`,
      [lola!.id],
    );
    const asked = holdNext({ rpc: 'invoice_split' });
    await reopen(user);
    await billOneCleaning(user);
    await asked.reached;
    expect(within(modal()).queryByText('Patient pays')).toBeNull();
    asked.release();
    await expectSplitRow('Senior citizen discount (20%)', '₱240.00');
    await expectSplitRow('Patient pays', '₱960.00');
  });

  it('says to itemise for an ID added since the last invoice, however recently the file was read', async () => {
    await clinicWithMaxicare();
    const ben = await patientWithCard('Ben Cruz', 1, '2999-12-31');
    const user = userEvent.setup();
    await renderFrontDesk(ben);
    const cardOnly =
      "This patient has an HMO card valid today. A total alone is the patient's to pay: use Itemise to " +
      'bill the HMO its share.';
    expect((await within(modal()).findByRole('note')).textContent).toBe(cardOnly);

    await realStack().query(
      `update public.patients set discount_id_type = 'senior_citizen', discount_id_number = 'SC-QC-2019-004512'
        where id = $1`,
      [ben.id],
    );
    await reopen(user);
    await waitFor(() =>
      expect(within(modal()).getByRole('note').textContent).toContain(
        'This patient has a senior citizen ID on file. A total alone gets no discount: use Itemise for the 20% ' +
          'discount and the VAT exemption.',
      ),
    );
  });
});
