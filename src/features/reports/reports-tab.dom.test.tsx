// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscribeOptions } from '@/lib/realtime-client';
import { initSupabase } from '@/lib/supabase';
import { fakeRealtime } from '@/lib/testing/fake-realtime';
import { captureDownloads } from '@/testing/downloads';
import {
  countRequests,
  failNext,
  pgError,
  realStack,
  renderSignedIn,
  rows,
  seed,
  setupRealDatabase,
  stackConfig,
} from '@/testing/real-db';
import ReportsTab from './tab';
import { renderReports } from './testing/render';

vi.mock('@/lib/realtime-client', async (actual) => ({
  ...(await actual<object>()),
  subscribeToServiceEvents: (options: SubscribeOptions) => fakeRealtime.subscribe(options),
}));

// uPlot draws on a canvas, which jsdom lacks; the charts' text alternatives and tables are the
// section's own, and the browser suite (reports.e2e) draws the charts.
vi.mock('./no-show-insight/components/no-show-chart', () => ({
  default: ({ testId }: { testId: string }) => <div data-testid={testId} />,
}));

setupRealDatabase();

beforeAll(() => {
  initSupabase(stackConfig());
});

// 2026-11-26 10:00 in Manila; only Date is faked, so MSW's timers run. The database keeps its own
// clock (already past that day), so every appointment seeded here has had its time come.
const NOW = new Date('2026-11-26T02:00:00Z');
const DAY = '2026-11-26';

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await seed.clinics([{ id: 1, name: 'Smile Dental', timezone: 'Asia/Manila' }]);
});

