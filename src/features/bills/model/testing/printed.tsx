import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { expect, vi } from 'vitest';
import type { Role } from '@/lib/authorization';
import { seed, signInAs } from '@/testing/real-db';
import { createSession, renderApp } from '@/testing/render-app';

/**
 * Smile Dental (clinic 1) with the address and contacts its printed pages head with, and Bright
 * Teeth (clinic 2); Ana Santos is Smile Dental's patient, Ben Cruz Bright Teeth's.
 */
export async function seedTwoClinics() {
  await seed.clinics([
    {
      id: 1,
      name: 'Smile Dental',
      address: '12 Rizal Ave, Quezon City',
      contact_phone: '0917 555 0100',
      contact_email: 'hello@smile.test',
    },
    { id: 2, name: 'Bright Teeth' },
  ]);
  const [ana, ben] = await seed.patients([
    { clinic_id: 1, name: 'Ana Santos' },
    { clinic_id: 2, name: 'Ben Cruz' },
  ]);
  return { ana: ana!, ben: ben! };
}

/**
 * Opens a printed page (its own route, outside the dashboard) at `url`, as a staff member of clinic
 * 1 with `role` signed in on the real stack.
 */
export async function openPrintedPage(
  route: { path: string; page: ReactElement; url: string },
  role: Role = 'receptionist',
) {
  const user = await signInAs({ role, clinic_id: 1 });
  renderApp(
    <Routes>
      <Route path={route.path} element={route.page} />
    </Routes>,
    { session: createSession({ user }), route: route.url },
  );
  return { user: userEvent.setup() };
}

/** The text given for a term of the page's description lists. */
export const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

/** The letterhead of Smile Dental, as seedTwoClinics makes it, on the printed `page`. */
export function expectLetterhead(page: HTMLElement) {
  expect(within(page).getByText('Smile Dental')).toBeTruthy();
  expect(within(page).getByText('12 Rizal Ave, Quezon City')).toBeTruthy();
  expect(within(page).getByText('0917 555 0100 · hello@smile.test')).toBeTruthy();
}

/** Print asks the browser to print the page, once. */
export async function expectPrints(user: ReturnType<typeof userEvent.setup>) {
  const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
  await user.click(screen.getByRole('button', { name: 'Print' }));
  expect(print).toHaveBeenCalledOnce();
}
