// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast/toast-provider';
import type { SubscribeOptions } from '@/lib/realtime-client';
import { deliverServiceEvent } from '@/lib/realtime-payloads';
import { yearAppointmentsKey } from '../../model/api/get-appointments';
import type { ListAppointment } from '../../model/api/list-columns';
import { openFlagsKey, type OpenFlag } from '../../model/api/open-flags';
import { appointmentRowId } from '../../model/display';
import { createOwnWrites, type OwnWrites } from '../../model/own-writes';
import type { PeriodRange } from '../../model/periods';
import { pendingUpdatesLabel } from '../messages';
import { RECONCILE_DELAY_MS, useAppointmentLiveUpdates, type RowTarget } from './use-appointment-live-updates';

const NOVEMBER = { start: new Date('2026-10-31T16:00:00Z'), end: new Date('2026-11-30T16:00:00Z') };

let subscribed: SubscribeOptions | undefined;
let closed = 0;
const subscribe = vi.fn(async (options: SubscribeOptions) => {
  subscribed = options;
  return { close: () => void closed++ };
});
const playSound = vi.fn();

function Harness({
  period = NOVEMBER,
  revealRow,
  ownWrites,
}: {
  period?: Pick<PeriodRange, 'start' | 'end'>;
  revealRow?: (target: RowTarget) => void;
  ownWrites?: OwnWrites;
}) {
  const live = useAppointmentLiveUpdates({
    clinicId: 1,
    timeZone: 'Asia/Manila',
    period,
    revealRow,
    subscribe,
    playSound,
    ownWrites,
  });
  return (
    <div>
      <p data-testid="highlighted">{[...live.highlightedIds].join(',')}</p>
      <p data-testid="flashing">{[...live.flashingIds].join(',')}</p>
      <p data-testid="focused">{live.focusedId ?? ''}</p>
      <p data-testid="connection">{live.connection}</p>
      <button onClick={() => live.focusRow(41, 3)}>Focus 41</button>
      {live.highlightedIds.size > 0 && (
        <button onClick={live.acknowledgeAll}>Acknowledge All {pendingUpdatesLabel(live.highlightedIds.size)}</button>
      )}
      <div id={appointmentRowId(41)}>row 41</div>
    </div>
  );
}

/** What the service sends, through the realtime client's check against the contract. */
function emit(overrides: Record<string, unknown> = {}) {
  act(() => {
    if (!subscribed) return;
    deliverServiceEvent(subscribed, {
      id: 41,
      clinic_id: 1,
      dentist_id: 3,
      patient_id: 9,
      status: 'Cancelled',
      appointment_time: '2026-11-23T01:20:00Z',
      deleted: false,
      patient_name: 'Maria Santos',
      dentist_name: null,
      ...overrides,
    });
  });
}

function renderHarness(props: Parameters<typeof Harness>[0] = {}, queryClient = new QueryClient()) {
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrap = (harnessProps: Parameters<typeof Harness>[0]) => (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <Harness {...harnessProps} />
      </ToastProvider>
    </QueryClientProvider>
  );
  const view = render(wrap(props));
  return {
    ...view,
    invalidate,
    queryClient,
    rerenderWith: (next: Parameters<typeof Harness>[0]) => view.rerender(wrap(next)),
  };
}

