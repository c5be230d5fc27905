// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FeatureSlotsContext, type AddInvoiceModalProps, type FeatureSlots } from '@/lib/feature-slots';
import type { SubscribeOptions } from '@/lib/realtime-client';
import { fakeRealtime } from '@/lib/testing/fake-realtime';
import { failNext, holdNext, realStack, seed } from '@/testing/real-db';
import { BILL_TEXT } from './list/messages';
import AppointmentsTab from './tab';
import { renderWithQueries, setUpListScreen } from './testing/render-list';

vi.mock('@/lib/realtime-client', async (actual) => ({
  ...(await actual<object>()),
  subscribeToServiceEvents: (options: SubscribeOptions) => fakeRealtime.subscribe(options),
}));

// Wednesday 2030-01-09, 08:00 in Manila.
setUpListScreen(new Date('2030-01-09T00:00:00Z'));

/**
 * Stands in for Billing's Add Invoice modal (the app fills the slot with the real one; the e2e
 * test bills through it): shows what it was opened with, and 'Save' stores the invoice, then closes.
 */
function StubAddInvoiceModal({ clinicId, prefill, onClose }: AddInvoiceModalProps) {
  return (
    <div role="dialog" aria-label="Add Invoice">
      <p data-testid="prefill">{JSON.stringify({ clinicId, ...prefill })}</p>
      <button
        type="button"
        onClick={() =>
          void seed
            .invoices([
              {
                id: 55,
                clinic_id: clinicId,
                patient_id: prefill!.patient.id,
                total: 1500.5,
                appointment_id: prefill!.appointmentId ?? null,
              },
            ])
            .then(onClose)
        }
      >
        Save
      </button>
      <button type="button" onClick={onClose}>
        Cancel
      </button>
    </div>
  );
}

const SLOTS: FeatureSlots = { AddInvoiceModal: StubAddInvoiceModal, PatientInvoices: null };

async function openList(slots: FeatureSlots = SLOTS) {
  await seed.clinics([{ id: 2 }]);
  await seed.dentists([{ id: 1, name: 'Dr. Ana Cruz' }]);
  await seed.patients([
    { id: 1, name: 'Maria Santos' },
    { id: 2, name: 'Jose Rizal' },
    { id: 3, name: 'Ana Reyes' },
  ]);
  await seed.procedure_categories([
    { id: 1, clinic_id: 1, name: 'Restorative' },
    { id: 2, clinic_id: 2, name: 'Other' },
  ]);
  await seed.procedures([
    { id: 7, clinic_id: 1, category_id: 1, name: 'Composite Filling', price: 1500.5 },
    // Another clinic's procedure of the same name and another price: never this clinic's price.
    { clinic_id: 2, category_id: 2, name: 'Composite Filling', price: 999 },
  ]);
  await seed.appointments([
    {
      id: 100,
      dentist_id: 1,
      patient_id: 1,
      appointment_time: '2030-01-08T09:00:00+08:00',
      status: 'Completed',
      reason: 'Composite Filling — Notes: upper left molar',
    },
    {
      id: 101,
      dentist_id: 1,
      patient_id: 2,
      appointment_time: '2030-01-08T10:00:00+08:00',
      status: 'Completed',
      reason: 'Whitening',
    },
    { id: 102, dentist_id: 1, patient_id: 3, appointment_time: '2030-01-08T11:00:00+08:00', status: 'Completed' },
    { id: 103, dentist_id: 1, patient_id: 3, appointment_time: '2030-01-09T11:00:00+08:00', status: 'Confirmed' },
  ]);
  // 102 was billed already; 101's earlier invoice was voided, so it can be billed again.
  await seed.invoices([
    { id: 40, clinic_id: 1, patient_id: 3, total: 800, appointment_id: 102 },
    {
      id: 41,
      clinic_id: 1,
      patient_id: 2,
      total: 800,
      appointment_id: 101,
      voided_at: '2030-01-08T05:00:00Z',
      void_reason: 'Billed to the wrong patient',
    },
  ]);
  const user = userEvent.setup();
  await renderWithQueries(
    <FeatureSlotsContext.Provider value={slots}>
      <AppointmentsTab />
    </FeatureSlotsContext.Provider>,
    { role: 'receptionist' },
  );
  await screen.findByRole('heading', { name: 'Dr. Ana Cruz (4 appointments)' }, { timeout: 5000 });
  return { user };
}

const rowOf = (id: number) => document.querySelector<HTMLTableRowElement>(`tr[data-appointment-id="${id}"]`)!;
const billButton = (id: number) => within(rowOf(id)).queryByRole('button', { name: /^Bill appointment of/ });
/** The row's 'Bill' once offered (after the list has read which appointments are billed). */
const offeredBill = (id: number) =>
  waitFor(() => {
    const button = billButton(id);
    if (!button) throw new Error(`no Bill on appointment ${id} yet`);
    return button;
  });
