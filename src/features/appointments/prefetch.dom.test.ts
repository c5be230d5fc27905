// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { seed, setupComponentTests, signInAs } from '@/testing/real-db';
import { yearAppointmentsKey } from './model/api/get-appointments';
import { listDentistsQuery } from './model/api/get-list-dentists';
import { defaultPeriodSelection } from './model/periods';
import { prefetch } from './prefetch';

setupComponentTests();

beforeEach(async () => {
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
  await seed.dentists([{ id: 41, clinic_id: 1, name: 'Dr. Reyes' }]);
});

describe("the Appointments tab's warm start", () => {
  it('reads the dentists and the year the list opens on, under the keys the view reads', async () => {
    await signInAs({ role: 'receptionist', clinic_id: 1 });
    const queryClient = new QueryClient();
    prefetch(queryClient, 1, 'Asia/Manila');
    const { year } = defaultPeriodSelection(new Date(), 'Asia/Manila');
    await vi.waitFor(() => {
      expect(queryClient.getQueryData(listDentistsQuery(1).queryKey)?.map((dentist) => dentist.name)).toEqual([
        'Dr. Reyes',
      ]);
      expect(queryClient.getQueryData(yearAppointmentsKey(1, year, 'Asia/Manila'))).toEqual([]);
    });
  });

  it('leaves the year to the view when the clinic time zone is not known yet', async () => {
    await signInAs({ role: 'receptionist', clinic_id: 1 });
    const queryClient = new QueryClient();
    prefetch(queryClient, 1, undefined);
    await vi.waitFor(() => expect(queryClient.getQueryData(listDentistsQuery(1).queryKey)).toBeDefined());
    expect(queryClient.getQueryCache().findAll({ queryKey: ['appointments', 'list'] })).toEqual([]);
  });
});
