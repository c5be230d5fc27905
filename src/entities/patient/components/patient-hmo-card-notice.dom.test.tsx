// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { seed, setupComponentTests, signInAs } from '@/testing/real-db';
import { createSession, renderApp } from '@/testing/render-app';
import { hmoCardKeys } from '../api/hmo-cards';
import { PatientHmoCardNotice } from './patient-hmo-card-notice';

setupComponentTests();

beforeEach(async () => {
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
  await seed.patients([
    { id: 1, name: 'Ana Santos', phone: '0917 555 0101' },
    { id: 2, name: 'Ben Cruz', phone: '0918 555 0202' },
  ]);
  await seed.hmos([{ id: 1, clinic_id: 1, name: 'Maxicare' }]);
  await seed.patient_hmo_cards([
    {
      clinic_id: 1,
      patient_id: 1,
      hmo_id: 1,
      member_number: 'MX-1',
      valid_from: '2030-01-01',
      valid_until: '2030-06-30',
    },
  ]);
});

/** The notice as the booking form shows it, for a patient on a clinic day, once the cards were read. */
async function renderNotice(patientId: number, day: string) {
  const user = await signInAs({ role: 'receptionist', clinic_id: 1 });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = renderApp(
    <QueryClientProvider client={queryClient}>
      <PatientHmoCardNotice clinicId={1} patientId={patientId} day={day} />
    </QueryClientProvider>,
    { session: createSession({ user }) },
  );
  await waitFor(() => expect(queryClient.getQueryState(hmoCardKeys.onDay(1, patientId, day))?.status).toBe('success'));
  return view;
}

describe('the booking form’s HMO card notice', () => {
  it('flags a card that has expired by the booked day', async () => {
    await renderNotice(1, '2030-07-01');
    expect(await screen.findByText('Maxicare card expired on this day: ask for the renewed card.')).toBeTruthy();
  });

  it('says nothing on the card’s last valid day', async () => {
    const { container } = await renderNotice(1, '2030-06-30');
    expect(container.querySelector('.hmo-card-notice')).toBeNull();
  });

  it('says nothing for a patient without a card', async () => {
    const { container } = await renderNotice(2, '2030-07-01');
    expect(container.querySelector('.hmo-card-notice')).toBeNull();
  });
});
