// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initSupabase } from '@/lib/supabase';
import { failNext, mockConfig, mockRpc, pgError, seed } from '@/testing/mocks';
import type { DaySheet, NoShowInsight } from './model/report-shapes';
import { renderReports } from './testing/render';

beforeAll(() => {
  initSupabase(mockConfig);
});

// 2026-11-26 10:00 in Manila; only Date is faked, so MSW's timers run.
const NOW = new Date('2026-11-26T02:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  seed.clinics([{ id: 1, name: 'Smile Dental', timezone: 'Asia/Manila' }]);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const sheetOf = (day: string): DaySheet => ({
  day,
  time_zone: 'Asia/Manila',
  appointments: [
    {
      id: 1,
      appointment_time: `${day}T01:00:00Z`,
      status: 'Completed',
      patient_name: 'Niño Peña',
      dentist_name: 'Dr. Reyes',
      reason: 'Cleaning',
    },
    {
      id: 2,
      appointment_time: `${day}T02:00:00Z`,
      status: 'No Show',
      patient_name: 'Ana Cruz',
      dentist_name: 'Dr. Lim',
      reason: null,
    },
  ],
  payments: [
    {
      id: 10,
      invoice_id: 5,
      patient_name: 'Niño Peña',
      amount_centavos: 150050,
      method: 'cash',
      reference_number: null,
      payment_date: `${day}T01:30:00Z`,
    },
    {
      id: 11,
      invoice_id: 6,
      patient_name: 'Ana Cruz',
      amount_centavos: 10,
      method: 'card',
      reference_number: 'C-1',
      payment_date: `${day}T03:30:00Z`,
    },
  ],
  totals: [
    { method: 'card', payment_count: 1, total_centavos: 10 },
    { method: 'cash', payment_count: 1, total_centavos: 150050 },
  ],
  grand_total_centavos: 150060,
  voids: [
    {
      kind: 'payment',
      id: 12,
      invoice_id: 5,
      patient_name: 'Niño Peña',
      amount_centavos: 5000,
      method: 'cash',
      voided_at: `${day}T04:00:00Z`,
      void_reason: 'Entered twice',
    },
  ],
  open_invoices: [
    {
      id: 6,
      patient_name: 'Ana Cruz',
      appointment_id: 2,
      total_centavos: 200000,
      paid_centavos: 10,
      balance_centavos: 199990,
      status: 'Partial',
      created_at: `${day}T03:00:00Z`,
    },
  ],
});

const insight: NoShowInsight = {
  from: '2025-11-27',
  to: '2026-11-26',
  time_zone: 'Asia/Manila',
  as_of: NOW.toISOString(),
  overall: { booked: 8, no_shows: 1, late_cancels: 2 },
  by_dentist: [{ dentist_id: 3, dentist_name: 'Dr. Reyes', booked: 8, no_shows: 1, late_cancels: 2 }],
  by_weekday: [{ weekday: 1, booked: 8, no_shows: 1, late_cancels: 2 }],
  by_hour: [
    { hour: 9, booked: 5, no_shows: 1, late_cancels: 0 },
    { hour: 14, booked: 3, no_shows: 0, late_cancels: 2 },
  ],
};

function answerReports() {
  const days: string[] = [];
  const exports: string[] = [];
  const periods: string[] = [];
  mockRpc('day_sheet', ({ p_day }) => {
    days.push(String(p_day));
    return sheetOf(String(p_day));
  });
  // The download's own answer: the database records the export and the file is built from it.
  mockRpc('day_sheet_export', ({ p_clinic_id, p_day }) => {
    exports.push(`${String(p_clinic_id)}:${String(p_day)}`);
    const sheet = sheetOf(String(p_day));
    return { ...sheet, payments: sheet.payments.map((payment) => ({ ...payment, reference_number: 'FROM-EXPORT' })) };
  });
  mockRpc('no_show_insight', ({ p_from, p_to }) => {
    periods.push(`${String(p_from)}..${String(p_to)}`);
    return { ...insight, from: p_from, to: p_to };
  });
  return { days, exports, periods };
}

