// @vitest-environment jsdom
/**
 * The Audit Trail's filters over the new kinds of record (patients, sign-ins, exports) and by
 * person, and its Print and Export buttons: the export asks the service for the applied filters
 * (every page of them) and saves the file; Print puts only the section on paper and names the
 * filters there.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initServiceClient } from '@/lib/service-client';
import { initSupabase } from '@/lib/supabase';
import { captureDownloads } from '@/testing/downloads';
import { createStaffAccount, seed, server, setupRealDatabase, signInAs, stackConfig } from '@/testing/real-db';
import { changeInBrowser, failedSignIn, recordedExport, startTrailHere } from '../testing/audit-log';
import { renderAuditTrailSection } from '../testing/render-section';
import { PRINTING_CLASS } from './audit-trail-section';

/** The files saved in the current test. */
let downloads: ReturnType<typeof captureDownloads>;
/** Rosa Reyes' auth id (made per test). */
let rosa = '';

setupRealDatabase();

beforeAll(() => {
  initSupabase(stackConfig());
  initServiceClient(stackConfig());
});

beforeEach(() => {
  downloads = captureDownloads();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.body.classList.remove(PRINTING_CLASS);
});

/**
 * Signs the viewing admin in, then makes the trail hold, oldest first: Carmela changes a
 * patient's Messenger ID, Rosa fails to sign in, the service exports patients for Rosa, and
 * Carmela changes a procedure's price.
 */
async function arrangeTrail() {
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
  const carmela = (
    await createStaffAccount({ role: 'admin', clinic_id: 1, name: 'Carmela Santos', email: 'admin@demo.test' })
  ).supabase_id;
  rosa = (
    await createStaffAccount({ role: 'receptionist', clinic_id: 1, name: 'Rosa Reyes', email: 'reception@demo.test' })
  ).supabase_id;
  await seed.patients([{ id: 1, name: 'Ana Santos', messenger_id: '7000000000000001' }]);
  await seed.procedure_categories([{ id: 1, name: 'Cleaning' }]);
  await seed.procedures([{ id: 1, category_id: 1, name: 'Scaling', price: 1500.5 }]);
  const viewer = await signInAs({ role: 'admin', clinic_id: 1 });
  await startTrailHere();
  await changeInBrowser(carmela, `update public.patients set messenger_id = '7000000000000002' where id = 1`);
  await failedSignIn(rosa, '203.0.113.7', 'invalid_credentials');
  await recordedExport(rosa, 'patients', 42);
  await changeInBrowser(carmela, `update public.procedures set price = 1750 where id = 1`);
  return viewer;
}

async function renderSection() {
  return renderAuditTrailSection(await arrangeTrail());
}

const table = () => screen.getByRole('table', { name: 'Audit trail' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const whats = () => bodyRows().map((row) => row.querySelectorAll('td')[3]!.textContent);
const filters = () => screen.getByRole('form', { name: 'Audit trail filters' });

async function apply(user: ReturnType<typeof userEvent.setup>, kind: string, person: string) {
  await user.selectOptions(within(filters()).getByLabelText('Record type'), kind);
  await user.selectOptions(within(filters()).getByLabelText('User'), person);
  await user.click(within(filters()).getByRole('button', { name: 'Apply filters' }));
}

describe('Audit Trail: kinds of record, people, print and export', () => {
  it('shows patients, sign-ins, exports and prices in words, and filters by kind of record and by person', async () => {
    const { user } = await renderSection();
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    expect(whats()).toEqual([
      'Procedure changed Scaling',
      'Export downloaded patients',
      'Sign-in failed Rosa Reyes from 203.0.113.7',
      'Patient changed Ana Santos',
    ]);
    const [price, exported, signIn, patient] = bodyRows().map((row) => row.querySelectorAll('td')[4]!.textContent);
    expect(price).toBe('Price: ₱1,500.50 → ₱1,750.00');
    expect(exported).toContain('Rows: 42');
    expect(signIn).toContain('Why: Wrong e-mail or password');
    expect(patient).toBe('Messenger ID: 7000000000000001 → 7000000000000002');

    await waitFor(() =>
      expect(within(filters()).getByRole('option', { name: 'Rosa Reyes (reception@demo.test)' })).toBeTruthy(),
    );
    await apply(user, 'Sign-ins', 'Rosa Reyes (reception@demo.test)');
    await waitFor(() => expect(whats()).toEqual(['Sign-in failed Rosa Reyes from 203.0.113.7']));

    await apply(user, 'Exports', 'Rosa Reyes (reception@demo.test)');
    await waitFor(() => expect(whats()).toEqual(['Export downloaded patients']));

    await apply(user, 'Patients', 'Carmela Santos (admin@demo.test)');
    await waitFor(() => expect(whats()).toEqual(['Patient changed Ana Santos']));

    await apply(user, 'Patients', 'Rosa Reyes (reception@demo.test)');
    await screen.findByText('No changes match these filters.');
  });

  it('Export CSV asks the service for the applied filters and saves the file it names', async () => {
    const received: URL[] = [];
    server.use(
      http.get(`${stackConfig().apiUrl}/api/exports/:file`, ({ request }) => {
        received.push(new URL(request.url));
        return new HttpResponse('\uFEFFDate,Time,Who\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="audit-smile-dental-2030-01-09.csv"',
          },
        });
      }),
    );
    const { user } = await renderSection();
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    await waitFor(() =>
      expect(within(filters()).getByRole('option', { name: 'Rosa Reyes (reception@demo.test)' })).toBeTruthy(),
    );
    await apply(user, 'Sign-ins', 'Rosa Reyes (reception@demo.test)');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Export CSV: audit trail' }));

    await screen.findByText('Exported audit-smile-dental-2030-01-09.csv.');
    expect(received.map((url) => url.pathname)).toEqual(['/api/exports/audit.csv']);
    expect(Object.fromEntries(received[0]!.searchParams)).toEqual({ clinicId: '1', entity: 'sign_in', actor: rosa });
    expect(downloads.names).toEqual(['audit-smile-dental-2030-01-09.csv']);
  });

  it('Print opens the print view with only the Audit Trail on paper, the filters named, and restores the page after', async () => {
    let classWhilePrinting = false;
    window.print = vi.fn(() => {
      classWhilePrinting = document.body.classList.contains(PRINTING_CLASS);
    });
    const { user } = await renderSection();
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    await apply(user, 'Patients', 'All users');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.getByText('Filtered by Record type: Patients')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(window.print).toHaveBeenCalledTimes(1);
    expect(classWhilePrinting).toBe(true);
    window.dispatchEvent(new Event('afterprint'));
    expect(document.body.classList.contains(PRINTING_CLASS)).toBe(false);
  });
});
