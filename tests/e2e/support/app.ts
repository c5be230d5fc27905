import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Locator, Page } from 'playwright-core';
import { vi } from 'vitest';
import ws from 'ws';
import { AUTH_STORAGE_KEY } from '../../../src/lib/supabase-loader.ts';
import { escapeRegExp } from '../../support/reg-exp.ts';
import type { E2eContext } from './context.ts';

export const DEMO_PASSWORD = 'Demo1234!';

export const DEMO = {
  superadmin: 'superadmin@demo.test',
  admin: 'admin@demo.test',
  receptionist: 'reception@demo.test',
  dentist: 'dentist@demo.test',
  admin2: 'admin2@demo.test',
} as const;

export const ALL_TABS = [
  'Patients',
  'Appointments',
  'Dentists',
  'Billing System',
  'Procedures',
  'Clinic Config',
  'Users & Roles',
  'Chat',
  'Reports',
  'Recalls',
  'Waitlist',
];

/** The tabs a receptionist sees, in order: all but the admin's Clinic Config and Users & Roles. */
export const RECEPTIONIST_TABS = ALL_TABS.filter((tab) => tab !== 'Clinic Config' && tab !== 'Users & Roles');

/** Each tab's button and its screen's heading. */
const TAB_HEADINGS: Record<string, string> = {
  Patients: 'Patients',
  Appointments: 'Appointments',
  Dentists: 'Dentists',
  'Billing System': 'Billing System',
  Procedures: 'Clinic Procedure Manager',
  'Clinic Config': 'Clinic Configuration',
  'Users & Roles': 'Users & Roles',
  Chat: 'Chat',
  Reports: 'Reports',
  Recalls: 'Recalls',
  Waitlist: 'Waitlist',
};

/** Opens a tab from the sidebar (the top bar on a tablet) and waits for its screen's heading. */
export async function openTab(page: Page, tab: string) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: tab, exact: true }).click();
  await page.getByRole('heading', { name: TAB_HEADINGS[tab] ?? tab, level: 1 }).waitFor();
}

export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.test`;

export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/** Logs in through the login screen and waits for the dashboard's sidebar. */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await fillLogin(page, email, password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByTestId('user-name').waitFor();
}

/**
 * Signs in as a returning user would come back: a session from the stack's own token endpoint,
 * stored where the app keeps it, then /dashboard opened, and waits for the sidebar. For tests whose
 * subject comes after the login; the login screen itself is tested with `loginAs`. It skips
 * loading, filling and leaving /login, about a quarter of a login's time.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  // The page's own stack (a test may run on another than the suite's): its /config.json names the
  // API and the key, as it does for the app.
  await page.goto('/config.json');
  const problem = await page.evaluate(
    async ({ email, password, storageKey }) => {
      const { supabaseUrl, anonKey } = JSON.parse(document.body.innerText) as { supabaseUrl: string; anonKey: string };
      const response = await fetch(`${supabaseUrl}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!response.ok) return `${response.status} ${await response.text()}`;
      const session = (await response.json()) as { expires_in: number; expires_at?: number };
      session.expires_at ??= Math.floor(Date.now() / 1000) + session.expires_in;
      localStorage.setItem(storageKey, JSON.stringify(session));
      return null;
    },
    { email, password, storageKey: AUTH_STORAGE_KEY },
  );
  if (problem) throw new Error(`sign-in as ${email} failed: ${problem}`);
  await page.goto('/dashboard');
  await page.getByTestId('user-name').waitFor();
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;
export const hashOf = (page: Page) => new URL(page.url()).hash;

/** Waits for the URL to reach a path (redirects happen client-side, after the first load). */
export async function waitForPath(page: Page, pathname: string) {
  await page.waitForURL((url) => url.pathname === pathname);
}

/** The visible sidebar tab labels, in order. */
export async function visibleTabs(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Sections' }).getByRole('button').allTextContents();
}

/** Text that must appear on the page, exactly. */
export async function expectText(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });
}

export interface DevMail {
  id: number;
  to: string;
  subject: string;
  kind: string;
  link: string;
  sentAt: string;
}

/** Waits for an auth e-mail in the dev mailbox (`/_dev/mail.json`) newer than `afterId`. */
export async function waitForMail(
  baseUrl: string,
  to: string,
  kind: 'signup' | 'recovery' | 'signup_existing',
  afterId = 0,
) {
  return vi.waitFor(
    async () => {
      const response = await fetch(`${baseUrl}/_dev/mail.json?to=${encodeURIComponent(to)}`);
      const mails = (await response.json()) as DevMail[];
      const mail = mails.find((candidate) => candidate.kind === kind && candidate.id > afterId);
      if (!mail) throw new Error(`no ${kind} mail to ${to} yet`);
      return mail;
    },
    { timeout: 10_000, interval: 100 },
  );
}

