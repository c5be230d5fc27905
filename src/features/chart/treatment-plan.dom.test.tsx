// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { takeBookingIntent } from '@/entities/appointment';
import { DashboardContext } from '@/lib/dashboard';
import { realStack, renderSignedIn, rows, seed, setupComponentTests } from '@/testing/real-db';
import { PatientChart } from './patient-chart';
import { now, patient, seedChartClinic } from './testing/chart-clinic';

vi.mock('@/lib/realtime-client', async (actual) => ({
  ...(await actual<object>()),
  subscribeToServiceEvents: async () => ({ close: () => undefined }),
}));

setupComponentTests();

beforeEach(async () => {
  await seedChartClinic();
  await seed.procedure_categories([{ id: 1, name: 'Restorative' }]);
  await seed.procedures([
    { id: 1, name: 'Composite Filling', price: 1500.1, chart_condition: 'filling' },
    { id: 2, name: 'Porcelain Crown', price: 800.05, chart_condition: 'crown' },
  ]);
  await seed.chart_entries([{ tooth: 36, surfaces: ['M', 'O'], recorded_at: '2030-01-08T01:00:00Z' }]);
});

/** Two proposed items as a dentist planned them: a filling on 36 MO (phase 1) and a crown on 11 (phase 2). */
async function seedPlan() {
  const [filling, crown] = await seed.chart_entries([
    { tooth: 36, surfaces: ['M', 'O'], condition: 'filling', state: 'planned' },
    { tooth: 11, surfaces: [], condition: 'crown', state: 'planned' },
  ]);
  const item = { clinic_id: 1, patient_id: 1, planned_by_name: 'Dr. Reyes' };
  await realStack().query(
    `insert into public.treatment_plan_items
       (clinic_id, patient_id, procedure_id, procedure_name, price, tooth, surfaces, condition, phase,
        planned_entry_id, planned_by_name)
     values ($1, $2, 1, 'Composite Filling', 1500.10, 36, '{M,O}', 'filling', 1, $3, $5),
            ($1, $2, 2, 'Porcelain Crown', 800.05, 11, '{}', 'crown', 2, $4, $5)`,
    [item.clinic_id, item.patient_id, filling!.id, crown!.id, item.planned_by_name],
  );
}

async function renderChart(role: 'dentist' | 'receptionist', selectTab?: () => void) {
  const chart = <PatientChart clinicId={1} patient={patient} onClose={() => undefined} now={now} />;
  await renderSignedIn(
    selectTab ? (
      <DashboardContext.Provider value={{ activeTab: 'patients', selectTab }}>{chart}</DashboardContext.Provider>
    ) : (
      chart
    ),
    { role },
  );
  await screen.findByRole('group', { name: 'Odontogram' });
  return screen.getByRole('region', { name: 'Treatment plan' });
}

