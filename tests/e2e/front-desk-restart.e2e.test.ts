/**
 * The front desk through a restart of the server, on a stack of its own (`npm start`'s command),
 * in Chromium at 1366×768: stopped as a deploy stops it (SIGTERM) and as a crash does (SIGKILL),
 * then started again on the same port and data. While it is away, a status change says
 * 'Failed to update status!' within 5 s and the row keeps its saved status; once it serves again,
 * the open Appointments page reconnects by itself, says so, and shows a change made elsewhere
 * without a reload.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clinicWorkday } from '../support/clinic-time.ts';
import { startShippedStack, type ShippedStack } from '../support/shipped-stack.ts';
import { DEMO, showDentistMonth } from './support/app.ts';
import { connectChromium, withPage } from './support/chromium.ts';
import type { E2eContext } from './support/context.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';
import { appointmentsLive, openLiveAppointments } from './support/live.ts';

const ctx = inject('e2e');

/** socket.io retries after 1 s, backing off to 5 s; the rest is room for a busy machine. */
const RECONNECT_WAIT_MS = 15_000;
/** A write that fails for want of a server says so within this long. */
const FAILURE_NOTICE_MS = 5_000;

const statusSelect = (page: Page, patient: string) =>
  page.getByRole('combobox', { name: new RegExp(`^Status of ${patient}`) });

describe.skipIf(!ctx.chromium)('the front desk through a server restart', () => {
  let stack: ShippedStack;
  let browser: Browser;
  let fixtures: ClinicFixtures;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startShippedStack({ logLabel: 'front-desk-restart' }), connectChromium(ctx)]);
    const own: E2eContext = {
      ...ctx,
      baseUrl: stack.url,
      anonKey: stack.anonKey,
      serviceRoleKey: stack.serviceRoleKey,
    };
    fixtures = await ClinicFixtures.signInAs(own, DEMO.receptionist);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it.each([
    ['stopped as a deploy stops it', 'SIGTERM'],
    ['killed', 'SIGKILL'],
  ] as const)('when the server is %s and started again, the desk says so and catches up', async (_, signal) => {
    const dentistName = uniqueName('Dr. Restart');
    const patientName = uniqueName('Patient Restart');
    const dentistId = await fixtures.dentist(dentistName);
    const patientId = await fixtures.patient(patientName);
    const date = clinicWorkday(signal === 'SIGTERM' ? 2 : 3);
    const id = await fixtures.appointment({ dentistId, patientId, time: `${date}T10:00:00+08:00` });

    await withPage(browser, stack.url, async (page) => {
      await openLiveAppointments(page, DEMO.receptionist);
      await showDentistMonth(page, dentistName, date);
      await expect.poll(() => statusSelect(page, patientName).inputValue()).toBe('Scheduled');

      await stack.restart(signal, async () => {
        await page.getByText('Live updates paused — reconnecting…', { exact: true }).waitFor();
        await statusSelect(page, patientName).selectOption('Confirmed');
        const failure = page.getByRole('dialog').getByText('Failed to update status!', { exact: true });
        await failure.waitFor({ timeout: FAILURE_NOTICE_MS });
        await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
        await failure.waitFor({ state: 'detached' });
        expect(await statusSelect(page, patientName).inputValue()).toBe('Scheduled');
      });

      await appointmentsLive(page, 'connected').waitFor({ timeout: RECONNECT_WAIT_MS });
      await page.getByText('Live updates are back on.', { exact: true }).waitFor();

      // Changed at another desk after the restart: the event reaches this one without a reload.
      const { error } = await fixtures.api.from('appointments').update({ status: 'Confirmed' }).eq('id', id);
      expect(error).toBeNull();
      await expect.poll(() => statusSelect(page, patientName).inputValue()).toBe('Confirmed');
    });
  });
});