function nodeClient(ctx: E2eContext, key: string): SupabaseClient {
  return createClient(ctx.baseUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
}

export const serviceClient = (ctx: E2eContext) => nodeClient(ctx, ctx.serviceRoleKey);

export { createStaffAccount } from '../../support/staff-login.ts';

/**
 * A new clinic and its admin, signed up and confirmed through the dev mailbox outside the
 * browser (for tests that need a fresh account rather than the sign-up screen itself).
 */
export async function createConfirmedAdmin(ctx: E2eContext, label: string, clinicName?: string) {
  const account = {
    email: uniqueEmail(label),
    password: `Pw-${randomUUID().slice(0, 10)}`,
    name: `Dr. ${label}`,
    clinicName: clinicName ?? `Clinic ${randomUUID().slice(0, 6)}`,
  };
  const { error } = await nodeClient(ctx, ctx.anonKey).auth.signUp({
    email: account.email,
    password: account.password,
    options: { data: { name: account.name, clinic_name: account.clinicName }, emailRedirectTo: `${ctx.baseUrl}/login` },
  });
  if (error) throw new Error(`sign-up of ${account.email} failed: ${error.message}`);
  const mail = await waitForMail(ctx.baseUrl, account.email, 'signup');
  const confirmation = await fetch(mail.link, { redirect: 'manual' });
  if (confirmation.status !== 303) throw new Error(`confirming ${account.email} answered ${confirmation.status}`);
  return account;
}

/**
 * Holds back matching requests until released, so a test can see a button's working label
 * ('Logging in...') without sleeping.
 */
export async function holdRequests(page: Page, urlPattern: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen!: () => void;
  const arrived = new Promise<void>((resolve) => (seen = resolve));
  await page.route(urlPattern, async (route) => {
    seen();
    await released;
    await route.continue();
  });
  return { arrived, release };
}

/** The Appointments list's filters set to the year and month of a clinic date (YYYY-MM-DD); answers the filters. */
export async function showListMonth(page: Page, date: string): Promise<Locator> {
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByLabel('Year', { exact: true }).selectOption(String(Number(date.slice(0, 4))));
  await filters.getByLabel('Month', { exact: true }).selectOption(String(Number(date.slice(5, 7))));
  return filters;
}

/**
 * The Appointments list showing one dentist's month of a clinic date (YYYY-MM-DD). The dentist
 * is chosen by its id: the option's label carries the month's count ('Dr. Cruz (1)'), which reads
 * (0) until the month's appointments arrive, so a label read too early names no option later.
 */
export async function showDentistMonth(page: Page, dentistName: string, date: string) {
  const filters = await showListMonth(page, date);
  const dentist = filters.getByLabel('Dentist', { exact: true });
  // The option reads 'Dr. Ana Cruz (12)'; other tests' dentists may share the name's start.
  const named = new RegExp(`^${escapeRegExp(dentistName)}( \\(\\d+\\))?$`);
  const option = dentist.locator('option', { hasText: named });
  await option.waitFor({ state: 'attached' });
  await dentist.selectOption((await option.getAttribute('value'))!);
}

/** The Appointments list showing the month of a clinic date (YYYY-MM-DD) for the dentist with that id. */
export async function showDentistMonthById(page: Page, dentistId: number, date: string) {
  const filters = await showListMonth(page, date);
  await filters.getByLabel('Dentist', { exact: true }).selectOption(String(dentistId));
}

/** Shows the dentist and the month of a clinic date in the list, and opens that patient's Edit. */
export async function openEditFromList(page: Page, dentistName: string, patientName: string, date: string) {
  await showDentistMonth(page, dentistName, date);
  await page.getByRole('button', { name: `Edit appointment of ${patientName}` }).click();
  const form = page.getByRole('dialog', { name: 'Edit Appointment' });
  await form.getByLabel('Dentist').waitFor();
  return form;
}

/** The appointment's row in the Appointments list. */
export const appointmentRow = (page: Page, appointmentId: number) =>
  page.locator(`tr[data-appointment-id="${appointmentId}"]`);

/** Opens the Reminder modal from the bell of the patient's appointment in the list, and waits for its settings. */
export async function openReminders(page: Page, patientName: string): Promise<Locator> {
  await page.getByRole('button', { name: new RegExp(`^Reminders for ${escapeRegExp(patientName)}`) }).click();
  const modal = page.getByRole('dialog', { name: 'Manage Reminders' });
  await modal.getByRole('heading', { name: 'Reminder Settings' }).waitFor();
  return modal;
}

/**
 * The Appointments list narrowed to the month of `date` and one dentist, and 'Bill' pressed on the
 * appointment's row (a Completed one); answers the row.
 */
export async function billAppointment(
  page: Page,
  { date, dentistId, appointmentId }: { date: string; dentistId: number; appointmentId: number },
): Promise<Locator> {
  await openTab(page, 'Appointments');
  await showDentistMonthById(page, dentistId, date);
  const row = appointmentRow(page, appointmentId);
  await row.getByRole('button', { name: /^Bill appointment of/ }).click();
  return row;
}

/**
 * Pays an invoice in cash through the given staff client, opens the payment's receipt and answers
 * the cells of its items table, row by row, as printed.
 */
export async function paidReceiptItemRows(
  page: Page,
  {
    api,
    clinicId,
    invoiceId,
    patientId,
    amount,
  }: {
    api: SupabaseClient;
    clinicId: number;
    invoiceId: number;
    patientId: number;
    amount: string;
  },
): Promise<(string | null)[][]> {
  const payment = await api
    .from('payments')
    .insert({ clinic_id: clinicId, invoice_id: invoiceId, patient_id: patientId, amount, method: 'cash' })
    .select('id')
    .single();
  if (payment.error) throw payment.error;
  await page.goto(`/receipts/${payment.data.id}`);
  const lines = page.getByRole('table', { name: `Items on invoice #${invoiceId}` });
  await lines.waitFor();
  return lines
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
}
