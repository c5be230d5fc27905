// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APPOINTMENT_UPDATED, CHART_UPDATED } from '@common/contract/live-events';
import type { SubscribeOptions } from '@/lib/realtime-client';
import { REFUSAL_TEXT } from '@/lib/refusal-text';
import { fakeRealtime } from '@/lib/testing/fake-realtime';
import { realStack, renderSignedIn, rows, seed, setupComponentTests } from '@/testing/real-db';
import { PatientChart } from './patient-chart';
import { now, patient, seedChartClinic } from './testing/chart-clinic';

vi.mock('@/lib/realtime-client', async (actual) => ({
  ...(await actual<object>()),
  subscribeToServiceEvents: (options: SubscribeOptions) => fakeRealtime.subscribe(options),
}));

setupComponentTests();

beforeEach(async () => {
  await seedChartClinic();
  await seed.appointments([{ id: 1, appointment_time: '2030-01-08T01:00:00Z', status: 'Completed' }]);
  await seed.chart_entries([
    {
      tooth: 36,
      surfaces: ['M', 'O'],
      recorded_at: '2030-01-08T01:00:00Z',
      recorded_by_name: 'Dr. Reyes',
      appointment_id: 1,
    },
    { tooth: 48, condition: 'missing', recorded_at: '2030-01-02T01:00:00Z' },
  ]);
});

const tooth = (number: number) => screen.getByRole('button', { name: (name) => name.startsWith(`Tooth ${number}:`) });

const nameOf = (number: number) => tooth(number).getAttribute('aria-label');

async function renderChart(role: 'dentist' | 'receptionist' = 'dentist') {
  const onClose = vi.fn();
  await renderSignedIn(<PatientChart clinicId={1} patient={patient} onClose={onClose} now={now} />, { role });
  await screen.findByRole('group', { name: 'Odontogram' });
  return { onClose };
}