/** What Add Invoice was opened with, once it is open (after the procedure's price was read). */
const prefill = async () => JSON.parse((await screen.findByTestId('prefill')).textContent!) as Record<string, unknown>;

describe("'Bill' on the Appointments list", () => {
  it("is offered on Completed appointments without an invoice; a billed one says 'Billed #n'", async () => {
    await openList();
    await waitFor(() => expect(within(rowOf(102)).getByText('Billed #40')).toBeTruthy());
    expect(billButton(100)?.textContent).toBe('Bill');
    expect(billButton(101)?.textContent).toBe('Bill');
    expect(billButton(102)).toBeNull();
    expect(billButton(103)).toBeNull();
    expect(within(rowOf(103)).queryByText(/^Billed/)).toBeNull();
  });

  it('offers nothing until it knows which appointments are billed', async () => {
    const billedRead = holdNext({ method: 'GET', table: 'invoices' });
    await openList();
    await billedRead.reached;
    expect(billButton(100)).toBeNull();
    expect(billButton(102)).toBeNull();
    expect(within(rowOf(102)).queryByText(/^Billed/)).toBeNull();
    billedRead.release();
    await waitFor(() => expect(within(rowOf(102)).getByText('Billed #40')).toBeTruthy());
    expect(billButton(100)?.textContent).toBe('Bill');
  });

  it('offers Bill when which appointments are billed cannot be read (the database refuses a second invoice)', async () => {
    failNext({ method: 'GET', table: 'invoices' });
    await openList();
    await waitFor(() => expect(billButton(100)?.textContent).toBe('Bill'));
    expect(billButton(102)?.textContent).toBe('Bill');
  });

  it("opens Add Invoice itemised with the patient, the appointment and the procedure at its current price; once saved, the row says 'Billed'", async () => {
    const { user } = await openList();
    // The price changed after booking: the bill starts at today's price.
    await realStack().query('update public.procedures set price = 1750.25 where clinic_id = 1');
    await user.click(await offeredBill(100));
    expect(await prefill()).toEqual({
      clinicId: 1,
      patient: { id: 1, name: 'Maria Santos' },
      appointmentId: 100,
      items: [{ procedureId: 7, priceCentavos: 175_025 }],
      totalCentavos: 175_025,
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Invoice' })).toBeNull());
    await waitFor(() => expect(within(rowOf(100)).getByText('Billed #55')).toBeTruthy());
    expect(billButton(100)).toBeNull();
  });

  it('leaves the total empty when no procedure of the clinic has that name', async () => {
    const { user } = await openList();
    await user.click(await offeredBill(101));
    expect(await prefill()).toEqual({ clinicId: 1, patient: { id: 2, name: 'Jose Rizal' }, appointmentId: 101 });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(billButton(101)).toBeTruthy();
  });

  it('still opens Add Invoice, without a total and saying why, when the price cannot be read', async () => {
    const { user } = await openList();
    failNext({ method: 'GET', table: 'procedures' });
    await user.click(await offeredBill(100));
    expect(await screen.findByText('The procedure’s price could not be read. Type the total.')).toBeTruthy();
    expect(await prefill()).toEqual({ clinicId: 1, patient: { id: 1, name: 'Maria Santos' }, appointmentId: 100 });
  });

  it('opens itemised with the lines the app says were done at the appointment, and only then', async () => {
    const done = { procedureId: 7, tooth: 36, surfaces: ['M', 'O'], priceCentavos: 150_010 };
    const billItemsFor = vi.fn(async ({ id }: { id: number }) => (id === 100 ? [done] : []));
    const { user } = await openList({ ...SLOTS, BillItemsFor: billItemsFor });
    await user.click(await offeredBill(100));
    expect(await prefill()).toEqual({
      clinicId: 1,
      patient: { id: 1, name: 'Maria Santos' },
      appointmentId: 100,
      items: [done],
    });
    expect(billItemsFor).toHaveBeenCalledWith({ id: 100, patientId: 1 });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    // Nothing was done at 101 (per the app): Bill starts from the reason as before.
    await user.click(await offeredBill(101));
    expect(await prefill()).toEqual({ clinicId: 1, patient: { id: 2, name: 'Jose Rizal' }, appointmentId: 101 });
  });

  it('says so and starts from the reason when the lines done cannot be read', async () => {
    const { user } = await openList({ ...SLOTS, BillItemsFor: () => Promise.reject(new Error('offline')) });
    await user.click(await offeredBill(100));
    expect(await screen.findByText(BILL_TEXT.itemsUnreadable)).toBeTruthy();
    expect((await prefill()).totalCentavos).toBe(150_050);
  });
});
