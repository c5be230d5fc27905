/**
 * A treatment plan in Chromium, as the demo dentist on a new patient: chart caries
 * on 36 MO, plan a filling for it from that finding, accept it, Book from the plan (the booking form
 * opens with the patient, the procedure as the reason and the dentist; the first free slot the form
 * offers is booked), set the appointment Completed ticking the item, and the chart then shows 36
 * with a completed filling on M and O. Then the whole journey from an examination yesterday: the
 * chart shows 36 filled as of today and carious as of yesterday, and the receptionist's Bill opens
 * itemised with the filling, whose receipt lists "36 MO Composite Filling". The dates come from the
 * app (the form's first bookable day) and from clinic time, never from a fixed calendar day.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { addDays, type IsoDate } from '@common/clinic-calendar';
import { clinicDateAt, clinicTime } from '../support/clinic-time.ts';
import { appointmentRow, DEMO, openTab, signIn, paidReceiptItemRows, showDentistMonth } from './support/app.ts';
import { chartFinding, onChart, openChart, toothButton } from './support/chart.ts';
import { DESKTOP, saveScreenshot, TABLET_PORTRAIT, withPage } from './support/chromium.ts';
import { enterRightAfterOpening } from './support/confirm.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';
import { expectNoSidewaysScroll } from './support/layout.ts';
import { setUpBrowserAndFixtures } from './support/suite.ts';

const ctx = inject('e2e');
const DENTIST = 'Dr. Andrea Villanueva';

/** Books the first available slot the form offers, from its first bookable day on. */
async function bookFirstFreeSlot(form: Locator) {
  const free = form.locator('[data-time][data-state="available"]');
  // The grid appears once the chosen day is read ("Loading times…" until then), so a count of its
  // free times is that day's, however long the read took.
  const dayShown = form.locator('[data-time]').first();
  for (let tries = 0; tries < 14; tries++) {
    await dayShown.waitFor();
    if ((await free.count()) > 0) break;
    const current = (await form.locator('.booking-day[aria-pressed="true"]').getAttribute('data-date'))!;
    const enabled = () =>
      form
        .locator('.booking-day:not([disabled])')
        .evaluateAll((days) => days.map((day) => day.getAttribute('data-date')!));
    let next = (await enabled()).find((date) => date > current);
    if (!next) {
      await form.getByRole('button', { name: 'Next month' }).click();
      next = (await enabled()).find((date) => date > current);
    }
    await form.locator(`.booking-day[data-date="${next}"]`).click();
  }
  await free.first().click();
  await expect.poll(() => form.locator('[data-time][aria-pressed="true"]').count()).toBe(1);
  await form.getByRole('button', { name: 'Book', exact: true }).click();
}

/**
 * A 20-minute morning slot of an earlier clinic workday when the dentist has nothing booked: the
 * booked appointment moves there (as the service role: browsers never book into the past) so it can
 * be set Completed now, as it would be once its hour has come.
 */
async function freePastSlot(fixtures: ClinicFixtures, dentistId: number): Promise<string> {
  const today = clinicDateAt(new Date()) as IsoDate;
  const { data, error } = await fixtures.service
    .from('appointments')
    .select('appointment_time, status, deleted')
    .eq('dentist_id', dentistId)
    .gte('appointment_time', clinicTime(addDays(today, -20), '00:00'))
    .lt('appointment_time', clinicTime(today, '00:00'));
  if (error) throw error;
  const taken = new Set(
    data
      .filter((row) => !row.deleted && row.status !== 'Cancelled')
      .map((row) => new Date(row.appointment_time).getTime()),
  );
  for (let back = 1; back <= 20; back++) {
    const date = addDays(today, -back);
    if (new Date(`${date}T12:00:00+08:00`).getUTCDay() === 0) continue;
    for (const time of ['09:00', '09:20', '09:40', '10:00', '10:20', '10:40', '11:00', '11:20']) {
      const at = clinicTime(date, time);
      if (!taken.has(new Date(at).getTime())) return at;
    }
  }
  throw new Error('no free morning slot of the dentist in the last 20 days');
}

/**
 * One day of the demo dentist in the Appointments list (a busy month's card shows only the rows
 * on screen), and the appointment's row on it.
 */
async function showDentistDay(page: Page, day: string, appointmentId: number): Promise<Locator> {
  await showDentistMonth(page, DENTIST, day);
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByLabel('View', { exact: true }).selectOption('daily');
  await filters.getByLabel('Day', { exact: true }).selectOption(String(Number(day.slice(8, 10))));
  return appointmentRow(page, appointmentId);
}