describe('treatment plans on the chart', () => {
  it('plans a filling from a caries entry, surfaces prefilled, at the price list’s price', async () => {
    const plan = await renderChart('dentist');
    expect(await within(plan).findByText('Nothing planned yet.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: (name) => name.startsWith('Tooth 36:') }));
    await user.click(screen.getByRole('button', { name: 'Plan treatment for Tooth 36 Caries MO, existing' }));

    const dialog = await screen.findByRole('dialog', { name: 'Plan treatment: tooth 36' });
    expect((within(dialog).getByRole('checkbox', { name: 'M (mesial)' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'O (occlusal)' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'D (distal)' }) as HTMLInputElement).checked).toBe(false);
    await waitFor(() =>
      expect(within(dialog).getByRole('option', { name: 'Restorative: Composite Filling — ₱1,500.10' })).toBeTruthy(),
    );
    await user.selectOptions(within(dialog).getByLabelText('Procedure'), 'Restorative: Composite Filling — ₱1,500.10');
    expect((within(dialog).getByLabelText('Condition') as HTMLSelectElement).value).toBe('filling');
    await user.click(within(dialog).getByRole('button', { name: 'Add to plan' }));

    expect(await screen.findByText('Planned treatment on tooth 36.')).toBeTruthy();
    const phase = await within(plan).findByRole('table', { name: 'Phase 1' });
    expect(within(phase).getByRole('cell', { name: '36 MO' })).toBeTruthy();
    expect(within(phase).getByRole('cell', { name: 'Composite Filling' })).toBeTruthy();
    expect(within(phase).getAllByText('₱1,500.10').length).toBeGreaterThan(0);
    expect(await rows('treatment_plan_items')).toMatchObject([
      { tooth: 36, surfaces: ['M', 'O'], condition: 'filling', status: 'proposed', price: 1500.1, phase: 1 },
    ]);
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: (name) => name.startsWith('Tooth 36:') }).getAttribute('aria-label'),
      ).toContain('Filling MO, planned'),
    );
  });

  it('asks what a procedure without a chart condition puts on the chart, never charting a default', async () => {
    await seed.procedures([{ id: 3, category_id: 1, name: 'Veneer (per tooth)', price: 9000, chart_condition: null }]);
    await renderChart('dentist');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: (name) => name.startsWith('Tooth 11:') }));
    await user.click(await screen.findByRole('button', { name: 'Plan treatment on tooth 11' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plan treatment: tooth 11' });
    const condition = within(dialog).getByLabelText('Condition') as HTMLSelectElement;
    expect(condition.value).toBe('');
    await waitFor(() =>
      expect(within(dialog).getByRole('option', { name: 'Restorative: Porcelain Crown — ₱800.05' })).toBeTruthy(),
    );
    const procedure = within(dialog).getByLabelText('Procedure');
    // A crown's condition comes with it, and goes when the veneer (which names none) replaces it.
    await user.selectOptions(procedure, 'Restorative: Porcelain Crown — ₱800.05');
    expect(condition.value).toBe('crown');
    await user.selectOptions(procedure, 'Restorative: Veneer (per tooth) — ₱9,000.00');
    expect(condition.value).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Add to plan' }));
    await waitFor(() => expect(condition.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getAllByText('Choose what the procedure puts on the chart.').length).toBeGreaterThan(0);
    expect(await rows('treatment_plan_items')).toEqual([]);

    await user.selectOptions(condition, 'Fracture');
    await user.click(within(dialog).getByRole('button', { name: 'Add to plan' }));
    expect(await screen.findByText('Planned treatment on tooth 11.')).toBeTruthy();
    expect(await rows('treatment_plan_items')).toMatchObject([
      { tooth: 11, procedure_name: 'Veneer (per tooth)', condition: 'fracture', status: 'proposed' },
    ]);
  });

  it('says Booked only while the visit booked for an item is still to come', async () => {
    await seedPlan();
    const [upcoming, cancelled] = await seed.appointments([
      { patient_id: 1, dentist_id: 1, appointment_time: '2030-01-14T02:00:00Z', status: 'Scheduled' },
      { patient_id: 1, dentist_id: 1, appointment_time: '2030-01-15T02:00:00Z', status: 'Cancelled' },
    ]);
    await realStack().query(
      `update public.treatment_plan_items
          set appointment_id = case tooth when 36 then $1::bigint else $2::bigint end`,
      [upcoming!.id, cancelled!.id],
    );
    const plan = await renderChart('receptionist');
    const status = (procedure: string) =>
      within(plan)
        .getByRole('row', { name: new RegExp(procedure) })
        .querySelector('.plan-status')!.textContent;
    await waitFor(() => expect(status('Composite Filling')).toMatch(/ · Booked$/));
    expect(status('Porcelain Crown')).not.toMatch(/Booked/);
  });

  it('shows the plan by phase with exact totals, and lets the front desk record the patient’s answer', async () => {
    await seedPlan();
    const plan = await renderChart('receptionist');
    expect(screen.queryByRole('button', { name: /^Plan treatment on tooth/ })).toBeNull();
    expect(await within(plan).findByTestId('plan-phase-total-1')).toHaveProperty(
      'textContent',
      '₱1,500.10 (₱0.00 done, ₱1,500.10 to do)',
    );
    expect(within(plan).queryByRole('button', { name: /^Withdraw/ })).toBeNull();
    expect(within(plan).getByTestId('plan-phase-total-2').textContent).toBe('₱800.05 (₱0.00 done, ₱800.05 to do)');
    expect(within(plan).getByTestId('plan-overall-total').textContent).toBe(
      'Plan total: ₱2,300.15 (₱0.00 done, ₱2,300.15 to do)',
    );

    const user = userEvent.setup();
    await user.click(within(plan).getByRole('button', { name: 'Accept Composite Filling on tooth 36 MO' }));
    expect(await screen.findByText('Marked accepted.')).toBeTruthy();
    const row = within(plan).getByRole('row', { name: /Composite Filling/ });
    await waitFor(() => expect(within(row).getByText(/^Accepted: /)).toBeTruthy());
    expect(within(row).queryByRole('button', { name: /^Accept/ })).toBeNull();

    await user.click(within(plan).getByRole('button', { name: 'Decline Porcelain Crown on tooth 11' }));
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Marked declined.')).toBeTruthy();
    await waitFor(() =>
      expect(within(plan).getByTestId('plan-overall-total').textContent).toBe(
        'Plan total: ₱1,500.10 (₱0.00 done, ₱1,500.10 to do)',
      ),
    );
    expect((await rows('treatment_plan_items')).map((item) => item.status)).toEqual(['accepted', 'declined']);
  });

  it('lets the dentist withdraw an item planned in error, after asking', async () => {
    await seedPlan();
    const plan = await renderChart('dentist');
    const user = userEvent.setup();
    await user.click(await within(plan).findByRole('button', { name: 'Withdraw Porcelain Crown on tooth 11' }));
    await screen.findByText('Withdraw Porcelain Crown on tooth 11 from the plan?');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));

    expect(await screen.findByText('Withdrawn from the plan.')).toBeTruthy();
    await waitFor(() => expect(within(plan).queryByRole('table', { name: 'Phase 2' })).toBeNull());
    expect(within(plan).getByTestId('plan-overall-total').textContent).toBe(
      'Plan total: ₱1,500.10 (₱0.00 done, ₱1,500.10 to do)',
    );
    expect((await rows('treatment_plan_items')).map((item) => item.procedure_name)).toEqual(['Composite Filling']);
    const crownEntry = (await rows('chart_entries')).find((entry) => entry.tooth === 11);
    expect(crownEntry?.removed_at).not.toBeNull();
  });

  it('says why a withdrawal was refused, by the database’s code', async () => {
    await seedPlan();
    const plan = await renderChart('dentist');
    const user = userEvent.setup();
    const withdraw = await within(plan).findByRole('button', { name: 'Withdraw Porcelain Crown on tooth 11' });
    await realStack().query(
      `update public.treatment_plan_items set status = 'declined', decided_at = now() where tooth = 11`,
    );
    await user.click(withdraw);
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    expect(
      await screen.findByText('The item was not withdrawn. This plan item is already done or declined.'),
    ).toBeTruthy();
    expect(await rows('treatment_plan_items')).toHaveLength(2);
  });

  it('Book hands the Appointments tab the patient, the procedure and the dentist who planned it', async () => {
    await seedPlan();
    const selectTab = vi.fn();
    const plan = await renderChart('receptionist', selectTab);
    const user = userEvent.setup();
    const book = await within(plan).findByRole('button', { name: 'Book Composite Filling on tooth 36 MO' });
    await waitFor(async () => {
      await user.click(book);
      expect(takeBookingIntent(1)).toMatchObject({ patient, procedureId: 1, dentistId: 1 });
    });
    expect(selectTab).toHaveBeenCalledWith('appointments');
  });

  it('offers no Book outside the dashboard', async () => {
    await seedPlan();
    const plan = await renderChart('dentist');
    await within(plan).findByRole('table', { name: 'Phase 1' });
    expect(within(plan).queryByRole('button', { name: /^Book/ })).toBeNull();
  });
});
