// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NoShowBadge } from '@/components/no-show-badge/no-show-badge';
import { initSupabase } from '@/lib/supabase';
import { seed, signInAs, stackConfig, setupRealDatabase } from '@/testing/real-db';
import { PatientNoShowFlag } from './patient-no-show-flag';

setupRealDatabase();

beforeAll(() => {
  initSupabase(stackConfig());
});

afterEach(() => {
  cleanup();
});

/** 10:00 in Manila (02:00Z) about `days` days ago, a Monday to Saturday: a time the clinic books. */
function daysAgo(days: number): string {
  const day = new Date(Date.now() - days * 86_400_000);
  day.setUTCHours(2, 0, 0, 0);
  if (day.getUTCDay() === 0) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString();
}

async function renderFlags(patientIds: readonly (number | null)[]) {
  await signInAs({ role: 'receptionist', clinic_id: 1 });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      {patientIds.map((patientId, index) => (
        <PatientNoShowFlag key={index} clinicId={1} patientId={patientId} />
      ))}
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('the frequent no-show flag', () => {
  it('says the count in words from 2 no-shows, and nothing below', () => {
    render(<NoShowBadge count={3} />);
    expect(screen.getByText('3 no-shows in 12 months')).toBeTruthy();
    cleanup();
    const { container } = render(<NoShowBadge count={1} />);
    expect(container.textContent).toBe('');
  });

  it('flags the chosen patient with 2 no-shows in the last 12 months (view patient_no_show_flags)', async () => {
    await seed.clinics([{ id: 1 }]);
    await seed.dentists([{}]);
    const [flagged, once] = await seed.patients([{ name: 'Niño Peña' }, { name: 'Ana Cruz' }]);
    await seed.appointments([
      { patient_id: flagged!.id, status: 'No Show', appointment_time: daysAgo(20) },
      { patient_id: flagged!.id, status: 'No Show', appointment_time: daysAgo(200) },
      { patient_id: once!.id, status: 'No Show', appointment_time: daysAgo(30) },
      { patient_id: once!.id, status: 'No Show', appointment_time: daysAgo(400) },
    ]);
    const queryClient = await renderFlags([flagged!.id, once!.id, null]);
    expect((await screen.findByRole('status')).textContent).toBe('2 no-shows in 12 months');
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });
});