const listRow = (id: number, time: string, overrides: Partial<ListAppointment> = {}): ListAppointment => ({
  id,
  clinic_id: 1,
  dentist_id: 3,
  patient_id: id,
  appointment_time: time,
  reason: 'Dental Consultation',
  status: 'Scheduled',
  booking_origin: null,
  guardian_messenger_id: null,
  patient: { name: `Patient ${id}`, messenger_id: `24000${id}` },
  startsAt: Date.parse(time),
  ...overrides,
});

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-21T02:00:00Z') });
  subscribed = undefined;
  closed = 0;
  playSound.mockClear();
  subscribe.mockClear();
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('live appointment updates', () => {
  it('follow appointment-updated of the clinic and stop when the screen closes', async () => {
    const { unmount } = renderHarness();
    await act(async () => undefined);
    expect(subscribed?.event).toBe('appointment-updated');
    expect(subscribed?.clinicId).toBe(1);
    unmount();
    expect(closed).toBe(1);
  });

  it('highlight the row until Acknowledge All, flash it for 60 s, play the sound and toast in red with View', async () => {
    const { invalidate } = renderHarness();
    await act(async () => undefined);
    emit();
    expect(screen.getByTestId('highlighted').textContent).toBe('41');
    expect(screen.getByTestId('flashing').textContent).toBe('41');
    expect(playSound).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['appointments', 'dentist-day'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['patients', 'search', 1] });
    const toastText = screen.getByText('Maria Santos: Cancelled · Nov 23, 2026, 9:20 AM');
    expect(toastText.parentElement?.className).toContain('toast-error');

    act(() => screen.getByRole('button', { name: 'View' }).click());
    expect(screen.getByTestId('focused').textContent).toBe('41');
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(4_000));
    expect(screen.getByTestId('focused').textContent).toBe('');

    act(() => vi.advanceTimersByTime(56_000));
    expect(screen.getByTestId('flashing').textContent).toBe('');
    expect(screen.getByTestId('highlighted').textContent).toBe('41');
    act(() => screen.getByRole('button', { name: 'Acknowledge All 1 new update(s)' }).click());
    expect(screen.getByTestId('highlighted').textContent).toBe('');
  });

  it('toast at most once per 1.5 s, for 6 s', async () => {
    renderHarness();
    await act(async () => undefined);
    emit({ id: 41, status: 'Confirmed' });
    emit({ id: 42, status: 'Confirmed', patient_name: 'Jose Rizal' });
    expect(screen.getByText(/Maria Santos: Confirmed/).parentElement?.className).toContain('toast-info');
    expect(screen.queryByText(/Jose Rizal/)).toBeNull();
    expect(screen.getByTestId('highlighted').textContent).toBe('41,42');
    act(() => vi.advanceTimersByTime(1_500));
    emit({ id: 43, status: 'Scheduled', patient_name: 'Ana Cruz' });
    expect(screen.getByText(/Ana Cruz: Scheduled/)).toBeTruthy();
    act(() => vi.advanceTimersByTime(4_499));
    expect(screen.queryByText(/Maria Santos/)).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(/Maria Santos/)).toBeNull();
  });

  it('ignore other clinics, other periods and malformed events, but keep slots fresh for in-clinic ones', async () => {
    const { invalidate } = renderHarness();
    await act(async () => undefined);
    emit({ clinic_id: 2 });
    emit({ status: 'Done' });
    expect(invalidate).not.toHaveBeenCalled();
    emit({ appointment_time: '2026-12-05T01:20:00Z' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['appointments', 'dentist-day'] });
    expect(screen.getByTestId('highlighted').textContent).toBe('');
    expect(playSound).not.toHaveBeenCalled();
  });

  it('use a desktop notification instead of a toast when the tab is hidden and permission is granted', async () => {
    const shown: { title: string; body: string | undefined }[] = [];
    vi.stubGlobal(
      'Notification',
      Object.assign(
        function FakeNotification(title: string, init?: NotificationOptions) {
          shown.push({ title, body: init?.body });
        },
        { permission: 'granted' },
      ),
    );
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      renderHarness();
      await act(async () => undefined);
      emit({ status: 'No Show' });
      expect(shown).toEqual([{ title: 'Appointment updated', body: 'Maria Santos: No Show · Nov 23, 2026, 9:20 AM' }]);
      expect(screen.queryByText(/Maria Santos: No Show/)).toBeNull();
      expect(screen.getByTestId('highlighted').textContent).toBe('41');
    } finally {
      visibility.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it("ask the screen to reveal the row for 'View' and keep the focus 4 s from the latest request", async () => {
    const revealRow = vi.fn();
    renderHarness({ revealRow });
    await act(async () => undefined);
    act(() => screen.getByRole('button', { name: 'Focus 41' }).click());
    expect(revealRow).toHaveBeenCalledWith({ appointmentId: 41, dentistId: 3 });
    expect(Element.prototype.scrollIntoView).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(3_000));
    act(() => screen.getByRole('button', { name: 'Focus 41' }).click());
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByTestId('focused').textContent).toBe('41');
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByTestId('focused').textContent).toBe('');
  });

  it('merge each update into the years already read at once, and read the list again once after a burst', async () => {
    const queryClient = new QueryClient();
    const key = yearAppointmentsKey(1, 2026, 'Asia/Manila');
    queryClient.setQueryData<ListAppointment[]>(key, [
      listRow(40, '2026-11-23T01:00:00+00:00'),
      listRow(41, '2026-11-23T01:20:00+00:00', { patient: { name: 'Maria Santos', messenger_id: '2400041' } }),
      listRow(44, '2026-11-24T01:00:00+00:00'),
    ]);
    const { invalidate } = renderHarness({}, queryClient);
    await act(async () => undefined);
    const ids = () => queryClient.getQueryData<ListAppointment[]>(key)!.map((row) => row.id);

    emit({ id: 41, status: 'Confirmed', patient_id: 41, reason: 'Cleaning' });
    const merged = queryClient.getQueryData<ListAppointment[]>(key)!.find((row) => row.id === 41)!;
    expect(merged).toMatchObject({ status: 'Confirmed', reason: 'Cleaning' });
    expect(merged.patient).toEqual({ name: 'Maria Santos', messenger_id: '2400041' });

    // A new appointment goes in at its time; one moved to next year leaves this year's rows.
    emit({ id: 42, status: 'Scheduled', appointment_time: '2026-11-23T01:40:00+00:00', patient_name: 'Ana Cruz' });
    expect(ids()).toEqual([40, 41, 42, 44]);
    emit({ id: 44, status: 'Scheduled', appointment_time: '2027-01-04T01:00:00+00:00' });
    expect(ids()).toEqual([40, 41, 42]);
    expect(screen.getByTestId('highlighted').textContent).toBe('41,42');
    emit({ id: 40, deleted: true, status: 'Scheduled' });
    expect(ids()).toEqual([41, 42]);
    // A deleted row is announced but not counted: it is not there to highlight.
    expect(screen.getByTestId('highlighted').textContent).toBe('41,42');
    emit({ id: 41, deleted: true, status: 'Confirmed' });
    expect(screen.getByTestId('highlighted').textContent).toBe('42');

    const listReads = () => invalidate.mock.calls.filter(([filters]) => filters?.queryKey?.[1] === 'list').length;
    expect(listReads()).toBe(0);
    act(() => vi.advanceTimersByTime(RECONCILE_DELAY_MS));
    expect(listReads()).toBe(1);
  });

  it('rename the row of a patient renamed on the Patients tab without calling it news', async () => {
    const queryClient = new QueryClient();
    const key = yearAppointmentsKey(1, 2026, 'Asia/Manila');
    queryClient.setQueryData<ListAppointment[]>(key, [
      listRow(41, '2026-11-23T01:20:00+00:00', {
        status: 'Confirmed',
        patient_id: 9,
        reason: 'Cleaning',
        patient: { name: 'Maria Santos', messenger_id: '2400041' },
      }),
    ]);
    renderHarness({}, queryClient);
    await act(async () => undefined);

    emit({ id: 41, status: 'Confirmed', reason: 'Cleaning', patient_name: 'Maria Dela Cruz' });
    expect(queryClient.getQueryData<ListAppointment[]>(key)![0]!.patient).toEqual({
      name: 'Maria Dela Cruz',
      messenger_id: '2400041',
    });
    expect(screen.getByTestId('highlighted').textContent).toBe('');
    expect(screen.queryByRole('status')?.textContent ?? '').not.toContain('Maria');
    expect(playSound).not.toHaveBeenCalled();

    // The same row with its status changed is news again, under the new name.
    act(() => vi.advanceTimersByTime(1_500));
    emit({ id: 41, status: 'Cancelled', reason: 'Cleaning', patient_name: 'Maria Dela Cruz' });
    expect(screen.getByText('Maria Dela Cruz: Confirmed → Cancelled · Nov 23, 2026, 9:20 AM')).toBeTruthy();
    expect(screen.getByTestId('highlighted').textContent).toBe('41');
  });

  it('follow the latest period without subscribing again', async () => {
    const { rerenderWith } = renderHarness();
    await act(async () => undefined);
    const december = { start: new Date('2026-11-30T16:00:00Z'), end: new Date('2026-12-31T16:00:00Z') };
    rerenderWith({ period: december });
    emit({ appointment_time: '2026-12-05T01:20:00Z' });
    expect(screen.getByTestId('highlighted').textContent).toBe('41');
    expect(subscribe).toHaveBeenCalledTimes(1);
  });

  it('show the connection state and read everything again after reconnecting (missed events are not replayed)', async () => {
    const { invalidate } = renderHarness();
    await act(async () => undefined);
    expect(screen.getByTestId('connection').textContent).toBe('connecting');
    act(() => subscribed?.onStatus?.('connected'));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => subscribed?.onStatus?.('reconnecting'));
    expect(screen.getByTestId('connection').textContent).toBe('reconnecting');
    act(() => subscribed?.onStatus?.('connected'));
    expect(screen.getByTestId('connection').textContent).toBe('connected');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['appointments', 'list'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['appointments', 'dentist-day'] });
  });

  it("merge this tab's own write silently, even when its event comes before the write's answer; another device's says from → to", async () => {
    const queryClient = new QueryClient();
    const key = yearAppointmentsKey(1, 2026, 'Asia/Manila');
    queryClient.setQueryData<ListAppointment[]>(key, [
      listRow(41, '2026-11-23T01:20:00+00:00', { patient: { name: 'Maria Santos', messenger_id: null } }),
    ]);
    const ownWrites = createOwnWrites();
    renderHarness({ ownWrites }, queryClient);
    await act(async () => undefined);

    // This tab confirms 41; the service's event overtakes PostgREST's answer.
    let answer!: (response: { data: unknown }) => void;
    const write = ownWrites.track(new Promise<{ data: unknown }>((resolve) => (answer = resolve)));
    emit({ id: 41, status: 'Confirmed', updated_at: '2026-11-23T00:10:00.123456+00:00' });
    expect(queryClient.getQueryData<ListAppointment[]>(key)![0]!.status).toBe('Confirmed');
    await act(async () => {
      answer({ data: [{ id: 41, status: 'Confirmed', updated_at: '2026-11-23T08:10:00.123456+08:00' }] });
      await write;
    });
    expect(screen.getByTestId('highlighted').textContent).toBe('');
    expect(playSound).not.toHaveBeenCalled();
    expect(screen.queryByText(/Maria Santos/)).toBeNull();

    // The same user cancels it from another device: a later updated_at.
    act(() => vi.advanceTimersByTime(1_500));
    emit({ id: 41, status: 'Cancelled', updated_at: '2026-11-23T00:11:00.000001+00:00' });
    expect(screen.getByTestId('highlighted').textContent).toBe('41');
    expect(screen.getByText('Maria Santos: Confirmed → Cancelled · Nov 23, 2026, 9:20 AM')).toBeTruthy();
  });

  it("announce a patient's late cancellation in red and keep the clinic's open flags; a flag handled is no news", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<ListAppointment[]>(yearAppointmentsKey(1, 2026, 'Asia/Manila'), [
      listRow(41, '2026-11-23T01:20:00+00:00', {
        status: 'Confirmed',
        patient: { name: 'Maria Santos', messenger_id: null },
      }),
    ]);
    queryClient.setQueryData<OpenFlag[]>(openFlagsKey(1), []);
    renderHarness({}, queryClient);
    await act(async () => undefined);
    const flag = {
      id: 7,
      kind: 'late_cancellation_request',
      note: 'Cancel tapped.',
      created_at: '2026-11-23T00:40:00Z',
    };

    emit({ id: 41, status: 'Confirmed', open_flag: flag });
    const toast = screen.getByText('Maria Santos: Patient asked to cancel — call them · Nov 23, 2026, 9:20 AM');
    expect(toast.parentElement?.className).toContain('toast-error');
    expect(queryClient.getQueryData<OpenFlag[]>(openFlagsKey(1))).toEqual([{ ...flag, appointment_id: 41 }]);
    act(() => screen.getByRole('button', { name: 'Acknowledge All 1 new update(s)' }).click());

    act(() => vi.advanceTimersByTime(1_500));
    emit({ id: 41, status: 'Confirmed', open_flag: null });
    expect(queryClient.getQueryData<OpenFlag[]>(openFlagsKey(1))).toEqual([]);
    expect(screen.getByTestId('highlighted').textContent).toBe('');
    expect(playSound).toHaveBeenCalledTimes(1);
  });
});
