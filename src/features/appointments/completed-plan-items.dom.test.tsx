// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SubscribeOptions } from '@/lib/realtime-client';
import { fakeRealtime } from '@/lib/testing/fake-realtime';
import { realStack, rows, seed } from '@/testing/real-db';
import { mockStatusNotifications } from './status/testing/notification-service';
import AppointmentsTab from './tab';
import { renderWithQueries, setUpListScreen } from './testing/render-list';

vi.mock('@/lib/realtime-client', async (actual) => ({
  ...(await actual<object>()),
  subscribeToServiceEvents: (options: SubscribeOptions) => fakeRealtime.subscribe(options),
}));

// Wednesday 2030-01-09, 08:00 in Manila.
setUpListScreen(new Date('2030-01-09T00:00:00Z'));

/**
 * Maria's visit yesterday (appointment 100) and her plan: a filling on 36 MO booked for this visit, a
 * sealant on 46 O not booked, and a declined crown; Jose's filling; her caries on 36 MO.
 */
async function arrange() {
  await seed.dentists([{ id: 1, name: 'Dr. Ana Cruz' }]);
  await seed.patients([
    { id: 1, name: 'Maria Santos', messenger_id: '2400001' },
    { id: 2, name: 'Jose Rizal' },
  ]);
  await seed.appointments([
    {
      id: 100,
      dentist_id: 1,
      patient_id: 1,
      appointment_time: '2030-01-08T09:00:00+08:00',
      status: 'Confirmed',
      reason: 'Composite Filling',
    },
  ]);
  // Recorded now by the database's clock (the screen's clock is 2030's): the filling removes it as of now.
  await seed.chart_entries([{ patient_id: 1, tooth: 36, surfaces: ['M', 'O'] }]);
  const planned = await seed.chart_entries([
    { patient_id: 1, tooth: 36, surfaces: ['M', 'O'], condition: 'filling', state: 'planned' },
    { patient_id: 1, tooth: 46, surfaces: ['O'], condition: 'sealant', state: 'planned' },
    { patient_id: 1, tooth: 11, surfaces: [], condition: 'crown', state: 'planned' },
    { patient_id: 2, tooth: 26, surfaces: ['O'], condition: 'filling', state: 'planned' },
  ]);
  await realStack().query(
    `insert into public.treatment_plan_items
       (clinic_id, patient_id, procedure_name, price, tooth, surfaces, condition, status, decided_at,
        appointment_id, planned_entry_id)
     values (1, 1, 'Composite Filling', 1500, 36, '{M,O}', 'filling', 'accepted', now(), 100, $1),
            (1, 1, 'Sealant', 500, 46, '{O}', 'sealant', 'proposed', null, null, $2),
            (1, 1, 'Porcelain Crown', 9000, 11, '{}', 'crown', 'declined', now(), null, $3),
            (1, 2, 'Composite Filling', 1500, 26, '{O}', 'filling', 'proposed', null, null, $4)`,
    planned.map((entry) => entry.id),
  );
  return mockStatusNotifications();
}

const statusOf = (id: number) =>
  within(document.querySelector<HTMLTableRowElement>(`tr[data-appointment-id="${id}"]`)!).getByRole(
    'combobox',
  ) as HTMLSelectElement;

/** The list as the receptionist sees it, and the Completed dialog of Maria's visit (100) open. */
async function completeVisit() {
  const user = userEvent.setup();
  await renderWithQueries(<AppointmentsTab />, { role: 'receptionist' });
  await screen.findByRole('heading', { name: /^Dr. Ana Cruz \(1 / }, { timeout: 5000 });
  await user.selectOptions(statusOf(100), 'Completed');
  return screen.findByRole('dialog', { name: 'Change the status to Completed?' });
}

describe('Completed asks which planned items were done', () => {
  it("lists the patient's open items, this visit's ticked, and marks the ticked ones done", async () => {
    const service = await arrange();
    const dialog = await completeVisit();
    const items = within(dialog).getByRole('group', { name: 'Done at this visit (treatment plan)' });
    const boxes = within(items).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => [box.parentElement!.textContent!.trim(), box.checked])).toEqual([
      ['Composite Filling, tooth 36 MO', true],
      ['Sealant, tooth 46 O', false],
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, update & notify' }));

    expect(await screen.findByText('Status updated & patient notified!', {}, { timeout: 5000 })).toBeTruthy();
    expect(service.received).toHaveLength(1);
    const plan = await rows('treatment_plan_items', { patient_id: 1 });
    expect(plan.map((item) => [item.tooth, item.status, item.appointment_id])).toEqual([
      [36, 'done', 100],
      [46, 'proposed', null],
      [11, 'declined', null],
    ]);
    const { rows: chart } = await realStack().query<{ condition: string; state: string; surfaces: string[] }>(
      `select condition::text, state::text, surfaces from public.chart_as_of(1, '2099-01-01') where tooth = 36`,
    );
    expect(chart).toEqual([{ condition: 'filling', state: 'completed', surfaces: ['M', 'O'] }]);
  });

  it('marks the other ticked items done when one was withdrawn while the dialog was open, and says so', async () => {
    const service = await arrange();
    const dialog = await completeVisit();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Sealant, tooth 46 O' }));
    // The dentist withdraws the sealant from the plan meanwhile (withdraw_plan_item deletes the item).
    await realStack().query(`delete from public.treatment_plan_items where patient_id = 1 and tooth = 46`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, update & notify' }));

    const notice = await screen.findByRole('dialog', { name: 'Plan changed meanwhile' }, { timeout: 5000 });
    expect(notice.textContent).toContain(
      'One ticked item had been withdrawn from the treatment plan, so it was not marked done. The other ticked items were.',
    );
    expect(service.received).toHaveLength(1);
    const plan = await rows('treatment_plan_items', { patient_id: 1 });
    expect(plan.map((item) => [item.tooth, item.status, item.appointment_id])).toEqual([
      [36, 'done', 100],
      [11, 'declined', null],
    ]);
    fireEvent.click(within(notice).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows no plan items for another status, and none when the patient has none open', async () => {
    await arrange();
    await realStack().query(`update public.treatment_plan_items set status = 'declined', decided_at = now()`);
    const dialog = await completeVisit();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