describe('the dental chart', () => {
  it('shows 32 teeth in FDI order with each tooth’s findings in its name, and a legend', async () => {
    await renderChart();
    const chart = screen.getByRole('group', { name: 'Odontogram' });
    const numbers = within(chart)
      .getAllByRole('button')
      .map((button) => button.getAttribute('data-tooth'));
    expect(numbers).toHaveLength(32);
    expect(numbers.slice(0, 3)).toEqual(['18', '17', '16']);
    expect(nameOf(36)).toBe('Tooth 36: Caries MO, existing');
    expect(nameOf(48)).toBe('Tooth 48: Missing, existing');
    expect(nameOf(11)).toBe('Tooth 11: no findings');
    const legend = screen.getByRole('region', { name: 'Legend' });
    expect(within(legend).getByText('Root canal')).toBeTruthy();
    expect(within(legend).getByText('Planned')).toBeTruthy();
  });

  it('shows the chart as of an earlier day: what was charted later is not there', async () => {
    await renderChart();
    fireEvent.change(screen.getByLabelText('As of'), { target: { value: '2030-01-07' } });
    await waitFor(() => expect(nameOf(36)).toBe('Tooth 36: no findings'));
    expect(nameOf(48)).toBe('Tooth 48: Missing, existing');
    expect(screen.queryByRole('button', { name: /^Chart tooth/ })).toBeNull();
  });

  it('moves between teeth with the arrow keys, one tooth in the tab order', async () => {
    const user = userEvent.setup();
    await renderChart();
    expect(tooth(18).getAttribute('tabindex')).toBe('0');
    expect(tooth(17).getAttribute('tabindex')).toBe('-1');
    act(() => tooth(18).focus());
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(tooth(16));
    expect(tooth(16).getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(tooth(46));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(tooth(38));
    expect(screen.getByRole('heading', { name: 'Tooth 38' })).toBeTruthy();
    expect(tooth(38).getAttribute('tabindex')).toBe('0');
    expect(tooth(46).getAttribute('tabindex')).toBe('-1');
  });

  it('lets a dentist chart a tooth: stored, stamped and on the chart', async () => {
    const user = userEvent.setup();
    await renderChart();
    await user.click(tooth(26));
    await user.click(screen.getByRole('button', { name: 'Chart tooth 26' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('O (occlusal)'));
    await user.selectOptions(within(dialog).getByLabelText('Condition'), 'Filling');
    await user.selectOptions(within(dialog).getByLabelText('State'), 'Planned');
    await user.click(within(dialog).getByRole('button', { name: 'Add to chart' }));

    await waitFor(() => expect(nameOf(26)).toBe('Tooth 26: Filling O, planned'));
    const [stored] = await rows('chart_entries', { tooth: 26 });
    expect(stored).toMatchObject({ surfaces: ['O'], condition: 'filling', state: 'planned' });
    expect(stored?.recorded_by).not.toBeNull();
  });

  it('keeps the form open with the reason when the database refuses surfaces on a whole-tooth condition', async () => {
    const user = userEvent.setup();
    await renderChart();
    await user.click(screen.getByRole('button', { name: 'Chart tooth 18' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('B (buccal)'));
    await user.selectOptions(within(dialog).getByLabelText('Condition'), 'Crown');
    await user.click(within(dialog).getByRole('button', { name: 'Add to chart' }));
    expect(await within(dialog).findByText(REFUSAL_TEXT.chart_surfaces_whole_tooth)).toBeTruthy();
    expect(await rows('chart_entries', { tooth: 18 })).toEqual([]);
  });

  it('lets a receptionist read the chart but not chart', async () => {
    const user = userEvent.setup();
    await renderChart('receptionist');
    await user.click(tooth(36));
    expect(screen.getByText(/Caries MO, existing/)).toBeTruthy();
    // Who charted it, when, and at which appointment.
    expect(screen.getByText('Dr. Reyes, Tue 2030-01-08, 9:00 AM')).toBeTruthy();
    expect(screen.getByText('At the appointment of Tue 2030-01-08, 9:00 AM')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Chart tooth/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.getByText('You can read this chart; dentists and admins chart.')).toBeTruthy();
  });

  it('shows an entry charted on another screen when the service says the chart changed', async () => {
    await renderChart('receptionist');
    await waitFor(() => expect(fakeRealtime.clinics(CHART_UPDATED)).toEqual([1]));
    await realStack().query(
      `insert into public.chart_entries (clinic_id, patient_id, tooth, surfaces, condition, state)
       values (1, 1, 11, '{}', 'root_canal', 'completed')`,
    );
    fakeRealtime.emit(CHART_UPDATED, { clinic_id: 1, patient_id: 1, entry_id: 3 });
    await waitFor(() => expect(nameOf(11)).toBe('Tooth 11: Root canal, completed'));
  });

  it('does not read the chart again for another patient’s entry', async () => {
    await seed.patients([{ id: 2, name: 'Jose Cruz' }]);
    await renderChart('receptionist');
    await waitFor(() => expect(fakeRealtime.clinics(CHART_UPDATED)).toEqual([1]));
    await realStack().query(
      `insert into public.chart_entries (clinic_id, patient_id, tooth, surfaces, condition, state)
       values (1, 1, 11, '{}', 'root_canal', 'completed'), (1, 2, 21, '{}', 'crown', 'existing')`,
    );
    fakeRealtime.emit(CHART_UPDATED, { clinic_id: 1, patient_id: 2, entry_id: 4 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(nameOf(11)).toBe('Tooth 11: no findings');
    fakeRealtime.emit(CHART_UPDATED, { clinic_id: 1, patient_id: 1, entry_id: 3 });
    await waitFor(() => expect(nameOf(11)).toBe('Tooth 11: Root canal, completed'));
  });
});

describe('the chart’s visits, live', () => {
  /** Another patient of the clinic, whose visits are not this chart’s. */
  const otherPatient = { id: 2, name: 'Jose Cruz' };

  /** What the service sends when a visit changes: the row as it is now. */
  const visitChanged = (visit: { id: number; patient_id: number; status?: string }) => ({
    clinic_id: 1,
    dentist_id: 1,
    status: 'Scheduled',
    appointment_time: '2030-01-14T02:00:00Z',
    deleted: false,
    patient_name: null,
    dentist_name: null,
    ...visit,
  });

  /** Longer than the chart waits for more events before it reads again. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

  /** A filling planned on 36 and booked on a visit still to come; returns the visit. */
  async function seedBookedItem() {
    const [visit] = await seed.appointments([
      { patient_id: 1, dentist_id: 1, appointment_time: '2030-01-14T02:00:00Z', status: 'Scheduled' },
    ]);
    const [entry] = await seed.chart_entries([{ tooth: 36, surfaces: ['O'], condition: 'filling', state: 'planned' }]);
    await realStack().query(
      `insert into public.treatment_plan_items
         (clinic_id, patient_id, procedure_name, price, tooth, surfaces, condition, phase, planned_entry_id,
          appointment_id)
       values (1, 1, 'Composite Filling', 1500.10, 36, '{O}', 'filling', 1, $1, $2)`,
      [entry!.id, visit!.id],
    );
    return visit!;
  }

  const planStatus = () =>
    within(screen.getByRole('region', { name: 'Treatment plan' }))
      .getByRole('row', { name: /Composite Filling/ })
      .querySelector('.plan-status')!.textContent;

  beforeEach(async () => {
    await seed.patients([otherPatient]);
  });

  it('shows a visit cancelled at another desk: the plan item is no longer Booked; another patient’s visit changes nothing', async () => {
    const visit = await seedBookedItem();
    const [othersVisit] = await seed.appointments([
      { patient_id: 2, dentist_id: 1, appointment_time: '2030-01-14T03:00:00Z', status: 'Scheduled' },
    ]);
    await renderChart('receptionist');
    await waitFor(() => expect(fakeRealtime.clinics(APPOINTMENT_UPDATED)).toEqual([1]));
    await waitFor(() => expect(planStatus()).toMatch(/ · Booked$/));

    await realStack().query(`update public.appointments set status = 'Cancelled' where id in ($1, $2)`, [
      visit.id,
      othersVisit!.id,
    ]);
    fakeRealtime.emit(APPOINTMENT_UPDATED, visitChanged({ id: othersVisit!.id, patient_id: 2, status: 'Cancelled' }));
    await settle();
    expect(planStatus()).toMatch(/ · Booked$/);

    fakeRealtime.emit(APPOINTMENT_UPDATED, visitChanged({ id: visit.id, patient_id: 1, status: 'Cancelled' }));
    await waitFor(() => expect(planStatus()).not.toMatch(/Booked/));
  });

  it('shows a visit of the patient moved to another patient: the event names only the new one', async () => {
    const visit = await seedBookedItem();
    await renderChart('receptionist');
    await waitFor(() => expect(fakeRealtime.clinics(APPOINTMENT_UPDATED)).toEqual([1]));
    await waitFor(() => expect(planStatus()).toMatch(/ · Booked$/));

    await realStack().query(`update public.appointments set patient_id = 2 where id = $1`, [visit.id]);
    fakeRealtime.emit(APPOINTMENT_UPDATED, visitChanged({ id: visit.id, patient_id: 2 }));
    await waitFor(() => expect(planStatus()).not.toMatch(/Booked/));
  });

  it('offers a visit booked at another desk to chart at, once the service says so', async () => {
    const user = userEvent.setup();
    await renderChart();
    await waitFor(() => expect(fakeRealtime.clinics(APPOINTMENT_UPDATED)).toEqual([1]));
    await user.click(screen.getByRole('button', { name: 'Chart tooth 18' }));
    const dialog = await screen.findByRole('dialog');
    const visits = within(dialog).getByLabelText('Appointment');
    const offered = () =>
      within(visits)
        .getAllByRole('option')
        .map((option) => option.textContent);
    await waitFor(() => expect(offered()).toEqual(['None', 'Tue 2030-01-08, 9:00 AM']));

    const [booked, othersVisit] = await seed.appointments([
      { patient_id: 1, dentist_id: 1, appointment_time: '2030-01-14T02:00:00Z', reason: 'Filling' },
      { patient_id: 2, dentist_id: 1, appointment_time: '2030-01-14T03:00:00Z' },
    ]);
    fakeRealtime.emit(APPOINTMENT_UPDATED, visitChanged({ id: othersVisit!.id, patient_id: 2 }));
    await settle();
    expect(offered()).toHaveLength(2);

    fakeRealtime.emit(APPOINTMENT_UPDATED, visitChanged({ id: booked!.id, patient_id: 1 }));
    await waitFor(() =>
      expect(offered()).toEqual(['None', 'Mon 2030-01-14, 10:00 AM · Filling', 'Tue 2030-01-08, 9:00 AM']),
    );
  });
});
