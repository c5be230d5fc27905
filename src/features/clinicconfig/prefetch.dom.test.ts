// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { seed, setupComponentTests, signInAs } from '@/testing/real-db';
import { clinicSettingsQuery } from './model/api/get-clinic';
import { prefetch } from './prefetch';

setupComponentTests();

beforeEach(async () => {
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
});

describe("Clinic Config's warm start", () => {
  it("reads the clinic's settings under the key the form reads", async () => {
    await signInAs({ role: 'admin', clinic_id: 1 });
    const queryClient = new QueryClient();
    prefetch(queryClient, 1);
    await waitFor(() =>
      expect(queryClient.getQueryData(clinicSettingsQuery(1).queryKey)).toMatchObject({ id: 1, name: 'Smile Dental' }),
    );
  });
});
