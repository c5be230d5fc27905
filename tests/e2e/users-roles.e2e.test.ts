/**
 * Users & Roles, in Chromium: the admin of a clinic of its own adds a receptionist (the
 * confirmation mail reaches the dev mailbox, the receptionist confirms and signs in on a tablet),
 * changes them to dentist (their open dashboard returns to the login page with a message within
 * 5 s, and signing in again gives the dentist's tabs) and deletes them (the same, from an open
 * Billing System, without a reload). The spec texts are checked at desktop and tablet sizes. Each
 * test signs up its own clinic, so nothing is shared with other files.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createConfirmedAdmin,
  createStaffAccount,
  DEMO,
  loginAs,
  openTab,
  pathOf,
  RECEPTIONIST_TABS,
  serviceClient,
  uniqueEmail,
  visibleTabs,
  waitForMail,
} from './support/app.ts';
import {
  DESKTOP,
  connectChromium,
  openPage,
  saveScreenshot,
  TABLET_PORTRAIT,
  withPage,
  withPageOnEachScreen,
} from './support/chromium.ts';
import { expectNoSidewaysScroll } from './support/layout.ts';

const ctx = inject('e2e');

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users & Roles' });
const rowOf = (page: Page, text: string) => usersTable(page).getByRole('row').filter({ hasText: text });
const headerMessage = (page: Page, text: string) =>
  page.locator('.users-header').getByText(text, { exact: true }).waitFor();

async function clinicIdOf(email: string): Promise<number> {
  const { data, error } = await serviceClient(ctx).from('users').select('clinic_id').eq('email', email).single();
  if (error) throw error;
  return Number(data.clinic_id);
}

/**
 * The page's next live-update connection of a tab (not the dashboard's access watch): joined once
 * the service accepted the handshake ('40'), and its end.
 */
function liveSocketOf(page: Page) {
  let joined!: () => void;
  let closed!: () => void;
  const result = {
    joined: new Promise<void>((resolve) => (joined = resolve)),
    closed: new Promise<void>((resolve) => (closed = resolve)),
  };
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/socket.io/') || socket.url().includes('label=access-watch')) return;
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && payload.startsWith('40')) joined();
    });
    socket.on('close', () => closed());
  });
  return result;
}

const ACCESS_CHANGED = 'Your access was changed or removed. Please sign in again.';

/** The dashboard's next access watch connection, joined once the service accepted the handshake ('40'). */
function accessWatchJoined(page: Page): Promise<void> {
  return new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/') || !socket.url().includes('label=access-watch')) return;
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.startsWith('40')) resolve();
      });
    });
  });
}

/**
 * Within 5 s of the admin's `act` (counted from before it), the member's open dashboard is on the
 * login page with the access message, without a reload.
 */
async function expectSentToLoginWithin5s(member: Page, act: () => Promise<void>) {
  const started = Date.now();
  // Settled at once (not left rejected while `act` runs); its failure is thrown below.
  const shown = member
    .getByText(ACCESS_CHANGED, { exact: true })
    .waitFor({ timeout: 5_000 })
    .then(
      () => undefined,
      (error: unknown) => error,
    );
  await act();
  const failure = await shown;
  if (failure) throw failure;
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(pathOf(member)).toBe('/login');
  expect(await member.getByTestId('user-name').count()).toBe(0);
}

