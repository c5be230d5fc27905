// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initSupabase } from '@/lib/supabase';
import { captureDownloads } from '@/testing/downloads';
import { failNext, pgError, rows, seed, setupRealDatabase, stackConfig } from '@/testing/real-db';
import { renderReports } from './testing/render';

// The socket is not under test here: the tab subscribes to nothing.
vi.mock('@/lib/realtime-client', async (actual) => ({
  ...(await actual<object>()),
  subscribeToServiceEvents: async () => ({ close: () => undefined }),
}));

setupRealDatabase();
beforeAll(() => initSupabase(stackConfig()));

// 2026-11-26 10:00 in Manila: the report opens on November 2026. Only Date is faked.
const NOW = new Date('2026-11-26T02:00:00Z');

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await seed.clinics([{ id: 1, name: 'Smile Dental', timezone: 'Asia/Manila' }]);
  await seed.patients([
    { id: 1, name: 'Lola Peña', discount_id_type: 'senior_citizen', discount_id_number: 'SC-0451' },
    { id: 2, name: 'Ben Cruz', discount_id_type: 'pwd', discount_id_number: 'PWD-13-77' },
  ]);
  const senior = { patient_id: 1, discount_id_type: 'senior_citizen', discount_id_number: 'SC-0451' } as const;
  await seed.invoices([
    // 00:30 on November 1 in Manila (still October 31 in UTC): in November's report.
    { id: 21, ...senior, total: 1200, statutory_discount: 300, created_at: '2026-10-31T16:30:00Z' },
    {
      id: 22,
      patient_id: 2,
      discount_id_type: 'pwd',
      discount_id_number: 'PWD-13-77',
      total: 800,
      vat_exemption: 120,
      statutory_discount: 200,
      created_at: '2026-11-03T03:00:00Z',
    },
    // October's, and a void one of November: neither is listed.
    { id: 23, ...senior, total: 400, statutory_discount: 100, created_at: '2026-10-20T03:00:00Z' },
    {
      id: 24,
      ...senior,
      total: 400,
      statutory_discount: 100,
      created_at: '2026-11-05T03:00:00Z',
      voided_at: '2026-11-05T04:00:00Z',
      void_reason: 'Typed twice',
    },
    // No discount ID: not a discount.
    { id: 25, patient_id: 1, total: 999, created_at: '2026-11-06T03:00:00Z' },
  ]);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const panel = () => screen.getByRole('region', { name: 'Senior citizen and PWD discounts' });
