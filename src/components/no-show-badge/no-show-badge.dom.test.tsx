// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initSupabase } from '@/lib/supabase';
import { mockConfig, seed } from '@/testing/mocks';
import { NoShowBadge } from './no-show-badge';
import { PatientNoShowFlag } from './patient-no-show-flag';

beforeAll(() => {
  initSupabase(mockConfig);
});

afterEach(() => {
  cleanup();
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

function renderFlags(patientIds: readonly (number | null)[]) {
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
    seed.clinics([{ id: 1 }]);
    const [flagged, once] = seed.patients([{ name: 'Niño Peña' }, { name: 'Ana Cruz' }]);
    seed.appointments([
      { patient_id: flagged!.id, status: 'No Show', appointment_time: daysAgo(20) },
      { patient_id: flagged!.id, status: 'No Show', appointment_time: daysAgo(200) },
      { patient_id: once!.id, status: 'No Show', appointment_time: daysAgo(20) },
      { patient_id: once!.id, status: 'No Show', appointment_time: daysAgo(400) },
    ]);
    const queryClient = renderFlags([flagged!.id, once!.id, null]);
    expect((await screen.findByRole('status')).textContent).toBe('2 no-shows in 12 months');
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });
});