/** Waits for `promise`, failing with a clear message after `seconds`. */
async function withinSeconds(promise: Promise<void>, seconds: number, what: string) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${seconds} s for ${what}`)), seconds * 1000);
  });
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The table fits the viewport: nothing sticks out to the right. */
async function expectFits(page: Page, viewport: { width: number }) {
  const box = await page.getByRole('heading', { name: 'Users & Roles', level: 1 }).boundingBox();
  expect(box).not.toBeNull();
  await expectNoSidewaysScroll(page);
  expect(viewport.width).toBeGreaterThan(0);
}

describe.skipIf(!ctx.chromium)('Users & Roles', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectChromium(ctx);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Runs `use` on a page at 1366×768 signed in as `admin`, with Users & Roles open. */
  const onUsersTab = (admin: { email: string; password: string }, use: (page: Page) => Promise<void>) =>
    withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        await loginAs(page, admin.email, admin.password);
        await openTab(page, 'Users & Roles');
        await use(page);
      },
      DESKTOP,
    );

  it('an admin adds a receptionist who confirms and signs in, makes them a dentist, then deletes them', async () => {
    const owner = await createConfirmedAdmin(ctx, 'users-owner');
    const clinicId = await clinicIdOf(owner.email);
    const staff = { name: `Rosa ${clinicId}`, email: uniqueEmail('rosa'), password: 'Rosa-pass-1' };

    await withPage(
      browser,
      ctx.baseUrl,
      async (admin) => {
        await loginAs(admin, owner.email, owner.password);
        await openTab(admin, 'Users & Roles');
        await admin
          .getByText(`Logged in as ${owner.name} (admin) | Clinic: ${owner.clinicName} | Clinic ID: ${clinicId}`, {
            exact: true,
          })
          .waitFor();
        await rowOf(admin, owner.email).waitFor();

        // Add User: every field required, GoTrue's reason under the failure, then the real thing.
        await admin.getByRole('button', { name: 'Add User' }).click();
        const add = admin.getByRole('dialog', { name: 'Add User' });
        expect(await add.getByLabel('Role').inputValue()).toBe('receptionist');
        await add.getByRole('button', { name: 'Save' }).click();
        await add.getByText('Please fill all fields.', { exact: true }).waitFor();
        await add.getByLabel('Name').fill(staff.name);
        await add.getByLabel('Email').fill(staff.email);
        await add.getByLabel('Password').fill('12345');
        await add.getByRole('button', { name: 'Save' }).click();
        await add.getByText('User creation failed', { exact: true }).waitFor();
        await add.getByText('Password should be at least 6 characters.', { exact: true }).waitFor();
        await add.getByLabel('Password').fill(staff.password);
        await add.getByRole('button', { name: 'Save' }).click();
        await headerMessage(admin, 'User created! They must confirm their email before logging in.');
        await rowOf(admin, staff.email).getByText('receptionist', { exact: true }).waitFor();

        // The confirmation mail is in the dev mailbox; following its link confirms the address.
        const mail = await waitForMail(ctx.baseUrl, staff.email, 'signup');
        const confirmed = await fetch(mail.link, { redirect: 'manual' });
        expect(confirmed.status).toBe(303);

        const member = await openPage(browser, ctx.baseUrl, TABLET_PORTRAIT);
        try {
          const watching = accessWatchJoined(member.page);
          await loginAs(member.page, staff.email, staff.password);
          expect(await visibleTabs(member.page)).toEqual(RECEPTIONIST_TABS);

          // The open dashboard watches the member's access.
          await withinSeconds(watching, 10, 'the dashboard’s access watch to connect');

          // Edit User: the member's open dashboard returns to the login page with a message.
          await rowOf(admin, staff.email)
            .getByRole('button', { name: `Edit ${staff.name}` })
            .click();
          const edit = admin.getByRole('dialog', { name: 'Edit User' });
          await edit.getByLabel('Role').selectOption('dentist');
          await expectSentToLoginWithin5s(member.page, async () => {
            await edit.getByRole('button', { name: 'Save' }).click();
            await headerMessage(admin, 'User updated!');
          });
          await rowOf(admin, staff.email).getByText('dentist', { exact: true }).waitFor();

          // Signing in again gives the new role's tabs.
          const watchingAgain = accessWatchJoined(member.page);
          await loginAs(member.page, staff.email, staff.password);
          await expect
            .poll(() => visibleTabs(member.page))
            .toEqual(['Patients', 'Appointments', 'Billing System', 'Chat']);
          await withinSeconds(watchingAgain, 10, 'the dashboard’s access watch to connect again');

          // The member's open Billing System (empty: "No invoices found.") joins the clinic's live updates.
          const live = liveSocketOf(member.page);
          await openTab(member.page, 'Billing System');
          await member.page.getByText('No invoices found.', { exact: true }).waitFor();
          await live.joined;

          // Delete: the modal names the user and their auth id; the member's open Billing System
          // returns to the login page with the message within 5 s, without any reload.
          await rowOf(admin, staff.email)
            .getByRole('button', { name: `Delete ${staff.name}` })
            .click();
          const confirm = admin.getByRole('dialog', { name: 'Confirm Delete' });
          await confirm.getByText(staff.name, { exact: true }).waitFor();
          expect(await confirm.getByTestId('delete-user-auth-id').textContent()).toMatch(/^[0-9a-f-]{36}$/);
          await expectSentToLoginWithin5s(member.page, async () => {
            await confirm.getByRole('button', { name: 'Delete' }).click();
            await headerMessage(admin, 'User deleted from Auth & custom table.');
          });
          await rowOf(admin, staff.email).waitFor({ state: 'detached' });
          // Its live-update sockets are gone, and a reload stays on the login page.
          await withinSeconds(live.closed, 5, 'the deleted user’s live-update socket to close');
          await member.page.reload();
          await member.page.waitForURL((url) => url.pathname === '/login');
          expect(member.pageErrors).toEqual([]);
        } finally {
          await member.context.close();
        }
        await saveScreenshot(admin, 'users-roles-desktop');
      },
      DESKTOP,
    );
  });

  it('the superadmin, on a clinic chosen in the selector, adds its first admin, who then manages it', async () => {
    const clinicName = `First Admin Clinic ${randomUUID().slice(0, 6)}`;
    const { data: clinic, error } = await serviceClient(ctx)
      .from('clinics')
      .insert({ name: clinicName })
      .select('id')
      .single();
    expect(error).toBeNull();
    const firstAdmin = { name: `Admin ${clinic!.id}`, email: uniqueEmail('first-admin'), password: 'First-pass-1' };

    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        await loginAs(page, DEMO.superadmin);
        await page.locator('#clinic-selector option', { hasText: clinicName }).waitFor({ state: 'attached' });
        await page.getByLabel('Working on').selectOption({ label: clinicName });
        await page.getByTestId('clinic-name').filter({ hasText: clinicName }).waitFor();
        await openTab(page, 'Users & Roles');
        await page.getByText(`| Clinic: ${clinicName} | Clinic ID: ${clinic!.id}`).waitFor();
        await usersTable(page).getByText('No users found.', { exact: true }).waitFor();

        await page.getByRole('button', { name: 'Add User' }).click();
        const add = page.getByRole('dialog', { name: 'Add User' });
        await add.getByLabel('Name').fill(firstAdmin.name);
        await add.getByLabel('Email').fill(firstAdmin.email);
        await add.getByLabel('Password').fill(firstAdmin.password);
        await add.getByLabel('Role').selectOption('admin');
        await add.getByRole('button', { name: 'Save' }).click();
        await headerMessage(page, 'User created! They must confirm their email before logging in.');
        await rowOf(page, firstAdmin.email).getByText('admin', { exact: true }).waitFor();
      },
      TABLET_PORTRAIT,
    );

    const mail = await waitForMail(ctx.baseUrl, firstAdmin.email, 'signup');
    expect((await fetch(mail.link, { redirect: 'manual' })).status).toBe(303);
    await withPage(browser, ctx.baseUrl, async (page) => {
      await loginAs(page, firstAdmin.email, firstAdmin.password);
      expect(await page.getByTestId('clinic-name').textContent()).toBe(clinicName);
      await openTab(page, 'Users & Roles');
      await rowOf(page, firstAdmin.email).waitFor();
    });
  });

  it('shows the spec texts of the table and the modals at tablet and desktop sizes', async () => {
    const owner = await createConfirmedAdmin(ctx, 'users-sizes');
    const clinicId = await clinicIdOf(owner.email);
    // A profile from before accounts were linked: no auth user id stored.
    const legacyEmail = uniqueEmail('legacy');
    const { error } = await serviceClient(ctx)
      .from('users')
      .insert({ email: legacyEmail, name: 'Legacy Profile', role: 'dentist', clinic_id: clinicId });
    expect(error).toBeNull();

    await withPageOnEachScreen(browser, ctx.baseUrl, async (page, { name: label, size: viewport }) => {
      await loginAs(page, owner.email, owner.password);
      await openTab(page, 'Users & Roles');
      await rowOf(page, legacyEmail).waitFor();
      expect(await usersTable(page).getByRole('columnheader').allTextContents()).toEqual([
        'Name',
        'Email',
        'Role',
        'Date Added',
        'Actions',
      ]);
      // Newest first: the profile added last is the first row.
      expect(await usersTable(page).getByRole('row').nth(1).textContent()).toContain('Legacy Profile');
      await expectFits(page, viewport);
      await saveScreenshot(page, `users-roles-${label}-${viewport.width}x${viewport.height}`);

      await rowOf(page, legacyEmail).getByRole('button', { name: 'Edit Legacy Profile' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit User' });
      await edit.getByLabel('Name').fill('  ');
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.getByText('Please fill all fields.', { exact: true }).waitFor();
      await edit.getByRole('button', { name: 'Cancel' }).click();

      await rowOf(page, legacyEmail).getByRole('button', { name: 'Delete Legacy Profile' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm Delete' });
      await confirm.getByText('(missing)', { exact: true }).waitFor();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await confirm.getByText('No auth user_id stored for this user.', { exact: true }).waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();

      // One's own row: no Delete, and the role cannot be changed.
      const own = rowOf(page, owner.email);
      expect(await own.getByRole('button', { name: `Delete ${owner.name}` }).isDisabled()).toBe(true);
    });
  });

  it('an admin gets no action on the superadmin’s row, and a stale page is told only the superadmin can change it', async () => {
    const owner = await createConfirmedAdmin(ctx, 'users-super');
    const clinicId = await clinicIdOf(owner.email);
    const service = serviceClient(ctx);
    const account = async (label: string, role: string) => {
      const name = `${label} ${clinicId}`;
      const id = await createStaffAccount(service, {
        email: uniqueEmail(label.toLowerCase()),
        password: `Pw-${randomUUID().slice(0, 10)}`,
        name,
        clinicId,
        role,
      });
      return { id, name };
    };
    const root = await account('Root', 'superadmin');
    const rosa = await account('Rosa', 'receptionist');
    const rita = await account('Rita', 'receptionist');
    const ONLY_SUPERADMIN = 'Only the superadmin can change this account.';

    try {
      await onUsersTab(owner, async (page) => {
        const rootRow = rowOf(page, root.name);
        await rootRow.waitFor();
        for (const action of ['Edit', 'Delete']) {
          const button = rootRow.getByRole('button', { name: `${action} ${root.name}` });
          expect(await button.isDisabled()).toBe(true);
          expect(await button.getAttribute('title')).toBe(ONLY_SUPERADMIN);
        }

        await rowOf(page, rosa.name)
          .getByRole('button', { name: `Edit ${rosa.name}` })
          .click();
        const edit = page.getByRole('dialog', { name: 'Edit User' });
        expect(await edit.getByLabel('Role').locator('option').allTextContents()).not.toContain('superadmin');
        // The page goes stale: Rosa's profile becomes the superadmin's (the service role may do that).
        const promoted = await service.from('users').update({ role: 'superadmin' }).eq('user_id', rosa.id);
        expect(promoted.error).toBeNull();
        await edit.getByLabel('Name').fill(`Rosa Renamed ${clinicId}`);
        await edit.getByRole('button', { name: 'Save' }).click();
        await edit.getByText('User update failed', { exact: true }).waitFor();
        await edit.getByText(ONLY_SUPERADMIN, { exact: true }).waitFor();
        expect(await page.getByText('This user no longer exists', { exact: false }).count()).toBe(0);
        await edit.getByRole('button', { name: 'Cancel' }).click();
        // The refused save read the list again: Rosa's row now offers nothing.
        await expect
          .poll(() =>
            rowOf(page, rosa.name)
              .getByRole('button', { name: `Edit ${rosa.name}` })
              .isDisabled(),
          )
          .toBe(true);

        // Delete on a page gone stale the same way, for Rita, whose row the list still offers.
        await rowOf(page, rita.name)
          .getByRole('button', { name: `Delete ${rita.name}` })
          .click();
        const confirm = page.getByRole('dialog', { name: 'Confirm Delete' });
        expect((await service.from('users').update({ role: 'superadmin' }).eq('user_id', rita.id)).error).toBeNull();
        await confirm.getByRole('button', { name: 'Delete' }).click();
        await confirm.getByText(`Edge function returned error status: ${ONLY_SUPERADMIN}`, { exact: true }).waitFor();
        await saveScreenshot(page, 'users-roles-superadmin-refusal-1366x768');
      });
      for (const { id, name } of [rosa, rita]) {
        const { data } = await service.from('users').select('name, role').eq('user_id', id).single();
        expect(data).toEqual({ name, role: 'superadmin' });
      }
    } finally {
      for (const { id } of [root, rosa, rita]) await service.auth.admin.deleteUser(id);
    }
  });

  it('Add User says so when a pasted name of 302 characters is cut to 200', async () => {
    const owner = await createConfirmedAdmin(ctx, 'users-long');
    await onUsersTab(owner, async (page) => {
      await page.getByRole('button', { name: 'Add User' }).click();
      const add = page.getByRole('dialog', { name: 'Add User' });
      const name = add.getByLabel('Name');
      await name.focus();
      // insertText is what a paste does to the field: the browser applies maxlength to it.
      await page.keyboard.insertText('Maria Clara '.repeat(26).slice(0, 302));
      await add.getByRole('status').getByText('Name can be at most 200 characters.', { exact: true }).waitFor();
      expect((await name.inputValue()).length).toBe(200);
      expect(await name.getAttribute('aria-describedby')).toMatch(/-name-hint/);
    });
  });
});
