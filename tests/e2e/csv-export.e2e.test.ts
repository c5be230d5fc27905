/**
 * CSV export, in Chromium at 1366×768 and 820×1180: a receptionist clicks 'Export CSV' on the
 * Patients tab, the Appointments list and both Billing tables with filters set; each download is
 * UTF-8 with a byte-order mark, keeps ñ, has the visible column headers (then ids), and holds
 * exactly the rows the filters show, each date and time as sortable cells of the clinic's clock
 * (YYYY-MM-DD, 24-hour HH:MM).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clinicWallClock } from '@common/clinic-calendar';
import { CLINIC_TIME_ZONE, clinicTime, clinicWorkday } from '../support/clinic-time.ts';
import { DEMO, openTab, signIn, showDentistMonth } from './support/app.ts';
import { connectChromium, DESKTOP, downloadedBytes, TABLET_PORTRAIT, withPage } from './support/chromium.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';

const ctx = inject('e2e');
const VIEWPORTS = [DESKTOP, TABLET_PORTRAIT] as const;

/** Clicks an 'Export CSV' button and reads the file it saves: the bytes, the text after the BOM, its rows. */
async function download(page: Page, name: string) {
  // The toast of this list's last export (at the other window size) must be gone, or two would match.
  await page.getByText(new RegExp(`^Exported ${name}-`)).waitFor({ state: 'detached' });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Export CSV: ${name}`, exact: true }).click(),
  ]);
  const bytes = await downloadedBytes(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  expect(text.endsWith('\r\n')).toBe(true);
  await page.getByText(`Exported ${file.suggestedFilename()}.`, { exact: true }).waitFor();
  return { fileName: file.suggestedFilename(), lines: text.slice(0, -2).split('\r\n') };
}

const headersOf = async (table: Locator) =>
  (await table.first().getByRole('columnheader').allTextContents()).filter((header) => header !== 'Actions');

/** Every visible header's words ('Patient / Date & Time' is three columns) come in the file, in order. */
function expectVisibleHeaders(fileHeaders: string[], visible: string[]) {
  const parts = visible.flatMap((header) => header.split(/ \/ | & /));
  const positions = parts.map((part) => fileHeaders.indexOf(part));
  expect(positions.every((position) => position >= 0)).toBe(true);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
}

describe.skipIf(!ctx.chromium)('CSV export', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectChromium(ctx);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('downloads the Patients, Appointments, Invoices and Payments lists as they are filtered, ñ intact', async () => {
    const fixtures = await ClinicFixtures.signInAs(ctx, DEMO.receptionist);
    const tag = uniqueName('Ñ').split(' ')[1]!;
    const patientName = `Señora Peña ${tag}`;
    const otherName = `Niño Cruz ${tag}`;
    const patientId = await fixtures.patient(patientName, { messenger_id: null });
    const otherId = await fixtures.patient(otherName);
    const dentistName = `Dr. Export ${tag}`;
    const dentistId = await fixtures.dentist(dentistName);
    const date = clinicWorkday(2);
    const appointmentId = await fixtures.appointment({
      dentistId,
      patientId,
      time: clinicTime(date, '14:20'),
      reason: 'Dental Consultation',
    });
    const invoice = async (patient: number, total: string) => {
      const { data, error } = await fixtures.api
        .from('invoices')
        .insert({ clinic_id: fixtures.clinicId, patient_id: patient, total })
        .select('id')
        .single();
      if (error) throw error;
      return data.id as number;
    };
    const paidInvoice = await invoice(patientId, '1500.50');
    const unpaidInvoice = await invoice(otherId, '800.00');
    const payment = await fixtures.api
      .from('payments')
      .insert({
        clinic_id: fixtures.clinicId,
        invoice_id: paidInvoice,
        patient_id: patientId,
        amount: '1500.50',
        method: 'e-wallet',
        reference_number: `GC-${tag}`,
      })
      .select('id, payment_date')
      .single();
    if (payment.error) throw payment.error;
    const paid = clinicWallClock(payment.data.payment_date as string, CLINIC_TIME_ZONE);

    await withPage(browser, ctx.baseUrl, async (page) => {
      await signIn(page, DEMO.receptionist);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);

        await openTab(page, 'Patients');
        await page.getByRole('searchbox', { name: 'Search patients' }).fill(`peña ${tag}`);
        await page.getByText('1 patient matches', { exact: true }).waitFor();
        const patients = await download(page, 'patients');
        expect(patients.fileName).toMatch(/^patients-smile-dental-\d{4}-\d{2}-\d{2}\.csv$/);
        expect(patients.lines[0]!.split(',').slice(0, 3)).toEqual(
          await headersOf(page.getByRole('table', { name: 'Patients' })),
        );
        expect(patients.lines.slice(1)).toEqual([`${patientName},'+63 918 555 0000,,,${patientId}`]);

        await openTab(page, 'Appointments');
        await showDentistMonth(page, dentistName, date);
        await page.getByText(patientName, { exact: true }).waitFor();
        const appointments = await download(page, 'appointments');
        expectVisibleHeaders(
          appointments.lines[0]!.split(','),
          await headersOf(page.getByRole('table', { name: new RegExp(`^${dentistName}`) })),
        );
        expect(appointments.lines).toEqual([
          'Patient,Date,Time,Appointment ID,Messenger,Guardian,Dentist,Procedure,Notes,Origin,Status',
          `${patientName},${date},14:20,${appointmentId},N/A,N/A,${dentistName},Dental Consultation,,System,Scheduled`,
        ]);

        await openTab(page, 'Billing System');
        await page.getByRole('searchbox', { name: 'Search by patient' }).fill(tag);
        await page.getByRole('combobox', { name: 'Status' }).selectOption('Unpaid');
        await page
          .getByRole('table', { name: 'Invoices', exact: true })
          .locator(`tr[data-invoice-id="${unpaidInvoice}"]`)
          .waitFor();
        const invoices = await download(page, 'invoices');
        expect(invoices.lines[0]!.split(',').slice(0, 4)).toEqual(
          await headersOf(page.getByRole('table', { name: 'Invoices', exact: true })),
        );
        expect(invoices.lines.slice(1)).toEqual([`${unpaidInvoice},${otherName},800.00,Unpaid,800.00,${otherId},`]);
        const payments = await download(page, 'payments');
        expect(payments.lines[0]!.split(',').slice(0, 6)).toEqual(
          await headersOf(page.getByRole('table', { name: 'Payments', exact: true })),
        );
        expect(payments.lines).toEqual([
          'IID,Patient,Amount,Method,Ref #,Date,Time,Payment ID,Void,Void reason',
          `${paidInvoice},${patientName},1500.50,E-Wallet,GC-${tag},${paid.date},${paid.time},${payment.data.id},,`,
        ]);
        await page.getByRole('searchbox', { name: 'Search by patient' }).fill('');
        await page.getByRole('combobox', { name: 'Status' }).selectOption('All');
      }
    });
  });
});
