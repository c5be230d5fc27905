// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { seed, setupComponentTests, signInAs } from '@/testing/real-db';
import { dueListQuery, recallIntervalQuery } from './due-list/api/get-due-list';
import { prefetch } from './prefetch';

setupComponentTests();

beforeEach(async () => {
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
});

describe("the Recalls tab's warm start", () => {
  it('reads the due list and the recall interval under the keys the view reads', async () => {
    await signInAs({ role: 'receptionist', clinic_id: 1 });
    const queryClient = new QueryClient();
    prefetch(queryClient, 1);
    await waitFor(() => {
      expect(queryClient.getQueryData(dueListQuery(1).queryKey)).toEqual([]);
      expect(queryClient.getQueryData(recallIntervalQuery(1).queryKey)).toBe(6);
    });
  });
});
