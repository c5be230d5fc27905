/**
 * The Reports tab, in Chromium at 1366×768 and 820×1180: on demo-like data made for the test
 * (payments by three methods today, one voided with a reason), the receptionist's day sheet shows
 * the same money as the Billing tab's payments, to the centavo; its CSV keeps ñ (UTF-8 with BOM);
 * the no-show chart renders with its text alternative; and a patient with two no-shows in 12 months
 * is flagged in the booking form. At 1366×768 the no-show insight shows its monthly trend and opens
 * the no-shows and late cancellations behind its numbers, a cancellation's reason included, without
 * scrolling sideways.
 *
 * Over a range of clinic days the day sheet gives production by dentist (void invoices listed under
 * Voids with who voided), collections by cashier, a "Printed on … by …" line, and a payment
 * recorded at another desk (a second browser context) appears without a reload.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays } from '@common/clinic-calendar';
import { clinicDateAt, clinicTime, clinicWorkday } from '../support/clinic-time.ts';
import { createStaffAccount, DEMO, DEMO_PASSWORD, openTab, signIn, uniqueEmail } from './support/app.ts';
import { connectChromium, DESKTOP, downloadedBytes, openPage, TABLET_PORTRAIT, withPage } from './support/chromium.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';
import { expectNoSidewaysScroll } from './support/layout.ts';

const ctx = inject('e2e');
const VIEWPORTS = [DESKTOP, TABLET_PORTRAIT] as const;

/** '₱1,500.60' from integer centavos, as the app shows money. */
const pesos = (centavos: number) =>
  `₱${Math.trunc(centavos / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(centavos % 100).padStart(2, '0')}`;

async function openReports(page: Page) {
  await openTab(page, 'Reports');
  await page.getByTestId('day-sheet').waitFor();
}

