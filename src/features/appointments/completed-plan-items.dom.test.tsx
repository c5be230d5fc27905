// @vitest-environment jsdom
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { patientChartKey } from '@/entities/patient';
import type { SubscribeOptions } from '@/lib/realtime-client';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { fakeRealtime } from '@/lib/testing/fake-realtime';
import { countRequests, failNext, loseAnswerNext, pgError, realStack, rows, seed } from '@/testing/real-db';
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

/**
 * Maria's plan as a chart open or cached in the same app reads it: under her chart's key, never stale
 * by itself, so only an invalidation reads it again.
 */
function CachedPlan() {
  const plan = useQuery({
    queryKey: [...patientChartKey(1, 1), 'plan'],
    queryFn: async () =>
      throwOnError(
        await getSupabase().from('treatment_plan_items').select('tooth, status').eq('patient_id', 1).order('id'),
      ),
    staleTime: Infinity,
  });
  return (
    <output aria-label="Cached plan">{plan.data?.map((item) => `${item.tooth} ${item.status}`).join(', ')}</output>
  );
}

/** The list as the receptionist sees it (with Maria's cached plan when asked), before any change, and its query client. */
async function showList(options: { cachedPlan?: boolean } = {}) {
  const user = userEvent.setup();
  const { queryClient } = await renderWithQueries(
    <>
      <AppointmentsTab />
      {options.cachedPlan && <CachedPlan />}
    </>,
    { role: 'receptionist' },
  );
  await screen.findByRole('heading', { name: /^Dr. Ana Cruz \(1 / }, { timeout: 5000 });
  return { user, queryClient };
}

/** The list as the receptionist sees it, and the Completed dialog of Maria's visit (100) open. */
async function completeVisit(options: { cachedPlan?: boolean } = {}) {
  const { user } = await showList(options);
  await user.selectOptions(statusOf(100), 'Completed');
  return screen.findByRole('dialog', { name: 'Change the status to Completed?' });
}

const confirm = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, update & notify' }));

const planOf = async (patientId: number) =>
  (await rows('treatment_plan_items', { patient_id: patientId })).map((item) => [
    item.tooth,
    item.status,
    item.appointment_id,
  ]);

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

describe('Completed when the plan items cannot be marked done at once', () => {
  it('offers Retry after a failure, and then marks the items done, notifies once and says so', async () => {
    const service = await arrange();
    const completions = countRequests({ rpc: 'complete_plan_items' });
    failNext({ rpc: 'complete_plan_items' });
    confirm(await completeVisit());

    const failed = await screen.findByRole('dialog', { name: 'Plan items not marked done' }, { timeout: 5000 });
    expect(failed.textContent).toContain(
      'The status was updated, but the treatment plan items could not be marked done.',
    );
    expect(service.received).toHaveLength(0);
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Status updated & patient notified!', {}, { timeout: 5000 })).toBeTruthy();
    expect(completions.count).toBe(2);
    expect(service.received).toHaveLength(1);
    expect(await planOf(1)).toEqual([
      [36, 'done', 100],
      [46, 'proposed', null],
      [11, 'declined', null],
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('succeeds on Retry when the first call did the items but its answer was lost', async () => {
    const service = await arrange();
    loseAnswerNext({ rpc: 'complete_plan_items' });
    confirm(await completeVisit());

    const failed = await screen.findByRole('dialog', { name: 'Plan items not marked done' }, { timeout: 5000 });
    expect(failed.textContent).toContain('Please check your connection and try again.');
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Status updated & patient notified!', {}, { timeout: 5000 })).toBeTruthy();
    expect(service.received).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Plan changed meanwhile' })).toBeNull();
    const { rows: completed } = await realStack().query(
      `select id from public.chart_entries where patient_id = 1 and state = 'completed'`,
    );
    expect(completed).toHaveLength(1);
  });

  it('gives up on Close: the items stay open and the patient is not notified', async () => {
    const service = await arrange();
    failNext({ rpc: 'complete_plan_items' }, 'network');
    confirm(await completeVisit());

    const failed = await screen.findByRole('dialog', { name: 'Plan items not marked done' }, { timeout: 5000 });
    fireEvent.click(within(failed).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(service.received).toHaveLength(0);
    expect((await planOf(1))[0]).toEqual([36, 'accepted', 100]);
  });

  it('says why when a ticked item was closed meanwhile, offers no Retry, and lets staff choose again', async () => {
    const service = await arrange();
    const dialog = await completeVisit();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Sealant, tooth 46 O' }));
    // The patient declines the sealant at the chart meanwhile.
    await realStack().query(
      `update public.treatment_plan_items set status = 'declined', decided_at = now() where patient_id = 1 and tooth = 46`,
    );
    const completions = countRequests({ rpc: 'complete_plan_items' });
    confirm(dialog);

    const failed = await screen.findByRole('dialog', { name: 'Plan items not marked done' }, { timeout: 5000 });
    expect(failed.textContent).toContain(
      'none of the ticked treatment plan items was marked done: one of them is no longer open. Choose again which items were done at this visit.',
    );
    expect(failed.textContent).toContain('Reason: This plan item is already done or declined.');
    expect(within(failed).queryByRole('button', { name: 'Retry' })).toBeNull();
    fireEvent.click(within(failed).getByRole('button', { name: 'Choose again' }));

    const again = await screen.findByRole('dialog', { name: 'Which plan items were done?' }, { timeout: 5000 });
    const boxes = within(again).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => [box.parentElement!.textContent!.trim(), box.checked])).toEqual([
      ['Composite Filling, tooth 36 MO', true],
    ]);
    fireEvent.click(within(again).getByRole('button', { name: 'Mark done & notify' }));

    expect(await screen.findByText('Status updated & patient notified!', {}, { timeout: 5000 })).toBeTruthy();
    expect(completions.count).toBe(2);
    expect(service.received).toHaveLength(1);
    expect(await planOf(1)).toEqual([
      [36, 'done', 100],
      [46, 'declined', null],
      [11, 'declined', null],
    ]);
  });

  it('offers no Retry for a refusal a retry would meet again, and says why', async () => {
    const service = await arrange();
    failNext(
      { rpc: 'complete_plan_items' },
      pgError('PT409', 'Set the appointment to Completed first.', {
        hint: 'plan_appointment_not_completed',
      }),
    );
    confirm(await completeVisit());

    const failed = await screen.findByRole('dialog', { name: 'Plan items not marked done' }, { timeout: 5000 });
    expect(failed.textContent).toContain('Reason: Set the appointment to Completed first.');
    expect(within(failed).queryByRole('button', { name: 'Retry' })).toBeNull();
    fireEvent.click(within(failed).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(service.received).toHaveLength(0);
  });
});

describe('Completed when the plan cannot be read', () => {
  it('says so, and Retry reads it again and lists the items', async () => {
    await arrange();
    failNext({ method: 'GET', table: 'treatment_plan_items' });
    const { user } = await showList();
    await user.selectOptions(statusOf(100), 'Completed');

    const failed = await screen.findByRole('dialog', { name: 'Treatment plan not read' }, { timeout: 5000 });
    expect(failed.textContent).toContain(
      'The patient’s treatment plan could not be read, so its items cannot be marked done at this visit.',
    );
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change the status to Completed?' }, { timeout: 5000 });
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2);
  });

  it('goes on without the items only when staff choose to, or changes nothing on Cancel', async () => {
    const service = await arrange();
    failNext({ method: 'GET', table: 'treatment_plan_items' }, undefined, { times: 2 });
    const { user } = await showList();
    await user.selectOptions(statusOf(100), 'Completed');
    const cancelled = await screen.findByRole('dialog', { name: 'Treatment plan not read' }, { timeout: 5000 });
    fireEvent.click(within(cancelled).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await rows('appointments', { id: 100 }))[0]!.status).toBe('Confirmed');

    await user.selectOptions(statusOf(100), 'Completed');
    const failed = await screen.findByRole('dialog', { name: 'Treatment plan not read' }, { timeout: 5000 });
    fireEvent.click(within(failed).getByRole('button', { name: 'Continue without plan items' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the status to Completed?' }, { timeout: 5000 });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    confirm(dialog);
    expect(await screen.findByText('Status updated & patient notified!', {}, { timeout: 5000 })).toBeTruthy();
    expect(service.received).toHaveLength(1);
    expect((await planOf(1))[0]).toEqual([36, 'accepted', 100]);
  });
});

describe("the patient's chart after a status change or a delete", () => {
  it('reads the cached plan again once the items are done, and again when the visit is undone', async () => {
    const notifications = await arrange();
    const cached = () => screen.getByRole('status', { name: 'Cached plan', hidden: true }).textContent;
    const dialog = await completeVisit({ cachedPlan: true });
    expect(cached()).toBe('36 accepted, 46 proposed, 11 declined');
    confirm(dialog);
    await waitFor(() => expect(cached()).toBe('36 done, 46 proposed, 11 declined'), { timeout: 5000 });

    // No Show reopens the work done at the visit (ADR 0056).
    await waitFor(() => expect(statusOf(100).value).toBe('Completed'), { timeout: 5000 });
    await userEvent.setup().selectOptions(statusOf(100), 'No Show');
    confirm(await screen.findByRole('dialog', { name: 'Change the status to No Show?' }));
    await waitFor(() => expect(cached()).toBe('36 accepted, 46 proposed, 11 declined'), { timeout: 5000 });
    // The patient is told after the write: within this test, not the next one's handlers.
    await waitFor(() => expect(notifications.received.map(({ body }) => body.status)).toContain('No Show'));
  });
  it('has it read again when the visit is deleted', async () => {
    await arrange();
    const { queryClient } = await showList();
    // Maria's chart (her visits, her plan's bookings) as cached elsewhere in the app.
    const chart = [...patientChartKey(1, 1), 'appointments'];
    queryClient.setQueryData(chart, []);
    fireEvent.click(screen.getByRole('button', { name: /^Delete appointment of Maria Santos/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Appointment cancelled', {}, { timeout: 5000 })).toBeTruthy();
    expect((await rows('appointments', { id: 100 }))[0]!.deleted).toBe(true);
    expect(queryClient.getQueryState(chart)?.isInvalidated).toBe(true);
  });
});
