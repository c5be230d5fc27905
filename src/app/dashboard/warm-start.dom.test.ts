// @vitest-environment jsdom
import type { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { seed, setupComponentTests, signInAs, stackConfig } from '@/testing/real-db';

setupComponentTests();

beforeEach(async () => {
  sessionStorage.clear();
  await seed.clinics([
    { id: 1, name: 'Smile Dental' },
    { id: 2, name: 'Bright Teeth' },
  ]);
  await seed.patients([
    { clinic_id: 1, name: 'Ana Santos', phone: '0917 555 0101' },
    { clinic_id: 2, name: 'Ben Cruz', phone: '0918 555 0202' },
  ]);
});

/**
 * The warm start as a page load has it: its module state (one warm start, one dashboard opening)
 * fresh, and the Supabase client made from the stored session, as after a reload.
 */
async function freshPage() {
  vi.resetModules();
  // A second auth client on the stored session is what a reload makes; auth-js warns about it.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const loader = await import('@/lib/supabase-loader');
  loader.configureSupabase(stackConfig());
  const warmStart = await import('./warm-start');
  const patients = await import('@/features/patients/prefetch');
  const prefetch = vi.fn(patients.prefetch);
  const { patientKeys } = await import('@/features/patients/model/query-keys');
  const names = (client: QueryClient | undefined, clinicId: number) =>
    client?.getQueryData<{ name: string }[]>(patientKeys.list(clinicId))?.map((patient) => patient.name);
  return { ...warmStart, prefetch, names };
}

describe('the warm start of a reloaded dashboard', () => {
  it("reads the saved tab's data beside the session check and hands it to the same user and clinic", async () => {
    const user = await signInAs({ role: 'receptionist', clinic_id: 1 });
    const page = await freshPage();
    page.rememberWorkingClinic(user.supabase_id, 1);

    await page.startWarm(page.prefetch);
    expect(page.prefetch).toHaveBeenCalledWith(expect.anything(), 1, undefined);
    const client = page.takeWarmQueryClient(user.supabase_id, 1);
    expect(client).toBeDefined();
    await waitFor(() => expect(page.names(client, 1)).toEqual(['Ana Santos']));
  });

  it('hands the tab the clinic time zone it remembered with the clinic', async () => {
    const user = await signInAs({ role: 'receptionist', clinic_id: 1 });
    const page = await freshPage();
    page.rememberWorkingClinic(user.supabase_id, 1, 'Asia/Tokyo');

    await page.startWarm(page.prefetch);
    expect(page.prefetch).toHaveBeenCalledWith(expect.anything(), 1, 'Asia/Tokyo');
  });

  it('drops what it read when the session check gives another clinic', async () => {
    const user = await signInAs({ role: 'receptionist', clinic_id: 1 });
    const page = await freshPage();
    page.rememberWorkingClinic(user.supabase_id, 2);

    await page.startWarm(page.prefetch);
    expect(page.prefetch).toHaveBeenCalledWith(expect.anything(), 2, undefined);
    expect(page.takeWarmQueryClient(user.supabase_id, 1)).toBeUndefined();
  });

  it('reads nothing when the stored session is another account than the one remembered', async () => {
    const first = await signInAs({ role: 'receptionist', clinic_id: 1 });
    sessionStorage.setItem('ngiti:working-clinic', JSON.stringify({ user: first.supabase_id, clinic: 1 }));
    // Another account signed in from another browser tab (the stored session is shared).
    const second = await signInAs({ role: 'admin', clinic_id: 1 });
    const page = await freshPage();

    await page.startWarm(page.prefetch);
    expect(page.prefetch).not.toHaveBeenCalled();
    expect(page.takeWarmQueryClient(second.supabase_id, 1)).toBeUndefined();
  });

  it('is not used by a dashboard that opened before it was ready', async () => {
    const user = await signInAs({ role: 'receptionist', clinic_id: 1 });
    const page = await freshPage();
    page.rememberWorkingClinic(user.supabase_id, 1);

    const started = page.startWarm(page.prefetch);
    expect(page.takeWarmQueryClient(user.supabase_id, 1)).toBeUndefined();
    await started;
    expect(page.prefetch).not.toHaveBeenCalled();
  });
});
