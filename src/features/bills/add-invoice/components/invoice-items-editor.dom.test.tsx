// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initSupabase } from '@/lib/supabase';
import { loseAnswerNext, realStack, rows, seed, setupRealDatabase, stackConfig } from '@/testing/real-db';
import { openBillOfAppointment, renderAsReceptionist, ReopenableAddInvoice } from '../testing/render-modal';
import { AddInvoiceModal } from './add-invoice-modal';

setupRealDatabase();

beforeAll(() => {
  initSupabase(stackConfig());
});

let ana: { id: number; name: string };
let filling: number;
let xray: number;

beforeEach(async () => {
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
  const [patient] = await seed.patients([{ name: 'Ana Santos', phone: '0917 555 0101' }]);
  ana = { id: patient!.id, name: 'Ana Santos' };
  const [category] = await seed.procedure_categories([{ name: 'Restorative' }]);
  const procedures = await seed.procedures([
    { category_id: category!.id, name: 'Composite filling', price: 1500 },
    { category_id: category!.id, name: 'X-ray', price: 350 },
  ]);
  [filling, xray] = procedures.map((procedure) => procedure.id) as [number, number];
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const modal = () => screen.getByRole('dialog', { name: 'Add Invoice' });
const line = (position: number) => within(modal()).getByRole('group', { name: `Item ${position}` });
const total = () => within(modal()).getByTestId('invoice-items-total').textContent;

async function chooseProcedure(user: ReturnType<typeof userEvent.setup>, position: number, name: string) {
  const select = within(line(position)).getByRole('combobox', { name: 'Procedure' });
  await waitFor(() => expect(within(select).getByRole('option', { name: new RegExp(`^${name} —`) })).toBeTruthy());
  await user.selectOptions(select, within(select).getByRole('option', { name: new RegExp(`^${name} —`) }));
}

async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.type(input, text);
}

const saveButton = () => within(modal()).getByRole('button', { name: 'Add Invoice' }) as HTMLButtonElement;

/** What the split under the lines says the patient pays, once it says it. */
const patientPays = () =>
  within(modal()).queryByText('Patient pays', { selector: 'dt' })?.closest('div')?.querySelector('dd')?.textContent;

/**
 * Clicks Add Invoice once the split of the lines as typed shows the patient paying `pays` (the
 * receptionist sees who pays first, and Save confirms what is shown).
 */
async function saveOnceSplit(user: ReturnType<typeof userEvent.setup>, pays: string) {
  await waitFor(() => expect(patientPays()).toBe(pays));
  await waitFor(() => expect(saveButton().disabled).toBe(false));
  await user.click(saveButton());
}

describe('Add Invoice with line items', () => {
  it('keeps Total as the default, and itemises from the price list with an exact running total', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    await renderAsReceptionist(<AddInvoiceModal clinicId={1} onClose={onClose} prefill={{ patient: ana }} />);
    expect(within(modal()).getByLabelText('Total')).toBeTruthy();

    await user.click(within(modal()).getByRole('button', { name: 'Itemise' }));
    expect(within(modal()).queryByLabelText('Total')).toBeNull();
    await chooseProcedure(user, 1, 'Composite filling');
    const first = within(line(1));
    expect((first.getByLabelText('Price') as HTMLInputElement).value).toBe('1500.00');
    await user.type(first.getByLabelText('Tooth'), '36');
    await user.click(first.getByRole('checkbox', { name: 'O' }));
    await user.click(first.getByRole('checkbox', { name: 'M' }));
    await retype(user, first.getByLabelText('Qty'), '3');
    await retype(user, first.getByLabelText('Price'), '333.33');
    await user.type(first.getByLabelText('Discount'), '0.99');
    expect(total()).toBe('₱999.00');

    await user.click(within(modal()).getByRole('button', { name: 'Add item' }));
    await chooseProcedure(user, 2, 'X-ray');
    await retype(user, within(line(2)).getByLabelText('Price'), '0.30');
    expect(total()).toBe('₱999.30');

    await saveOnceSplit(user, '₱999.30');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [invoice] = await rows('invoices');
    expect(invoice).toMatchObject({ patient_id: ana.id, total: 999.3 });
    expect(await rows('invoice_items', { invoice_id: invoice!.id })).toMatchObject([
      { procedure_id: filling, label: '36 MO Composite filling', quantity: 3, unit_price: 333.33, discount: 0.99 },
      { procedure_id: xray, label: 'X-ray', quantity: 1, unit_price: 0.3, discount: 0 },
    ]);
  });

  it('says at each line what cannot be read, and sends nothing', async () => {
    const user = userEvent.setup();
    await renderAsReceptionist(<AddInvoiceModal clinicId={1} onClose={vi.fn()} prefill={{ patient: ana }} />);
    await user.click(within(modal()).getByRole('button', { name: 'Itemise' }));
    await user.type(within(line(1)).getByLabelText('Tooth'), 'x');
    await retype(user, within(line(1)).getByLabelText('Qty'), '0');
    await user.click(within(modal()).getByRole('button', { name: 'Add Invoice' }));
    expect(await within(line(1)).findByText('Choose a procedure.')).toBeTruthy();
    expect(within(line(1)).getByText('Tooth is a two-digit FDI number, like 36.')).toBeTruthy();
    expect(within(line(1)).getByText('Quantity is a whole number of at least 1.')).toBeTruthy();
    expect(within(line(1)).getByText('Price is required.')).toBeTruthy();

    await user.click(within(modal()).getByRole('button', { name: 'Remove item 1' }));
    await user.click(within(modal()).getByRole('button', { name: 'Add Invoice' }));
    expect(await within(modal()).findByText('Add at least one item.')).toBeTruthy();
    expect(await rows('invoices')).toEqual([]);
  });

  it('shows the database’s refusal of a tooth in its own words at that line’s tooth, keeping the lines', async () => {
    const user = userEvent.setup();
    await renderAsReceptionist(<AddInvoiceModal clinicId={1} onClose={vi.fn()} prefill={{ patient: ana }} />);
    await user.click(within(modal()).getByRole('button', { name: 'Itemise' }));
    await chooseProcedure(user, 1, 'Composite filling');
    await user.click(within(modal()).getByRole('button', { name: 'Add item' }));
    await chooseProcedure(user, 2, 'X-ray');
    const tooth = within(line(2)).getByLabelText('Tooth') as HTMLInputElement;
    await user.type(tooth, '19');
    // The split is refused for that line: it says so there, as typed, not under the lines.
    await waitFor(() => expect(tooth.getAttribute('aria-invalid')).toBe('true'));
    expect(within(line(2)).getByText('That is not an FDI tooth number.')).toBeTruthy();
    expect(within(line(1)).queryByText('That is not an FDI tooth number.')).toBeNull();
    expect(within(modal()).getAllByText('That is not an FDI tooth number.')).toHaveLength(1);

    await user.click(within(line(1)).getByLabelText('Qty'));
    await user.click(saveButton());
    await waitFor(() => expect(document.activeElement).toBe(tooth));
    expect(within(line(2)).getByText('That is not an FDI tooth number.')).toBeTruthy();
    expect(within(modal()).queryByText(/^Error adding invoice/)).toBeNull();
    expect(tooth.value).toBe('19');
    expect(await rows('invoices')).toEqual([]);
  });

  it('says at its line that a procedure left the price list after the split was shown, and focuses it', async () => {
    const user = userEvent.setup();
    await renderAsReceptionist(<AddInvoiceModal clinicId={1} onClose={vi.fn()} prefill={{ patient: ana }} />);
    await user.click(within(modal()).getByRole('button', { name: 'Itemise' }));
    await chooseProcedure(user, 1, 'Composite filling');
    await user.click(within(modal()).getByRole('button', { name: 'Add item' }));
    await chooseProcedure(user, 2, 'X-ray');
    await waitFor(() => expect(patientPays()).toBe('₱1,850.00'));

    await realStack().query('delete from public.procedures where id = $1', [xray]);
    await user.click(saveButton());
    const procedure = within(line(2)).getByRole('combobox', { name: 'Procedure' });
    await waitFor(() => expect(document.activeElement).toBe(procedure));
    expect(procedure.getAttribute('aria-invalid')).toBe('true');
    expect(within(line(2)).getByText('This procedure is not in the clinic’s price list.')).toBeTruthy();
    expect(within(line(1)).queryByText('This procedure is not in the clinic’s price list.')).toBeNull();
    expect(within(modal()).queryByText(/^Error adding invoice/)).toBeNull();
    expect(await rows('invoices')).toEqual([]);
  });

  it('does not take a retry with changed lines for the invoice saved when the answer was lost', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    await renderAsReceptionist(<AddInvoiceModal clinicId={1} onClose={onClose} prefill={{ patient: ana }} />);
    await user.click(within(modal()).getByRole('button', { name: 'Itemise' }));
    await chooseProcedure(user, 1, 'Composite filling');
    await user.type(within(line(1)).getByLabelText('Tooth'), '36');
    loseAnswerNext({ method: 'POST', rpc: 'create_itemised_invoice' });
    await saveOnceSplit(user, '₱1,500.00');
    await within(modal()).findByRole('alert');
    const [saved] = await rows('invoices');

    await retype(user, within(line(1)).getByLabelText('Tooth'), '46');
    await saveOnceSplit(user, '₱1,500.00');
    await waitFor(() =>
      expect(within(modal()).getByRole('alert').textContent).toBe(
        `Error adding invoice: This form already saved invoice #${saved!.id} before the connection dropped, with what it said then. Close it to see that invoice, then add a new one for the change.`,
      ),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(await rows('invoices')).toHaveLength(1);
    expect(await rows('invoice_items', { invoice_id: saved!.id })).toMatchObject([{ tooth: 36 }]);
  });

  it('starts a line at the price saved in Procedures a moment ago, not the one read for the last invoice', async () => {
    const user = userEvent.setup();
    await renderAsReceptionist(<ReopenableAddInvoice patient={ana} />);
    await user.click(within(modal()).getByRole('button', { name: 'Itemise' }));
    await chooseProcedure(user, 1, 'Composite filling');
    expect((within(line(1)).getByLabelText('Price') as HTMLInputElement).value).toBe('1500.00');
    await user.click(within(modal()).getByRole('button', { name: 'Cancel' }));

    await realStack().query('update public.procedures set price = 1750 where id = $1', [filling]);
    await user.click(screen.getByRole('button', { name: 'Add another invoice' }));
    await user.click(within(modal()).getByRole('button', { name: 'Itemise' }));
    const select = within(line(1)).getByRole('combobox', { name: 'Procedure' });
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'Composite filling — ₱1,750.00' })).toBeTruthy(),
    );
    await chooseProcedure(user, 1, 'Composite filling');
    expect((within(line(1)).getByLabelText('Price') as HTMLInputElement).value).toBe('1750.00');
  });

  it('opens itemised with the lines Bill passes in, and bills the appointment with them', async () => {
    const user = userEvent.setup();
    const { appointment, onClose } = await openBillOfAppointment(ana, [
      { procedureId: filling, tooth: 36, surfaces: ['M', 'O'], priceCentavos: 150_000 },
      { procedureId: xray, priceCentavos: 35_000 },
    ]);
    await waitFor(() => expect(total()).toBe('₱1,850.00'));
    expect((within(line(1)).getByLabelText('Tooth') as HTMLInputElement).value).toBe('36');
    expect((within(line(1)).getByRole('checkbox', { name: 'M' }) as HTMLInputElement).checked).toBe(true);
    expect((within(line(1)).getByRole('checkbox', { name: 'D' }) as HTMLInputElement).checked).toBe(false);
    await saveOnceSplit(user, '₱1,850.00');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [invoice] = await rows('invoices');
    expect(invoice).toMatchObject({ appointment_id: appointment.id, total: 1850 });
    expect((await rows('invoice_items', { invoice_id: invoice!.id })).map((item) => item.label)).toEqual([
      '36 MO Composite filling',
      'X-ray',
    ]);
  });
});
