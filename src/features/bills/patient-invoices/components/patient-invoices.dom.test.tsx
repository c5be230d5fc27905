// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { failNext, seed, setupComponentTests, signInAs } from '@/testing/real-db';
import { createSession, renderApp } from '@/testing/render-app';
import { PatientInvoices } from './patient-invoices';

setupComponentTests();

let anaId: number;
let benId: number;

beforeEach(async () => {
  await seed.clinics([{ id: 1 }]);
  const [ana, ben] = await seed.patients([{ name: 'Ana Santos' }, { name: 'Ben Cruz' }]);
  anaId = ana!.id;
  benId = ben!.id;
  const [maxicare] = await seed.hmos([{ clinic_id: 1, name: 'Maxicare' }]);
  await seed.invoices([
    // Paid in full by two payments: ₱0.10 + ₱0.20 of ₱0.30.
    { id: 10, patient_id: anaId, total: 0.3 },
    // Partial: ₱500.25 of ₱1,500.50; billed to an HMO, so it has an availment form.
    { id: 11, patient_id: anaId, total: 1500.5, hmo_id: maxicare!.id, hmo_share: 300 },
    // Unpaid; its one payment was voided.
    { id: 12, patient_id: anaId, total: 200 },
    // Void: stays listed, struck through, and owes nothing.
    { id: 13, patient_id: anaId, total: 999, voided_at: '2030-01-09T03:00:00Z', void_reason: 'Wrong patient' },
    // Another patient's.
    { id: 14, patient_id: benId, total: 50 },
  ]);
  await seed.payments([
    { invoice_id: 10, patient_id: anaId, amount: 0.1, method: 'cash' },
    { invoice_id: 10, patient_id: anaId, amount: 0.2, method: 'cash' },
    { invoice_id: 11, patient_id: anaId, amount: 500.25, method: 'card' },
    {
      invoice_id: 12,
      patient_id: anaId,
      amount: 200,
      method: 'cash',
      voided_at: '2030-01-09T04:00:00Z',
      void_reason: 'Card declined',
    },
  ]);
});

async function renderSection(patientId: number) {
  const user = await signInAs({ role: 'admin', clinic_id: 1 });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderApp(
    <QueryClientProvider client={queryClient}>
      <PatientInvoices clinicId={1} patientId={patientId} />
    </QueryClientProvider>,
    { session: createSession({ user }) },
  );
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole(row.querySelector('th') ? 'columnheader' : 'cell')
        .map((cell) => cell.textContent),
    );

describe("a patient's invoices in the history", () => {
  it('lists them newest first with total, paid, balance and status, and the balance due without the void one', async () => {
    await renderSection(anaId);
    const section = await screen.findByRole('region', { name: 'Invoices' });
    expect(screen.getByRole('heading', { name: 'Invoices' })).toBeTruthy();
    const table = within(section).getByRole('table');
    expect(rowsOf(table)).toEqual([
      ['ID', 'Total', 'Paid', 'Balance', 'Status', 'Forms'],
      ['13 (void)', '₱999.00', '₱0.00', '₱999.00', 'Void', ''],
      ['12', '₱200.00', '₱0.00', '₱200.00', 'Unpaid', ''],
      ['11', '₱1,500.50', '₱500.25', '₱1,000.25', 'Partial', 'Availment form'],
      ['10', '₱0.30', '₱0.30', '₱0.00', 'Paid', ''],
    ]);
    const form = within(table).getByRole('link', { name: 'Availment form' });
    expect(form.getAttribute('href')).toBe('/availment/11');
    expect(form.getAttribute('target')).toBe('_blank');
    expect(within(table).getAllByRole('row')[1]!.className).toBe('is-voided');
    expect(screen.getByTestId('balance-due').textContent).toBe('Balance due: ₱1,200.25');
  });

  it("shows only that patient's invoices", async () => {
    await renderSection(benId);
    const table = within(await screen.findByRole('region', { name: 'Invoices' })).getByRole('table');
    expect(rowsOf(table).slice(1)).toEqual([['14', '₱50.00', '₱0.00', '₱50.00', 'Unpaid', '']]);
    expect(screen.getByTestId('balance-due').textContent).toBe('Balance due: ₱50.00');
  });

  it('says so when the patient has none', async () => {
    const [carla] = await seed.patients([{ name: 'Carla Reyes' }]);
    await renderSection(carla!.id);
    expect(await screen.findByText('No invoices yet.')).toBeTruthy();
    expect(screen.queryByTestId('balance-due')).toBeNull();
  });

  it('says the invoices could not be loaded, with Retry', async () => {
    failNext({ method: 'GET', table: 'invoice_summaries' });
    await renderSection(anaId);
    expect((await screen.findByRole('alert')).textContent).toContain('The invoices could not be loaded.');
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(await screen.findByRole('region', { name: 'Invoices' })).toBeTruthy();
  });
});
