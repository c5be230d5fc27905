/**
 * The Appointments tab's live updates, shared by the browser tests that watch them: the tab opened
 * once its live connection is up, and the marks a live change leaves on the screen.
 */
import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, openTab, signIn } from './app.ts';

/** The Appointments screen while its live connection is in `state` ('connected', say). */
export const appointmentsLive = (page: Page, state: string) =>
  page.locator(`.appointments-screen[data-live="${state}"]`);

/** Signs in and opens Appointments; waits until the live connection is up (events before it are not replayed). */
export async function openLiveAppointments(page: Page, email: string, password = DEMO_PASSWORD) {
  await signIn(page, email, password);
  await openTab(page, 'Appointments');
  await appointmentsLive(page, 'connected').waitFor();
}

/** The '{n} new update(s)' pill, shown while live changes wait to be acknowledged. */
export const livePill = (page: Page) => page.getByTestId('live-updates-pill');

/** The element's classes (a row's 'appointment-highlighted', say). */
export const classesOf = async (element: Locator) => ((await element.getAttribute('class')) ?? '').split(' ');
