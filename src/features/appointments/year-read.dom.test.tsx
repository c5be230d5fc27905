// @vitest-environment jsdom
import { useQueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscribeOptions } from '@/lib/realtime-client';
import { fakeRealtime } from '@/lib/testing/fake-realtime';
import { seed, server } from '@/testing/real-db';
import { usePrefetchYearAppointments, useYearAppointments, yearAppointmentsKey } from './model/api/get-appointments';
import AppointmentsTab from './tab';
import { renderWithQueries, setUpListScreen } from './testing/render-list';

vi.mock('@/lib/realtime-client', async (actual) => ({
  ...(await actual<object>()),
  subscribeToServiceEvents: (options: SubscribeOptions) => fakeRealtime.subscribe(options),
}));

// Wednesday 2030-01-09, 08:00 in Manila.
setUpListScreen(new Date('2030-01-09T00:00:00Z'));
const MANILA = 'Asia/Manila';

/** The list's year reads (the rows with the patient), by URL, as the network saw them. */
let yearReads: string[] = [];
const recordYearReads = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  if (url.pathname.endsWith('/appointments') && url.searchParams.get('select')?.includes('patient:'))
    yearReads.push(url.search);
};
beforeEach(() => {
  yearReads = [];
  server.events.on('request:start', recordYearReads);
});
afterEach(() => server.events.removeListener('request:start', recordYearReads));

/** What a component rendered after the hook sees of the year's read while it renders. */
async function probeDuringRender(useHook: () => void) {
  const seen: (string | undefined)[] = [];
  function Probe() {
    seen.push(useQueryClient().getQueryState(yearAppointmentsKey(1, 2030, MANILA))?.fetchStatus);
    return null;
  }
  function Screen() {
    useHook();
    return <Probe />;
  }
  await renderWithQueries(<Screen />);
  return seen[0];
}

describe("the list's year of appointments", () => {
  it('is asked for while the screen renders, before anything is drawn', async () => {
    expect(await probeDuringRender(() => usePrefetchYearAppointments(1, 2030, MANILA))).toBe('fetching');
    // useQuery alone starts its read only after the commit.
    expect(await probeDuringRender(() => void useYearAppointments(1, 2030, MANILA))).not.toBe('fetching');
  });

  it('is read once when the tab opens, and the summary counts it', async () => {
    await seed.dentists([{ id: 1, name: 'Dr. Andrea Villanueva' }]);
    await seed.patients([{ id: 11, name: 'Maria Santos' }]);
    await seed.appointments([
      { id: 101, dentist_id: 1, patient_id: 11, appointment_time: '2030-01-10T10:00:00+08:00' },
      { id: 102, dentist_id: 1, patient_id: 11, appointment_time: '2030-01-11T10:00:00+08:00' },
    ]);
    await renderWithQueries(<AppointmentsTab />, { role: 'receptionist' });
    expect(await screen.findByText('Total: 2 appointment(s) this month')).toBeTruthy();
    expect(yearReads).toHaveLength(1);
  });
});