const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the statutory discounts report', () => {
  it('opens on this clinic month with each discounted invoice and the totals per ID type and overall', async () => {
    await renderReports();
    const report = await screen.findByTestId('statutory-discounts');
    expect(within(panel()).getByLabelText('Discounts from')).toHaveProperty('value', '2026-11-01');
    expect(within(panel()).getByLabelText('Discounts to')).toHaveProperty('value', '2026-11-30');
    expect(
      within(report).getByRole('heading', { name: 'Statutory discounts from 2026-11-01 to 2026-11-30' }),
    ).toBeTruthy();
    expect(
      cellsOf(within(report).getByRole('table', { name: 'Invoices with a senior citizen or PWD discount' })),
    ).toEqual([
      [
        'Date',
        'Invoice',
        'Patient',
        'ID type',
        'ID number',
        'Gross (patient share)',
        'VAT exemption',
        'Discount',
        'Amount due',
      ],
      ['2026-11-01', '#21', 'Lola Peña', 'Senior citizen', 'SC-0451', '₱1,500.00', '₱0.00', '₱300.00', '₱1,200.00'],
      ['2026-11-03', '#22', 'Ben Cruz', 'PWD', 'PWD-13-77', '₱1,120.00', '₱120.00', '₱200.00', '₱800.00'],
    ]);
    expect(cellsOf(within(report).getByRole('table', { name: 'Discount totals by ID type' }))).toEqual([
      ['ID type', 'Invoices', 'Gross (patient share)', 'VAT exemption', 'Discount', 'Amount due'],
      ['PWD total', '1', '₱1,120.00', '₱120.00', '₱200.00', '₱800.00'],
      ['Senior citizen total', '1', '₱1,500.00', '₱0.00', '₱300.00', '₱1,200.00'],
      ['Overall total', '2', '₱2,620.00', '₱120.00', '₱500.00', '₱2,000.00'],
    ]);
  });

  it('shows another period when asked, says when it has none, and refuses a reversed one at its field', async () => {
    const user = userEvent.setup();
    await renderReports();
    await screen.findByTestId('statutory-discounts');
    const from = within(panel()).getByLabelText('Discounts from');
    const to = within(panel()).getByLabelText('Discounts to');
    await user.clear(from);
    await user.type(from, '2026-10-01');
    await user.clear(to);
    await user.type(to, '2026-10-31');
    await user.click(within(panel()).getByRole('button', { name: 'Show discounts' }));
    await waitFor(() =>
      expect(within(panel()).getByRole('heading', { level: 3 }).textContent).toBe(
        'Statutory discounts from 2026-10-01 to 2026-10-31',
      ),
    );
    expect(within(panel()).getByText('#23')).toBeTruthy();
    expect(within(panel()).queryByText('#21')).toBeNull();

    await user.clear(from);
    await user.type(from, '2026-10-02');
    await user.clear(to);
    await user.type(to, '2026-10-02');
    await user.click(within(panel()).getByRole('button', { name: 'Show discounts' }));
    expect(await within(panel()).findByText('No senior citizen or PWD discounts in this period.')).toBeTruthy();

    await user.clear(from);
    await user.type(from, '2026-10-05');
    await user.click(within(panel()).getByRole('button', { name: 'Show discounts' }));
    expect((await within(panel()).findByRole('alert')).textContent).toBe(
      'The first day must be on or before the last day.',
    );
  });

  it('downloads the CSV from the export, which the audit trail records, and says so when it fails', async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    await renderReports();
    await screen.findByTestId('statutory-discounts');
    await user.click(within(panel()).getByRole('button', { name: 'Download discounts CSV' }));
    await waitFor(() => expect(downloads.names).toEqual(['statutory-discounts-2026-11-01-to-2026-11-30.csv']));
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(downloads.blobs[0]!);
    });
    expect(csv).toContain('Smile Dental — Statutory discounts from 2026-11-01 to 2026-11-30');
    expect(csv).toContain('2026-11-03,22,Ben Cruz,PWD,PWD-13-77,1120.00,120.00,200.00,800.00');
    expect(csv).toContain('Overall total,2,2620.00,120.00,500.00,2000.00');
    const events = await rows('audit_log', { entity: 'export', entity_label: 'statutory-discounts' });
    expect(events.map((event) => event.after)).toEqual([
      { kind: 'statutory-discounts', rows: 2, filters: { from: '2026-11-01', to: '2026-11-30' } },
    ]);

    failNext({ rpc: 'statutory_discounts_export' }, pgError('XX000', 'relation "x" does not exist'));
    await user.click(within(panel()).getByRole('button', { name: 'Download discounts CSV' }));
    expect((await within(panel()).findByRole('alert')).textContent).toBe(
      'Could not download the discounts report. Nothing was downloaded; please try again.',
    );
    expect(downloads.names).toHaveLength(1);
  });

  it('says the report could not be loaded without the server’s words, and retries', async () => {
    const user = userEvent.setup();
    failNext({ rpc: 'statutory_discounts' }, pgError('XX000', 'relation "x" does not exist'));
    await renderReports();
    const section = await screen.findByRole('region', { name: 'Senior citizen and PWD discounts' });
    expect(await within(section).findByText('Could not load this report. Please try again.')).toBeTruthy();
    expect(screen.queryByText(/relation/)).toBeNull();
    await user.click(within(panel()).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('statutory-discounts')).textContent).toContain('Lola Peña');
  });
});