describe.skipIf(!ctx.chromium)('a treatment plan in the browser', () => {
  const suite = setUpBrowserAndFixtures(ctx, () => ClinicFixtures.signInAs(ctx, DEMO.dentist));

  /** From the caries on 36 MO: plan a filling (tooth and surfaces come with it), accept it, Book it. */
  async function planAcceptAndBook(page: Page, patientName: string) {
    await page.getByRole('button', { name: 'Plan treatment for Tooth 36 Caries MO, existing' }).click();
    const planForm = page.getByRole('dialog', { name: 'Plan treatment: tooth 36' });
    expect(await planForm.getByLabel('M (mesial)').isChecked()).toBe(true);
    expect(await planForm.getByLabel('O (occlusal)').isChecked()).toBe(true);
    await planForm.getByLabel('Procedure').selectOption({ label: 'Restorative: Composite Filling — ₱1,500.00' });
    expect(await planForm.getByLabel('Condition').inputValue()).toBe('filling');
    await planForm.getByRole('button', { name: 'Add to plan' }).click();
    await planForm.waitFor({ state: 'detached' });
    const plan = page.getByRole('region', { name: 'Treatment plan' });
    await expect.poll(() => plan.getByTestId('plan-overall-total').textContent()).toContain('₱1,500.00');
    await expect
      .poll(() => toothButton(page, 36).getAttribute('aria-label'))
      .toBe('Tooth 36: Caries MO, existing; Filling MO, planned');

    await plan.getByRole('button', { name: 'Accept Composite Filling on tooth 36 MO' }).click();
    await plan.getByText(/^Accepted: Dr\. Andrea Villanueva/).waitFor();
    await saveScreenshot(page, 'treatment-plan-accepted');

    // Book from the plan: the Appointments tab's form opens with patient, dentist and reason.
    await plan.getByRole('button', { name: 'Book Composite Filling on tooth 36 MO' }).click();
    const form = page.getByRole('dialog', { name: 'Add Appointment' });
    await form.getByLabel('Dentist').waitFor();
    expect(await form.getByRole('combobox', { name: 'Patient' }).inputValue()).toBe(patientName);
    expect(await form.getByLabel('Dentist').locator('option:checked').textContent()).toBe(DENTIST);
    expect(await form.getByLabel('Procedure', { exact: true }).locator('option:checked').textContent()).toContain(
      'Composite Filling',
    );
    await bookFirstFreeSlot(form);
    await page.locator('.toast-region').getByText('Appointment booked!', { exact: true }).waitFor();
  }

  /** The seeded plan in progress (Juan Castro's), on the tablet, signed in as `email`. */
  const onJuanCastrosChart = (email: string, use: (page: Page) => Promise<void>) =>
    onChart(suite.browser, ctx.baseUrl, { email, patientName: 'Juan Castro' }, use, TABLET_PORTRAIT);

  /** The patient's one plan item, as the database has it. */
  const planItem = async (patientId: number) =>
    (
      await suite.fixtures.service
        .from('treatment_plan_items')
        .select('status, appointment_id')
        .eq('patient_id', patientId)
        .single()
    ).data as { status: string; appointment_id: number | null };

  /**
   * The appointment booked for the item, moved to a free past slot (its hour has come), then set
   * Completed with the planned filling ticked. Answers the appointment, its dentist and clinic day.
   */
  async function completeBookedVisit(page: Page, patientId: number) {
    await expect.poll(async () => (await planItem(patientId)).appointment_id).not.toBeNull();
    const appointmentId = (await planItem(patientId)).appointment_id!;
    const [booked] = await suite.fixtures.appointmentsOf(patientId);
    expect(booked).toMatchObject({ id: appointmentId, reason: 'Composite Filling' });

    const at = await freePastSlot(suite.fixtures, booked!.dentist_id);
    const moved = await suite.fixtures.service
      .from('appointments')
      .update({ appointment_time: at })
      .eq('id', appointmentId);
    expect(moved.error).toBeNull();
    await page.reload();
    const day = clinicDateAt(new Date(at));
    const row = await showDentistDay(page, day, appointmentId);
    await row.getByRole('combobox').selectOption('Completed');
    const popup = page.locator('.swal2-popup');
    expect(await popup.getByLabel('Composite Filling, tooth 36 MO').isChecked()).toBe(true);
    await popup.getByRole('button', { name: 'Yes, update & notify' }).click();
    await expect.poll(async () => (await planItem(patientId)).status).toBe('done');
    // The patient has no Messenger ID: the notice fails after the visit was recorded.
    const failed = popup.getByRole('button', { name: 'OK' });
    await failed.waitFor();
    await failed.click();
    return { appointmentId, dentistId: booked!.dentist_id, day };
  }

  it('charts caries on 36 MO, plans and accepts a filling, books it, completes it: 36 is filled on M and O', async () => {
    const patientName = uniqueName('Plan Patient');
    const patientId = await suite.fixtures.patient(patientName);

    await onChart(
      suite.browser,
      ctx.baseUrl,
      { email: DEMO.dentist, patientName },
      async (page) => {
        await chartFinding(page, 36, ['M (mesial)', 'O (occlusal)'], 'Caries');
        await planAcceptAndBook(page, patientName);
        await completeBookedVisit(page, patientId);

        await openChart(page, patientName);
        await expect
          .poll(() => toothButton(page, 36).getAttribute('aria-label'))
          .toBe('Tooth 36: Filling MO, completed');
        await page
          .getByRole('region', { name: 'Treatment plan' })
          .getByText(/^Done, /)
          .waitFor();
        await saveScreenshot(page, 'treatment-plan-done');
      },
      DESKTOP,
    );
  });

  it('from yesterday’s caries on 36 MO to today’s filling, billed and on the receipt as "36 MO Composite Filling"', async () => {
    const patientName = uniqueName('Plan Patient');
    const patientId = await suite.fixtures.patient(patientName);
    // The examination was yesterday. Browsers chart only as of now, so that visit's finding is
    // written as history, the way the demo data is.
    const today = clinicDateAt(new Date()) as IsoDate;
    const yesterday = addDays(today, -1);
    const examined = await suite.fixtures.service.from('chart_entries').insert({
      clinic_id: suite.fixtures.clinicId,
      patient_id: patientId,
      tooth: 36,
      surfaces: ['M', 'O'],
      condition: 'caries',
      state: 'existing',
      recorded_at: clinicTime(yesterday, '10:00'),
      recorded_by_name: DENTIST,
    });
    expect(examined.error).toBeNull();

    let visit: { appointmentId: number; dentistId: number; day: string };
    await onChart(
      suite.browser,
      ctx.baseUrl,
      { email: DEMO.dentist, patientName },
      async (page) => {
        await expect.poll(() => toothButton(page, 36).getAttribute('aria-label')).toBe('Tooth 36: Caries MO, existing');
        await toothButton(page, 36).click();
        await planAcceptAndBook(page, patientName);
        visit = await completeBookedVisit(page, patientId);

        await openChart(page, patientName);
        await expect
          .poll(() => toothButton(page, 36).getAttribute('aria-label'))
          .toBe('Tooth 36: Filling MO, completed');
        await page.getByLabel('As of').fill(yesterday);
        await expect.poll(() => toothButton(page, 36).getAttribute('aria-label')).toBe('Tooth 36: Caries MO, existing');
      },
      DESKTOP,
    );

    const desk = await ClinicFixtures.signInAs(ctx, DEMO.receptionist);
    await withPage(
      suite.browser,
      ctx.baseUrl,
      async (page) => {
        await signIn(page, DEMO.receptionist);
        await openTab(page, 'Appointments');
        const row = await showDentistDay(page, visit.day, visit.appointmentId);
        await row.getByRole('button', { name: /^Bill appointment of/ }).click();

        // Add Invoice opens itemised with the filling done at the visit, at its planned price.
        const modal = page.getByRole('dialog', { name: 'Add Invoice' });
        const line = modal.getByRole('group', { name: 'Item 1' });
        await line.waitFor();
        // The price list arrives after the form opens; the line keeps its procedure meanwhile.
        await expect
          .poll(() => line.getByRole('combobox', { name: 'Procedure' }).locator('option:checked').textContent())
          .toContain('Composite Filling');
        expect(await line.getByLabel('Tooth').inputValue()).toBe('36');
        expect(await line.getByRole('checkbox', { name: 'M', exact: true }).isChecked()).toBe(true);
        expect(await line.getByRole('checkbox', { name: 'O', exact: true }).isChecked()).toBe(true);
        expect(await modal.getByRole('group', { name: 'Item 2' }).count()).toBe(0);
        await expect.poll(() => modal.getByTestId('invoice-items-total').textContent()).toBe('₱1,500.00');
        await modal.getByRole('button', { name: 'Add Invoice' }).click();
        await modal.waitFor({ state: 'detached' });

        const { data: invoices, error } = await desk.api
          .from('invoice_summaries')
          .select('id, total_centavos')
          .eq('appointment_id', visit.appointmentId);
        if (error) throw error;
        expect(invoices).toEqual([{ id: expect.any(Number), total_centavos: 150_000 }]);
        const invoiceId = invoices[0]!.id as number;
        await row.getByText(`Billed #${invoiceId}`, { exact: true }).waitFor();

        expect(
          await paidReceiptItemRows(page, {
            api: desk.api,
            clinicId: desk.clinicId,
            invoiceId,
            patientId,
            amount: '1500',
          }),
        ).toEqual([['36 MO Composite Filling', '1', '₱1,500.00', '—', '₱1,500.00']]);
        await saveScreenshot(page, 'treatment-plan-receipt');
      },
      DESKTOP,
    );
  });

  it('withdraws an item planned in error: the dialog opens on Cancel, then Withdraw takes it off the plan and the chart', async () => {
    const patientName = uniqueName('Withdraw Patient');
    const patientId = await suite.fixtures.patient(patientName);
    const { data: procedure, error } = await suite.fixtures.api
      .from('procedures')
      .select('id')
      .eq('name', 'Composite Filling')
      .single();
    if (error) throw error;
    const planned = await suite.fixtures.api.rpc('plan_treatment', {
      p_patient_id: patientId,
      p_procedure_id: procedure.id,
      p_tooth: 26,
      p_surfaces: ['O'],
    });
    if (planned.error) throw planned.error;

    await onChart(
      suite.browser,
      ctx.baseUrl,
      { email: DEMO.dentist, patientName },
      async (page) => {
        const plan = page.getByRole('region', { name: 'Treatment plan' });
        const withdraw = plan.getByRole('button', { name: 'Withdraw Composite Filling on tooth 26 O' });
        await withdraw.click();
        const dialog = page.getByRole('dialog', { name: 'Withdraw Composite Filling on tooth 26 O from the plan?' });
        await enterRightAfterOpening(page, dialog);
        expect(
          (await suite.fixtures.api.from('treatment_plan_items').select('id').eq('patient_id', patientId)).data,
        ).toHaveLength(1);

        await withdraw.click();
        await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
        await page.getByText('Withdrawn from the plan.', { exact: true }).waitFor();
        await plan.getByText('Nothing planned yet.', { exact: true }).waitFor();
        await expect.poll(() => toothButton(page, 26).getAttribute('aria-label')).toBe('Tooth 26: no findings');
      },
      DESKTOP,
    );
    const left = await suite.fixtures.api.from('treatment_plan_items').select('id').eq('patient_id', patientId);
    expect(left.data).toEqual([]);
  });

  it('at 820×1180 the dentist has Accept, Decline, Book and Withdraw on an open item, without sideways scrolling', async () => {
    await onJuanCastrosChart(DEMO.dentist, async (page) => {
      const row = page.getByRole('region', { name: 'Treatment plan' }).locator('tr[data-status="proposed"]');
      for (const action of ['Accept', 'Decline', 'Withdraw'])
        await row.getByRole('button', { name: `${action} Composite Filling on tooth 24 MOD` }).waitFor();
      await expectNoSidewaysScroll(page);
      await row.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'treatment-plan-dentist-tablet');
    });
  });

  it('at 820×1180 the front desk reads the seeded plan in progress by phase, with its totals, without sideways scrolling', async () => {
    await onJuanCastrosChart(DEMO.receptionist, async (page) => {
      const plan = page.getByRole('region', { name: 'Treatment plan' });
      await plan.getByRole('table', { name: 'Phase 1' }).waitFor();
      expect(
        await plan.locator('tr[data-status]').evaluateAll((rows) => rows.map((row) => row.dataset.status)),
      ).toEqual(['accepted', 'done', 'proposed']);
      expect(await plan.getByTestId('plan-overall-total').textContent()).toBe(
        'Plan total: ₱14,400.00 (₱900.00 done, ₱13,500.00 to do)',
      );
      await plan.getByRole('button', { name: 'Accept Composite Filling on tooth 24 MOD' }).waitFor();
      await expectNoSidewaysScroll(page);
      await plan.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'treatment-plan-tablet');
    });
  });
});