/** Blob downloads captured: the file names clicked and the files' text. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:day-sheet';
  });
  URL.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names, click };
}

describe('the day sheet', () => {
  it('opens on today in clinic time with appointments by status, totals by method, voids and open invoices', async () => {
    const calls = answerReports();
    renderReports();
    const sheet = await screen.findByTestId('day-sheet');
    expect(calls.days).toEqual(['2026-11-26']);
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
  });

  it('shows another valid day, and refuses an empty date at the field without asking the server', async () => {
    const user = userEvent.setup();
    const calls = answerReports();
    renderReports();
    await screen.findByTestId('day-sheet');
    const day = screen.getByLabelText('Day', { exact: true });
    await user.clear(day);
    await user.click(screen.getByRole('button', { name: 'Show day' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Choose a day.');
    expect(day.getAttribute('aria-invalid')).toBe('true');
    expect(calls.days).toEqual(['2026-11-26']);

    await user.type(day, '2026-11-20');
    await user.click(screen.getByRole('button', { name: 'Show day' }));
    expect(await screen.findByRole('heading', { name: 'Day sheet for Friday, 2026-11-20' })).toBeTruthy();
    expect(calls.days).toEqual(['2026-11-26', '2026-11-20']);
    expect(screen.queryByText('Choose a day.')).toBeNull();
  });

  it('downloads the CSV of the recorded export (day_sheet_export) with a BOM and ñ intact, and prints', async () => {
    const user = userEvent.setup();
    const calls = answerReports();
    const downloads = captureDownloads();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderReports();
    await screen.findByTestId('day-sheet');
    expect(calls.exports).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(downloads.click).toHaveBeenCalledTimes(1));
    expect(calls.exports).toEqual(['1:2026-11-26']);
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
    expect(text).toContain('Cash,9:30 AM,5,Niño Peña,FROM-EXPORT,1500.50\r\n');
    expect(text).toContain('Grand total,,,,,1500.60\r\n');
    await user.click(screen.getByRole('button', { name: 'Print day sheet' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('downloads nothing when the export fails, and says so in words of its own', async () => {
    const user = userEvent.setup();
    const calls = answerReports();
    const downloads = captureDownloads();
    renderReports();
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
    expect(calls.exports).toEqual(['1:2026-11-26']);
  });

  it('says when the day sheet could not be read, without the server’s words, and retries', async () => {
    const user = userEvent.setup();
    answerReports();
    failNext({ rpc: 'day_sheet' }, pgError('XX000', 'relation "x" does not exist'));
    renderReports();
    expect(await screen.findByText('Could not load this report. Please try again.')).toBeTruthy();
    expect(screen.queryByText(/relation/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('day-sheet')).toBeTruthy();
  });
});

describe('the no-show insight', () => {
  it('shows the last 365 days by dentist, weekday and hour, with the chart’s text alternative', async () => {
    const calls = answerReports();
    renderReports();
    const body = await screen.findByTestId('no-show-insight');
    expect(calls.periods).toEqual(['2025-11-27..2026-11-26']);
    expect(body.textContent).toContain('8 appointments whose time has come: 12.5% no-shows, 25.0% late cancellations.');
    expect(within(body).getByRole('table', { name: 'By dentist' }).textContent).toContain('Dr. Reyes8112.5%225.0%');
    expect(within(body).getByRole('table', { name: 'By weekday' }).textContent).toContain('Monday');
    expect(within(body).getByRole('table', { name: 'By hour' }).textContent).toContain('2:00 PM300.0%266.7%');
    expect(
      within(body).getByRole('img', {
        name: 'Rates by hour (the table "By hour" lists the same numbers): 9:00 AM: 20.0% no-shows, 0.0% late cancels; 2:00 PM: 0.0% no-shows, 66.7% late cancels',
      }),
    ).toBeTruthy();
  });

  it('refuses a period that ends before it starts or is longer than two years, at the field', async () => {
    const user = userEvent.setup();
    const calls = answerReports();
    renderReports();
    await screen.findByTestId('no-show-insight');
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
    expect(calls.periods).toEqual(['2025-11-27..2026-11-26']);

    await user.clear(from);
    await user.type(from, '2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Show period' }));
    await waitFor(() => expect(calls.periods).toEqual(['2025-11-27..2026-11-26', '2026-01-01..2026-11-26']));
    expect(screen.queryByText('The period can be at most 2 years (731 days).')).toBeNull();
  });

  it('tells a role the database refuses that it may not read reports', async () => {
    answerReports();
    failNext({ rpc: 'no_show_insight' }, pgError('42501', 'Your role may not read reports of this clinic.'));
    renderReports();
    expect(await screen.findByText('Your role may not read reports of this clinic.')).toBeTruthy();
  });
});