describe.skipIf(!ctx.chromium)('Reports', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectChromium(ctx);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('gives a day sheet that matches Billing to the centavo, a CSV with ñ, the no-show chart and the flag', async () => {
    const reception = await ClinicFixtures.signInAs(ctx, DEMO.receptionist);
    const admin = await ClinicFixtures.signInAs(ctx, DEMO.admin);
    const patientName = uniqueName('Niño Peña');
    const patientId = await reception.patient(patientName);
    const dentistId = await reception.dentist(uniqueName('Dr. Reports'));
    // Two no-shows in the last 12 months: the patient is flagged.
    for (const workdaysAgo of [5, 40])
      await reception.appointmentAsServiceRole({
        dentistId,
        patientId,
        time: clinicTime(clinicWorkday(-workdaysAgo), '15:40'),
        status: 'No Show',
      });

    const invoice = await reception.api
      .from('invoices')
      .insert({ clinic_id: reception.clinicId, patient_id: patientId, total: '3000.00', idempotency_key: randomUUID() })
      .select('id')
      .single();
    if (invoice.error) throw invoice.error;
    const paymentIds: number[] = [];
    for (const [amount, method] of [
      ['1500.50', 'cash'],
      ['0.10', 'e-wallet'],
      ['0.20', 'e-wallet'],
      ['99.99', 'card'],
    ] as const) {
      const payment = await reception.api
        .from('payments')
        .insert({
          clinic_id: reception.clinicId,
          invoice_id: invoice.data.id,
          patient_id: patientId,
          amount,
          method,
          idempotency_key: randomUUID(),
        })
        .select('id')
        .single();
      if (payment.error) throw payment.error;
      paymentIds.push(payment.data.id as number);
    }
    const voidReason = `Keyed twice ${randomUUID().slice(0, 6)}`;
    const voided = await admin.api.rpc('void_payment', { p_payment_id: paymentIds[3], p_reason: voidReason });
    if (voided.error) throw voided.error;

    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        await signIn(page, DEMO.receptionist);
        await openReports(page);

        // Billing's numbers: the payments the Billing tab lists (payment_entries), today's live ones.
        const today = clinicDateAt(new Date());
        const billingSums = async () => {
          const billing = await reception.api
            .from('payment_entries')
            .select('amount_centavos, method, payment_date, voided_at')
            .eq('clinic_id', reception.clinicId);
          if (billing.error) throw billing.error;
          const live = (
            billing.data as {
              amount_centavos: number;
              method: string;
              payment_date: string;
              voided_at: string | null;
            }[]
          ).filter((row) => row.voided_at === null && clinicDateAt(new Date(row.payment_date)) === today);
          const sumOf = (method?: string) =>
            live
              .filter((row) => method === undefined || row.method === method)
              .reduce((sum, row) => sum + row.amount_centavos, 0);
          return { all: pesos(sumOf()), cash: pesos(sumOf('cash')), eWallet: pesos(sumOf('e-wallet')) };
        };
        // Wait for a day sheet that includes this test's payments (the tab may have opened before).
        await page.getByRole('button', { name: 'Show day sheet', exact: true }).click();
        await page.getByText(voidReason, { exact: true }).waitFor();
        // The other browser files pay Smile Dental today too, and the sheet takes their payments in
        // live: its totals are compared with Billing's read at the same turn, until both have them all.
        const mismatch = async () => {
          const expected = await billingSums();
          const shown = {
            all: await page.getByTestId('day-sheet-grand-total').textContent(),
            cash: await page.getByTestId('day-sheet-total-cash').textContent(),
            eWallet: await page.getByTestId('day-sheet-total-e-wallet').textContent(),
          };
          const differing = [
            shown.all === expected.all ? '' : `grand total ${shown.all} ≠ ${expected.all}`,
            shown.cash?.includes(expected.cash) ? '' : `cash ${shown.cash} lacks ${expected.cash}`,
            shown.eWallet?.includes(expected.eWallet) ? '' : `e-wallet ${shown.eWallet} lacks ${expected.eWallet}`,
          ];
          return differing.filter(Boolean).join('; ');
        };
        await expect.poll(mismatch, { timeout: 15_000 }).toBe('');

        const unpaid = page.getByRole('table', { name: 'Unpaid and partial invoices' });
        await unpaid.getByText(patientName, { exact: true }).waitFor();
        expect(await unpaid.locator('tr', { hasText: patientName }).textContent()).toContain(pesos(300000 - 150080));

        const lastAudit = await reception.service
          .from('audit_log')
          .select('id')
          .order('id', { ascending: false })
          .limit(1);
        if (lastAudit.error) throw lastAudit.error;
        const since = (lastAudit.data[0]?.id as number | undefined) ?? 0;
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Download CSV', exact: true }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(`day-sheet-${today}.csv`);
        const bytes = await downloadedBytes(download);
        expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const csv = bytes.toString('utf8');
        // Receipt number, invoice, patient, no reference, the cashier's name, the amount.
        expect(csv).toMatch(new RegExp(`,\\d+,${invoice.data.id},${patientName},,[^,]+,1500\\.50\\r\\n`));
        expect(csv).toContain(voidReason);
        // The download is in the audit trail, recorded by the database: who, the day, through the browser.
        const me = (await reception.api.auth.getUser()).data.user!.id;
        const recorded = await reception.service
          .from('audit_log')
          .select('actor_user_id, entity_label, source, after')
          .eq('entity', 'export')
          .eq('entity_label', 'day-sheet')
          .gt('id', since);
        if (recorded.error) throw recorded.error;
        expect(recorded.data.map((row) => [row.actor_user_id, row.entity_label, row.source])).toEqual([
          [me, 'day-sheet', 'browser'],
        ]);
        expect((recorded.data[0]!.after as { filters: unknown }).filters).toEqual({ from: today, to: today });

        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          await page.getByTestId('day-sheet-grand-total').waitFor();
          // A chart is drawn once it comes near the screen.
          await page.getByRole('img', { name: /^Rates by hour/ }).scrollIntoViewIfNeeded();
          await page.getByTestId('no-show-chart').locator('canvas').waitFor();
          await page.getByRole('table', { name: 'By dentist' }).waitFor();
          await expectNoSidewaysScroll(page);
        }

        // The flag in the booking form, at the tablet size.
        await openTab(page, 'Appointments');
        await page.getByRole('button', { name: 'Add Appointment', exact: true }).click();
        const form = page.getByRole('dialog', { name: 'Add Appointment' });
        const input = form.getByRole('combobox', { name: 'Patient' });
        await input.fill(patientName);
        await form.getByRole('option', { name: new RegExp(`^${patientName}`) }).click();
        await form.getByText('2 no-shows in 12 months', { exact: true }).waitFor();
      },
      DESKTOP,
    );
  });

  it('gives production by dentist, cashier totals, voids with who voided, the printed-by line, and is live', async () => {
    const reception = await ClinicFixtures.signInAs(ctx, DEMO.receptionist);
    const admin = await ClinicFixtures.signInAs(ctx, DEMO.admin);
    const today = clinicDateAt(new Date());
    const yesterday = addDays(today, -1);
    const dentistName = uniqueName('Dr. Production');
    const dentistId = await reception.dentist(dentistName);
    const patientName = uniqueName('Señora Range');
    const patientId = await reception.patient(patientName);
    const visitId = await reception.appointmentAsServiceRole({
      dentistId,
      patientId,
      // Seen two workdays ago, billed today: production counts the day the invoice was issued.
      time: clinicTime(clinicWorkday(-2), '15:20'),
      status: 'Completed',
    });
    // A cashier of her own, so her total is this test's alone.
    const cashierName = uniqueName('Cashier Dela Cruz');
    const cashierEmail = uniqueEmail('cashier');
    await createStaffAccount(reception.service, {
      email: cashierEmail,
      password: DEMO_PASSWORD,
      name: cashierName,
      clinicId: reception.clinicId,
      role: 'receptionist',
    });
    const adminName = (await reception.service.from('users').select('name').eq('email', DEMO.admin).single()).data!
      .name as string;
    const receptionName = (await reception.service.from('users').select('name').eq('email', DEMO.receptionist).single())
      .data!.name as string;

    const invoiceOf = async (total: string, appointmentId: number | null) => {
      const created = await reception.api
        .from('invoices')
        .insert({
          clinic_id: reception.clinicId,
          patient_id: patientId,
          total,
          appointment_id: appointmentId,
          idempotency_key: randomUUID(),
        })
        .select('id')
        .single();
      if (created.error) throw created.error;
      return created.data.id as number;
    };
    const billed = await invoiceOf('2500.75', visitId);
    const mistaken = await invoiceOf('999.99', null);
    const voidReason = `Wrong patient ${randomUUID().slice(0, 6)}`;
    const voided = await admin.api.rpc('void_invoice', { p_invoice_id: mistaken, p_reason: voidReason });
    if (voided.error) throw voided.error;

    const desk = await openPage(browser, ctx.baseUrl, DESKTOP);
    const otherDesk = await openPage(browser, ctx.baseUrl, DESKTOP);
    try {
      const page = desk.page;
      await signIn(page, DEMO.receptionist);
      // The tab's live connections (the dashboard's access watch, label=access-watch, is its own).
      const tabSockets: string[] = [];
      page.on('websocket', (socket) => {
        if (socket.url().includes('/socket.io/') && !socket.url().includes('label=access-watch'))
          tabSockets.push(socket.url());
      });
      await openReports(page);
      const panel = page.getByRole('region', { name: 'Day sheet' });
      // The sheet follows the clinic's billing changes once its connection is up.
      await page.locator('.reports-day-sheet[data-live="connected"]').waitFor();
      // So does the discounts report, over the same connection: one per clinic, not one per section.
      await page.locator('.reports-discounts[data-live="connected"]').waitFor();
      expect(tabSockets).toHaveLength(1);

      // A range: yesterday to today; reversed and too long are told at the field, nothing asked.
      const first = panel.getByLabel('First day', { exact: true });
      const last = panel.getByLabel('Last day', { exact: true });
      await first.fill(today);
      await last.fill(yesterday);
      await panel.getByRole('button', { name: 'Show day sheet', exact: true }).click();
      await panel.getByText('The first day must be on or before the last day.', { exact: true }).waitFor();
      await first.fill(addDays(today, -31));
      await last.fill(today);
      await panel.getByRole('button', { name: 'Show day sheet', exact: true }).click();
      await panel.getByText('The day sheet can cover at most 31 days.', { exact: true }).waitFor();
      await first.fill(yesterday);
      await panel.getByRole('button', { name: 'Show day sheet', exact: true }).click();
      await page
        .getByRole('heading', { name: new RegExp(`^Day sheet for \\w+, ${yesterday} to \\w+, ${today}$`) })
        .waitFor();

      // Production by dentist: this dentist's one invoice; the void one is not production but a void.
      const production = page.getByRole('table', { name: 'Production (invoices issued)' });
      const dentistRow = production.locator('tr', { hasText: dentistName });
      await dentistRow.waitFor();
      // Gross, VAT exemption, discount, net, HMO share, patient pays: a total-only invoice has nothing off.
      const charged = pesos(250075);
      const none = pesos(0);
      expect(await dentistRow.textContent()).toBe(`${dentistName}1${charged}${none}${none}${charged}${none}${charged}`);
      await production.getByText('No dentist (invoice not from an appointment)', { exact: true }).waitFor();
      const voidRow = page.getByRole('table', { name: 'Voids' }).locator('tr', { hasText: voidReason });
      expect(await voidRow.textContent()).toContain(`#${mistaken}${patientName}${pesos(99999)}`);
      expect(await voidRow.textContent()).toContain(adminName);

      // Printed on <clinic date and time> by the signed-in receptionist.
      expect(await page.getByTestId('day-sheet-printed-by').textContent()).toMatch(
        new RegExp(`^Printed on \\w{3} \\d{4}-\\d{2}-\\d{2}, \\d{1,2}:\\d{2} [AP]M by ${receptionName}$`),
      );
      // On paper too: the line stays, the tools go.
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByTestId('day-sheet-printed-by').isVisible()).toBe(true);
      expect(await panel.getByRole('button', { name: 'Refresh', exact: true }).isVisible()).toBe(false);
      await page.emulateMedia({ media: 'screen' });
      const cashiers = page.getByRole('table', { name: 'Collections by cashier' });
      expect(await page.getByText(cashierName).count()).toBe(0);

      // Another desk (a second browser context) takes a payment in Billing System.
      await signIn(otherDesk.page, cashierEmail);
      await openTab(otherDesk.page, 'Billing System');
      await otherDesk.page.getByRole('searchbox', { name: 'Search by patient' }).fill(patientName);
      await otherDesk.page
        .locator(`tr[data-invoice-id="${billed}"]`)
        .getByRole('button', { name: 'Add Payment' })
        .click();
      const modal = otherDesk.page.getByRole('dialog', { name: `Add Payment for Invoice #${billed}` });
      await modal.getByLabel('Amount').fill('1,000.25');
      await modal.getByRole('button', { name: 'Add Payment' }).click();
      await modal.waitFor({ state: 'detached' });

      // The first desk's sheet shows it within seconds, without a reload or Refresh.
      const cashierRow = cashiers.locator('tr', { hasText: cashierName });
      await cashierRow.waitFor({ timeout: 5_000 });
      expect(await cashierRow.textContent()).toBe(`${cashierName}1${pesos(100025)}`);
      const paymentRow = page
        .getByRole('table', { name: 'Payments by method' })
        .locator('tr', { hasText: patientName });
      expect(await paymentRow.textContent()).toContain(cashierName);

      // Refresh reads the sheet again on demand.
      const [reread] = await Promise.all([
        page.waitForResponse((response) => response.url().includes('/rpc/day_sheet')),
        panel.getByRole('button', { name: 'Refresh', exact: true }).click(),
      ]);
      expect(reread.status()).toBe(200);
      expect(desk.pageErrors).toEqual([]);
      expect(otherDesk.pageErrors).toEqual([]);
    } finally {
      await desk.context.close();
      await otherDesk.context.close();
    }
  });

  it('shows the monthly trend and the patients behind the no-show numbers at 1366×768, without sideways scroll', async () => {
    const reception = await ClinicFixtures.signInAs(ctx, DEMO.receptionist);
    const patientName = uniqueName('Ana Cruz');
    const patientId = await reception.patient(patientName);
    const dentistId = await reception.dentist(uniqueName('Dr. Trend'));
    const at = (workdaysAgo: number) => clinicTime(clinicWorkday(-workdaysAgo), '15:40');
    await reception.appointmentAsServiceRole({ dentistId, patientId, time: at(3), status: 'No Show' });
    await reception.appointmentAsServiceRole({ dentistId, patientId, time: at(4), status: 'Completed' });
    // Cancelled by the front desk now, after its time: a late cancellation, with the clinic's reason.
    const lateId = await reception.appointmentAsServiceRole({ dentistId, patientId, time: at(6), status: 'Scheduled' });
    const reason = `Stuck in traffic ${randomUUID().slice(0, 6)}`;
    const cancelled = await reception.api
      .from('appointments')
      .update({ status: 'Cancelled', cancel_reason: reason })
      .eq('id', lateId);
    if (cancelled.error) throw cancelled.error;
    // Cancelled three days ahead: early, not behind either number.
    const earlyId = await reception.appointmentAsServiceRole({
      dentistId,
      patientId,
      time: at(7),
      status: 'Cancelled',
    });
    const early = await reception.service
      .from('appointments')
      .update({ cancelled_at: new Date(Date.parse(at(7)) - 3 * 86_400_000).toISOString() })
      .eq('id', earlyId);
    if (early.error) throw early.error;

    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        await signIn(page, DEMO.receptionist);
        await openReports(page);
        const insight = page.getByTestId('no-show-insight');
        await insight.waitFor();
        await page.getByRole('img', { name: /^Rates by month/ }).scrollIntoViewIfNeeded();
        await page.getByTestId('no-show-trend-chart').locator('canvas').waitFor();
        await page.getByRole('table', { name: 'By month' }).waitFor();
        // The legend names the series; no dash for a value nobody pointed at.
        expect(await page.getByTestId('no-show-trend-chart').locator('.u-legend').textContent()).not.toContain('—');

        /** The page and the scrolling parts of the insight that reach past their width, by name. */
        const sidewaysOverflow = () =>
          page.evaluate(() => {
            const panel = document.querySelector('[data-testid="no-show-insight"]')!;
            const parts = [...panel.querySelectorAll<HTMLElement>('[role="region"]')].map((part) => ({
              name: part.getAttribute('aria-label') ?? '',
              overflow: part.scrollWidth - part.clientWidth,
            }));
            return [{ name: 'page', overflow: document.documentElement.scrollWidth - window.innerWidth }, ...parts]
              .filter((part) => part.overflow > 0)
              .map((part) => `${part.name}: ${part.overflow}px`);
          });
        expect(await sidewaysOverflow()).toEqual([]);

        await insight.getByRole('button', { name: /^Show the patients \(\d+\)$/ }).click();
        const list = page.getByRole('table', { name: 'No-shows and late cancellations' });
        const lateRow = list.locator('tr', { hasText: reason });
        await lateRow.waitFor();
        expect(await lateRow.textContent()).toContain(patientName);
        expect(await lateRow.textContent()).toContain('Late cancel');
        expect(await list.locator('tr', { hasText: patientName }).count()).toBe(2);
        expect(await list.locator('tr', { hasText: patientName }).first().textContent()).toContain('No-show');
        expect(await sidewaysOverflow()).toEqual([]);
      },
      DESKTOP,
    );
  });
});