afterEach(() => {
  cleanup();
  fakeRealtime.reset();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Money as the API stores it: pesos. */
const pesos = (centavos: number) => centavos / 100;

/**
 * One clinic day (Thursday 2026-11-26, Manila) as the day sheet reads it: a completed and a
 * no-show appointment, a cash and a card payment, a payment voided that day, and a partly paid
 * invoice of the no-show's appointment.
 */
async function seedDaySheet(day = DAY) {
  await seed.dentists([
    { id: 1, name: 'Dr. Reyes' },
    { id: 2, name: 'Dr. Lim' },
  ]);
  await seed.patients([
    { id: 1, name: 'Niño Peña' },
    { id: 2, name: 'Ana Cruz' },
  ]);
  await seed.appointments([
    {
      id: 1,
      patient_id: 1,
      dentist_id: 1,
      appointment_time: `${day}T01:00:00Z`,
      status: 'Completed',
      reason: 'Cleaning',
    },
    { id: 2, patient_id: 2, dentist_id: 2, appointment_time: `${day}T02:00:00Z`, status: 'No Show', reason: null },
  ]);
  await seed.invoices([
    { id: 5, patient_id: 1, appointment_id: 1, total: pesos(150050), created_at: `${day}T01:00:00Z` },
    { id: 6, patient_id: 2, appointment_id: 2, total: pesos(200000), created_at: `${day}T03:00:00Z` },
  ]);
  // Entered twice, then voided: it no longer counts towards invoice 5, which the cash payment pays.
  await seed.payments([
    { id: 12, invoice_id: 5, patient_id: 1, amount: pesos(5000), method: 'cash', payment_date: `${day}T01:20:00Z` },
  ]);
  await realStack().query(`update public.payments set voided_at = $2, void_reason = $3 where id = $1`, [
    12,
    `${day}T04:00:00Z`,
    'Entered twice',
  ]);
  await seed.payments([
    { id: 10, invoice_id: 5, patient_id: 1, amount: pesos(150050), method: 'cash', payment_date: `${day}T01:30:00Z` },
    {
      id: 11,
      invoice_id: 6,
      patient_id: 2,
      amount: pesos(10),
      method: 'card',
      reference_number: 'C-1',
      payment_date: `${day}T03:30:00Z`,
    },
  ]);
}

/**
 * Nine appointments of Dr. Reyes whose time has come, all on Mondays of the last year: five at
 * 9:00 AM (one a no-show) and four at 2:00 PM: one kept, one cancelled 2 hours ahead (late, with a
 * reason), one cancelled 3 days ahead (early), and one still Scheduled after its time. One more,
 * on a Monday in December 2025, falls out of a period that starts in 2026.
 */
async function seedNoShows() {
  await seed.dentists([{ id: 3, name: 'Dr. Reyes' }]);
  await seed.patients([
    { id: 1, name: 'Niño Peña' },
    { id: 2, name: 'Ana Cruz' },
  ]);
  const mondays = ['2026-11-23', '2026-11-16', '2026-11-09', '2026-11-02', '2026-10-26'];
  const at = (day: string, utcHour: string) => `${day}T${utcHour}:00:00Z`;
  await seed.appointments([
    ...mondays.map((day, index) => ({
      dentist_id: 3,
      patient_id: 1,
      appointment_time: at(day, '01'),
      status: index === 0 ? ('No Show' as const) : ('Completed' as const),
    })),
    { dentist_id: 3, patient_id: 1, appointment_time: at('2026-11-23', '06'), status: 'Completed' },
    {
      dentist_id: 3,
      patient_id: 2,
      appointment_time: at('2026-11-16', '06'),
      status: 'Cancelled',
      cancelled_at: at('2026-11-16', '04'),
      cancel_reason: 'Fever',
    },
    {
      dentist_id: 3,
      patient_id: 1,
      appointment_time: at('2026-11-09', '06'),
      status: 'Cancelled',
      cancelled_at: at('2026-11-06', '06'),
    },
    { dentist_id: 3, patient_id: 1, appointment_time: at('2026-11-02', '06'), status: 'Scheduled' },
  ]);
}
const seedLastYearOnly = () =>
  seed.appointments([{ dentist_id: 3, patient_id: 1, appointment_time: '2025-12-01T06:00:00Z', status: 'Completed' }]);

/** The day sheet exports the database recorded in the audit trail, as `clinic:from..to`. */
async function recordedExports() {
  const events = await rows('audit_log', { entity: 'export', entity_label: 'day-sheet' });
  return events.map((event) => {
    const after = event.after as { filters: { from: string; to: string } };
    return `${event.clinic_id}:${after.filters.from}..${after.filters.to}`;
  });
}

/** The day sheet's panel, where its own fields and buttons are. */
const daySheetPanel = () => screen.getByRole('region', { name: 'Day sheet' });

describe('the day sheet', () => {
  it('opens on today in clinic time with appointments by status, totals by method, voids and open invoices', async () => {
    await seedDaySheet();
    // A day earlier: not on today's sheet.
    await seed.appointments([
      { patient_id: 1, dentist_id: 2, appointment_time: '2026-11-25T01:00:00Z', reason: 'Filling' },
    ]);
    const sheets = countRequests({ rpc: 'day_sheet' });
    await renderReports();
    const sheet = await screen.findByTestId('day-sheet');
    expect(sheets.count).toBe(1);
    expect(within(sheet).getByRole('heading', { name: 'Day sheet for Thursday, 2026-11-26' })).toBeTruthy();
    expect(within(sheet).getByRole('heading', { name: 'Completed (1)' })).toBeTruthy();
    expect(within(sheet).getByRole('heading', { name: 'No Show (1)' })).toBeTruthy();
    expect(within(sheet).getByRole('table', { name: 'Appointments: Completed' }).textContent).toContain(
      '9:00 AMNiño PeñaDr. ReyesCleaning',
    );
    expect(screen.getByTestId('day-sheet-total-cash').textContent).toContain('Cash total (1)₱1,500.50');
    expect(screen.getByTestId('day-sheet-total-card').textContent).toContain('Card total (1)₱0.10');
    expect(screen.getByTestId('day-sheet-grand-total').textContent).toContain('₱1,500.60');
    expect(within(sheet).getByRole('table', { name: 'Voids' }).textContent).toContain('Entered twice');
    expect(within(sheet).getByRole('table', { name: 'Unpaid and partial invoices' }).textContent).toContain(
      '#6Ana CruzPartial₱2,000.00₱0.10₱1,999.90',
    );
    expect(sheet.textContent).not.toContain('Filling');
  });

  it('shows a range of days, and refuses a missing, reversed or over-31-day range at the field without asking', async () => {
    const user = userEvent.setup();
    await seedDaySheet();
    await seed.appointments([
      { patient_id: 2, dentist_id: 1, appointment_time: '2026-11-20T01:00:00Z', reason: 'Filling' },
    ]);
    const sheets = countRequests({ rpc: 'day_sheet' });
    await renderReports();
    await screen.findByTestId('day-sheet');
    expect(sheets.count).toBe(1);
    const panel = daySheetPanel();
    const from = within(panel).getByLabelText('First day');
    const to = within(panel).getByLabelText('Last day');
    const showSheet = within(panel).getByRole('button', { name: 'Show day sheet' });
    expect([(from as HTMLInputElement).value, (to as HTMLInputElement).value]).toEqual([DAY, DAY]);

    await user.clear(from);
    await user.click(showSheet);
    expect((await within(panel).findByRole('alert')).textContent).toBe('Choose the first day of the period.');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    await user.type(from, '2026-11-27');
    await user.click(showSheet);
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'The first day must be on or before the last day.',
    );
    expect(to.getAttribute('aria-invalid')).toBe('true');
    await user.clear(from);
    await user.type(from, '2026-10-26');
    await user.click(showSheet);
    expect((await within(panel).findByRole('alert')).textContent).toBe('The day sheet can cover at most 31 days.');
    expect(sheets.count).toBe(1);

    await user.clear(from);
    await user.type(from, '2026-11-20');
    await user.click(showSheet);
    expect(
      await screen.findByRole('heading', { name: 'Day sheet for Friday, 2026-11-20 to Thursday, 2026-11-26' }),
    ).toBeTruthy();
    const sheet = screen.getByTestId('day-sheet');
    // Over several days each row carries its date.
    expect(within(sheet).getByRole('table', { name: 'Appointments: Scheduled' }).textContent).toContain(
      'Fri 2026-11-20, 9:00 AMAna CruzDr. ReyesFilling',
    );
    expect(within(sheet).getByRole('table', { name: 'Appointments: Completed' }).textContent).toContain('Cleaning');
    expect(sheets.count).toBe(2);
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('gives production by dentist, totals by cashier, who voided what, and who printed it when', async () => {
    await seedDaySheet();
    await seed.invoices([
      { id: 7, patient_id: 2, total: pesos(30000), created_at: `${DAY}T05:00:00Z` },
      { id: 8, patient_id: 2, total: pesos(99999), created_at: `${DAY}T05:30:00Z` },
    ]);
    // What the triggers keep: the cashier's and the voider's names as they were then (the void's
    // trigger names the owner, no one, so the name is written after it).
    await realStack().query(`update public.payments set recorded_by_name = 'Rosa Reyes' where id in (10, 12)`);
    await realStack().query(`update public.invoices set voided_at = $2, void_reason = 'Billed twice' where id = $1`, [
      8,
      `${DAY}T06:00:00Z`,
    ]);
    await realStack().query(`update public.invoices set voided_by_name = 'Admin Cruz' where id = 8`);
    // Maxicare's payment, received on an earlier day, voided on this one.
    const [hmo] = await seed.hmos([{ clinic_id: 1, name: 'Maxicare', claim_deadline_days: 30 }]);
    await seed.invoices([
      { id: 9, patient_id: 2, total: 100, hmo_id: hmo!.id, hmo_share: 600, created_at: '2026-01-05T04:00:00Z' },
    ]);
    const [batch] = await rows('hmo_claim_batches', { hmo_id: hmo!.id });
    const [hmoPayment] = await seed.hmo_payments([
      {
        clinic_id: 1,
        batch_id: batch!.id,
        hmo_id: hmo!.id,
        amount: 600,
        received_on: '2026-11-02',
        idempotency_key: crypto.randomUUID(),
      },
    ]);
    await realStack().query(
      `update public.hmo_payments set voided_at = $2, void_reason = 'Wrong batch' where id = $1`,
      [hmoPayment!.id, `${DAY}T07:00:00Z`],
    );
    await realStack().query(`update public.hmo_payments set voided_by_name = 'Admin Cruz' where id = $1`, [
      hmoPayment!.id,
    ]);
    await renderReports();
    const sheet = await screen.findByTestId('day-sheet');

    const production = within(sheet).getByRole('table', { name: 'Production (invoices issued)' });
    // Total-only invoices: gross, net and what the patient pays are one amount, nothing off.
    const noneOff = (amount: string) => `${amount}₱0.00₱0.00${amount}₱0.00${amount}`;
    expect(screen.getByTestId('day-sheet-production-1').textContent).toBe(`Dr. Reyes1${noneOff('₱1,500.50')}`);
    expect(screen.getByTestId('day-sheet-production-2').textContent).toBe(`Dr. Lim1${noneOff('₱2,000.00')}`);
    expect(screen.getByTestId('day-sheet-production-none').textContent).toBe(
      `No dentist (invoice not from an appointment)1${noneOff('₱300.00')}`,
    );
    // The void invoice is not production.
    expect(screen.getByTestId('day-sheet-production-total').textContent).toBe('₱3,800.50');
    expect(production.textContent).toContain('Production total3');

    const cashiers = within(sheet).getByRole('table', { name: 'Collections by cashier' });
    expect(cashiers.textContent).toContain('Rosa Reyes1₱1,500.50');
    expect(cashiers.textContent).toContain('The system1₱0.10');

    const voids = within(sheet).getByRole('table', { name: 'Voids' });
    expect(voids.textContent).toContain('Invoice#8Ana Cruz₱999.99Thu 2026-11-26, 2:00 PMAdmin CruzBilled twice');
    expect(voids.textContent).toContain('Entered twice');
    // The HMO's name where a patient's goes, and no invoice; last, as voided last.
    expect(
      within(voids)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Voided', 'Invoice', 'Patient or HMO', 'Amount', 'Voided at', 'Voided by', 'Reason']);
    const lastVoid = within(voids).getAllByRole('row').at(-1)!;
    expect(
      within(lastVoid)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['HMO payment', '', 'Maxicare', '₱600.00', 'Thu 2026-11-26, 3:00 PM', 'Admin Cruz', 'Wrong batch']);

    // 2026-11-26 10:00 in Manila, by the signed-in staff member.
    expect(screen.getByTestId('day-sheet-printed-by').textContent).toBe(
      'Printed on Thu 2026-11-26, 10:00 AM by Dr. Ana Santos',
    );
  });

  it('takes a senior’s invoice from its line through the VAT exemption and 20% to what she pays, on screen and in the CSV', async () => {
    const user = userEvent.setup();
    const [lola] = await seed.patients([
      { name: 'Lola Santos', discount_id_type: 'senior_citizen', discount_id_number: 'SC-QC-2019-004512' },
    ]);
    // As invoice_split leaves a ₱1,000.00 visit at a VAT-registered clinic (tests/integration/database/invoice-split.test.ts).
    await seed.invoices([
      {
        id: 21,
        patient_id: lola!.id,
        total: 714.29,
        discount_id_type: 'senior_citizen',
        discount_id_number: 'SC-QC-2019-004512',
        vat_exemption: 107.14,
        statutory_discount: 178.57,
        created_at: `${DAY}T04:00:00Z`,
      },
    ]);
    await seed.invoice_items([{ invoice_id: 21, position: 1, description: 'Root canal', unit_price: 1000 }]);
    const downloads = captureDownloads();
    await renderReports();
    const sheet = await screen.findByTestId('day-sheet');

    const issued = within(sheet).getByRole('table', { name: 'Invoices issued' });
    expect(
      within(issued)
        .getAllByRole('columnheader')
        .filter((header) => header.closest('table') === issued)
        .map((header) => header.textContent),
    ).toEqual([
      'Invoice',
      'Patient',
      'Dentist',
      'Gross',
      'VAT exemption',
      'SC/PWD discount',
      'Net (production)',
      'HMO share',
      'Patient pays',
    ]);
    expect(
      [...screen.getByTestId('day-sheet-invoice-21').querySelectorAll('td')].map((cell) => cell.textContent),
    ).toEqual([
      '#21',
      'Lola Santos (Senior citizen)',
      'No dentist (invoice not from an appointment)',
      '₱1,000.00',
      '₱107.14',
      '₱178.57',
      '₱714.29',
      '₱0.00',
      '₱714.29',
    ]);
    expect(within(sheet).getByRole('table', { name: 'Items of invoice #21' }).textContent).toContain(
      'Root canal1₱1,000.00—₱1,000.00',
    );
    const production = within(sheet).getByRole('table', { name: 'Production (invoices issued)' });
    expect(production.textContent).toContain('Production total1₱1,000.00₱107.14₱178.57₱714.29₱0.00₱714.29');
    expect(screen.getByTestId('day-sheet-production-total').textContent).toBe('₱714.29');

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(downloads.click).toHaveBeenCalledTimes(1));
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(downloads.blobs[0]!);
    });
    expect(csv).toContain(
      '21,Lola Santos,No dentist (invoice not from an appointment),Senior citizen,1000.00,107.14,178.57,714.29,0.00,714.29\r\n',
    );
    expect(csv).toContain('21,Root canal,1,1000.00,0.00,1000.00,0.00,1000.00\r\n');
    expect(csv).toContain('Production total,1,1000.00,107.14,178.57,714.29,0.00,714.29\r\n');
  });

  it('shows a payment recorded at another desk without a reload, and reads again on Refresh', async () => {
    const user = userEvent.setup();
    await seedDaySheet();
    const sheets = countRequests({ rpc: 'day_sheet' });
    await renderReports();
    await screen.findByTestId('day-sheet');
    expect(screen.getByTestId('day-sheet-grand-total').textContent).toContain('₱1,500.60');

    await seed.payments([
      { id: 20, invoice_id: 6, patient_id: 2, amount: pesos(2500), method: 'cash', payment_date: `${DAY}T05:00:00Z` },
    ]);
    fakeRealtime.emit('billing-updated', { clinic_id: 1, invoice_id: 6, table: 'payments', op: 'INSERT', id: 20 });
    await waitFor(() => expect(screen.getByTestId('day-sheet-grand-total').textContent).toContain('₱1,525.60'));
    expect(sheets.count).toBe(2);

    // Another clinic's payment is not this sheet's business.
    fakeRealtime.emit('billing-updated', { clinic_id: 2, invoice_id: 99, table: 'payments', op: 'INSERT', id: 99 });
    await seed.payments([
      { id: 21, invoice_id: 6, patient_id: 2, amount: pesos(100), method: 'card', payment_date: `${DAY}T05:10:00Z` },
    ]);
    await user.click(within(daySheetPanel()).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByTestId('day-sheet-grand-total').textContent).toContain('₱1,526.60'));
    expect(sheets.count).toBe(3);
  });

  it('reads the sheet again when Reports opens again, after a payment taken while it was closed', async () => {
    const user = userEvent.setup();
    await seedDaySheet();
    // The dashboard's cache, where a read is fresh for 30 s, kept while the desk works in Billing.
    const dashboardCache = new QueryClient({
      defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
    });
    function ReportsOrBilling() {
      const [reportsOpen, setReportsOpen] = useState(true);
      return (
        <QueryClientProvider client={dashboardCache}>
          <button type="button" onClick={() => setReportsOpen(!reportsOpen)}>
            {reportsOpen ? 'Go to Billing' : 'Go to Reports'}
          </button>
          {reportsOpen ? <ReportsTab /> : null}
        </QueryClientProvider>
      );
    }
    await renderSignedIn(<ReportsOrBilling />, { role: 'receptionist' });
    await screen.findByTestId('day-sheet');
    expect(screen.getByTestId('day-sheet-grand-total').textContent).toContain('₱1,500.60');

    await user.click(screen.getByRole('button', { name: 'Go to Billing' }));
    // Taken in Billing: Reports is closed, so no live update reaches its sheet.
    await seed.payments([
      { id: 20, invoice_id: 6, patient_id: 2, amount: pesos(2500), method: 'cash', payment_date: `${DAY}T05:00:00Z` },
    ]);
    await user.click(screen.getByRole('button', { name: 'Go to Reports' }));
    await waitFor(() => expect(screen.getByTestId('day-sheet-grand-total').textContent).toContain('₱1,525.60'));
  });

  it('downloads the CSV of the recorded export (day_sheet_export) with a BOM and ñ intact, and prints', async () => {
    const user = userEvent.setup();
    await seedDaySheet();
    const downloads = captureDownloads();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await renderReports();
    await screen.findByTestId('day-sheet');
    expect(await recordedExports()).toEqual([]);
    // Changed since the sheet was shown: the file is built from the export's own answer.
    await realStack().query(`update public.payments set reference_number = 'FROM-EXPORT' where id = 10`);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(downloads.click).toHaveBeenCalledTimes(1));
    expect(await recordedExports()).toEqual(['1:2026-11-26..2026-11-26']);
    expect(downloads.names).toEqual(['day-sheet-2026-11-26.csv']);
    const bytes = new Uint8Array(
      await new Promise<ArrayBuffer>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.readAsArrayBuffer(downloads.blobs[0]!);
      }),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain('Cash,2026-11-26,09:30,2,5,Niño Peña,FROM-EXPORT,The system,1500.50\r\n');
    expect(text).toContain('Grand total,,,,,,,,1500.60\r\n');
    await user.click(screen.getByRole('button', { name: 'Print day sheet' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('downloads nothing when the export fails, and says so in words of its own', async () => {
    const user = userEvent.setup();
    await seedDaySheet();
    const downloads = captureDownloads();
    await renderReports();
    await screen.findByTestId('day-sheet');
    failNext({ rpc: 'day_sheet_export' }, pgError('XX000', 'relation "x" does not exist'));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect((await screen.findByTestId('day-sheet-download-error')).textContent).toBe(
      'Could not download the day sheet. Nothing was downloaded; please try again.',
    );
    expect(screen.queryByText(/relation/)).toBeNull();
    expect(downloads.click).not.toHaveBeenCalled();
    expect(downloads.blobs).toEqual([]);

    failNext({ rpc: 'day_sheet_export' }, pgError('42501', 'Your role may not read reports of this clinic.'));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(screen.getByTestId('day-sheet-download-error').textContent).toBe(
        'Your role may not read reports of this clinic.',
      ),
    );
    expect(downloads.click).not.toHaveBeenCalled();

    // Tried again, it downloads and the message goes.
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(downloads.click).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('day-sheet-download-error')).toBeNull();
    expect(await recordedExports()).toEqual(['1:2026-11-26..2026-11-26']);
  });

  it('says when the day sheet could not be read, without the server’s words, and retries', async () => {
    const user = userEvent.setup();
    await seedDaySheet();
    failNext({ rpc: 'day_sheet' }, pgError('XX000', 'relation "x" does not exist'));
    await renderReports();
    expect(await screen.findByText('Could not load this report. Please try again.')).toBeTruthy();
    expect(screen.queryByText(/relation/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('day-sheet')).textContent).toContain('Niño Peña');
  });

  it('says so above the last sheet when a refresh fails, and clears it once a retry reads it', async () => {
    const user = userEvent.setup();
    await seedDaySheet();
    await renderReports();
    await screen.findByTestId('day-sheet');
    expect(within(daySheetPanel()).queryByRole('alert')).toBeNull();

    failNext({ rpc: 'day_sheet' });
    await user.click(within(daySheetPanel()).getByRole('button', { name: 'Refresh' }));
    const stale = await within(daySheetPanel()).findByRole('alert');
    expect(stale.textContent).toContain(
      'Could not refresh this report: it shows what was read before, not the latest. Please try again.',
    );
    expect(screen.getByTestId('day-sheet').textContent).toContain('Niño Peña');

    await user.click(within(stale).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(daySheetPanel()).queryByRole('alert')).toBeNull());
  });
});

