// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { seed, setupComponentTests, signInAs } from '@/testing/real-db';
import { yearAppointmentsKey } from './model/api/get-appointments';
import { listDentistsQuery } from './model/api/get-list-dentists';
import { prefetch } from './prefetch';

setupComponentTests();

beforeEach(async () => {
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
  await seed.dentists([{ id: 41, clinic_id: 1, name: 'Dr. Reyes' }]);
});

describe("the Appointments tab's warm start", () => {
  it('reads the dentists and the clinic year the list opens on, under the keys the view reads', async () => {
    await signInAs({ role: 'receptionist', clinic_id: 1 });
    const queryClient = new QueryClient();
    // New Year's Eve in UTC is already 1 January 2026 in Manila: the year is the clinic's. Only the
    // prefetch's own clock is fixed; the reads and the session keep the real one.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-12-31T16:30:00Z'));
    try {
      prefetch(queryClient, 1, 'Asia/Manila');
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => {
      expect(queryClient.getQueryData(listDentistsQuery(1).queryKey)?.map((dentist) => dentist.name)).toEqual([
        'Dr. Reyes',
      ]);
      expect(queryClient.getQueryData(yearAppointmentsKey(1, 2026, 'Asia/Manila'))).toEqual([]);
    });
  });

  it('leaves the year to the view when the clinic time zone is not known yet', async () => {
    await signInAs({ role: 'receptionist', clinic_id: 1 });
    const queryClient = new QueryClient();
    prefetch(queryClient, 1, undefined);
    await waitFor(() => expect(queryClient.getQueryData(listDentistsQuery(1).queryKey)).toBeDefined());
    expect(queryClient.getQueryCache().findAll({ queryKey: ['appointments', 'list'] })).toEqual([]);
  });
});