describe('the no-show insight', () => {
  it('shows the last 365 days by month, dentist, weekday and hour, with the charts’ text alternatives', async () => {
    await seedNoShows();
    const periods = countRequests({ rpc: 'no_show_insight' });
    await renderReports();
    const body = await screen.findByTestId('no-show-insight');
    expect(periods.count).toBe(1);
    // No-shows of the 6 kept or missed; late cancels of the 8 with an outcome (not the stale Scheduled).
    expect(body.textContent).toContain('9 appointments whose time has come: 16.7% no-shows, 12.5% late cancellations.');
    expect(within(body).getByRole('table', { name: 'By dentist' }).textContent).toContain('Dr. Reyes9116.7%112.5%');
    expect(within(body).getByRole('table', { name: 'By weekday' }).textContent).toContain('Monday');
    expect(within(body).getByRole('table', { name: 'By hour' }).textContent).toContain('2:00 PM400.0%133.3%');
    const byMonth = within(body).getByRole('table', { name: 'By month' });
    // Every month of the period, the empty ones too.
    expect(within(byMonth).getAllByRole('row')).toHaveLength(1 + 13);
    expect(byMonth.textContent).toContain('November 202500—0—');
    expect(byMonth.textContent).toContain('October 2026100.0%00.0%');
    expect(byMonth.textContent).toContain('November 20268120.0%114.3%');
    expect(
      within(body).getByRole('img', {
        name: 'Rates by hour (the table "By hour" lists the same numbers): 9:00 AM: 20.0% no-shows, 0.0% late cancels; 2:00 PM: 0.0% no-shows, 33.3% late cancels',
      }),
    ).toBeTruthy();
    expect(
      within(body).getByRole('img', {
        name: /^Rates by month \(the table "By month" lists the same numbers\): November 2025: — no-shows, — late cancels; .*; October 2026: 0\.0% no-shows, 0\.0% late cancels; November 2026: 20\.0% no-shows, 14\.3% late cancels$/,
      }),
    ).toBeTruthy();
  });

  it('opens the no-shows and late cancellations behind the numbers, with the reason where one was given', async () => {
    const user = userEvent.setup();
    await seedNoShows();
    await renderReports();
    const body = await screen.findByTestId('no-show-insight');
    expect(within(body).queryByRole('table', { name: 'No-shows and late cancellations' })).toBeNull();
    const toggle = within(body).getByRole('button', { name: 'Show the patients (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = within(body).getByRole('table', { name: 'No-shows and late cancellations' });
    const lines = within(list)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    // Latest first; the early cancellation and the stale booking are not behind either number.
    expect(lines).toEqual([
      'Mon 2026-11-23, 9:00 AMNiño PeñaDr. ReyesNo-show',
      'Mon 2026-11-16, 2:00 PMAna CruzDr. ReyesLate cancelMon 2026-11-16, 12:00 PMFever',
    ]);
    await user.click(within(body).getByRole('button', { name: 'Hide the patients' }));
    expect(within(body).queryByRole('table', { name: 'No-shows and late cancellations' })).toBeNull();
  });

  it('refuses a period that ends before it starts or is longer than two years, at the field', async () => {
    const user = userEvent.setup();
    await seedNoShows();
    await seedLastYearOnly();
    const periods = countRequests({ rpc: 'no_show_insight' });
    await renderReports();
    const body = await screen.findByTestId('no-show-insight');
    expect(body.textContent).toContain('10 appointments whose time has come');
    const from = screen.getByLabelText('From', { exact: true });
    const to = screen.getByLabelText('To', { exact: true });
    await user.clear(from);
    await user.type(from, '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Show period' }));
    expect(await screen.findByText('The first day must be on or before the last day.')).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');
    await user.clear(from);
    await user.type(from, '2024-01-01');
    await user.click(screen.getByRole('button', { name: 'Show period' }));
    expect(await screen.findByText('The period can be at most 2 years (731 days).')).toBeTruthy();
    expect(periods.count).toBe(1);

    // From 2026: December 2025's appointment is no longer counted.
    await user.clear(from);
    await user.type(from, '2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Show period' }));
    await waitFor(() =>
      expect(screen.getByTestId('no-show-insight').textContent).toContain('9 appointments whose time has come'),
    );
    expect(periods.count).toBe(2);
    expect(screen.queryByText('The period can be at most 2 years (731 days).')).toBeNull();
  });

  it('tells a role the database refuses that it may not read reports', async () => {
    await seedNoShows();
    // A dentist may not read reports: the real can_read_reports() refuses both reports.
    await renderReports({ role: 'dentist' });
    const insight = await screen.findByRole('region', { name: 'No-show insight' });
    expect(await within(insight).findByText('Your role may not read reports of this clinic.')).toBeTruthy();
  });
});
