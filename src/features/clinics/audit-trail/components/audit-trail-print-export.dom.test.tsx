// @vitest-environment jsdom
/**
 * The Audit Trail's filters over the new kinds of record (patients, sign-ins, exports) and by
 * person, and its Print and Export buttons: the export asks the service for the applied filters
 * (every page of them) and saves the file; Print puts only the section on paper and names the
 * filters there.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditLogRow } from '@/lib/database.types';
import { initServiceClient } from '@/lib/service-client';
import { initSupabase } from '@/lib/supabase';
import { mockConfig, seed, server } from '@/testing/mocks';
import { renderApp } from '@/testing/render-app';
import { mockAuditActors } from '../testing/audit-log';
import { AuditTrailSection, PRINTING_CLASS } from './audit-trail-section';

const CARMELA = 'd0000000-0000-4000-8000-000000000002';
const ROSA = 'd0000000-0000-4000-8000-000000000003';

const carmela = {
  actor_user_id: CARMELA,
  actor_name: 'Carmela Santos',
  actor_email: 'admin@demo.test',
  actor_role: 'admin',
};
const rosa = {
  actor_user_id: ROSA,
  actor_name: 'Rosa Reyes',
  actor_email: 'reception@demo.test',
  actor_role: 'receptionist',
};

const saved: string[] = [];

beforeAll(() => {
  initSupabase(mockConfig);
  initServiceClient(mockConfig);
});

beforeEach(() => {
  seed.clinics([{ id: 1, name: 'Smile Dental' }]);
  mockAuditActors();
  saved.length = 0;
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  seed.audit_log([
    entry({
      entity: 'patient',
      action: 'update',
      entity_label: 'Ana Santos',
      ...carmela,
      before: { messenger_id: '7000000000000001' },
      after: { messenger_id: '7000000000000002' },
      occurred_at: '2030-01-07T01:00:00Z',
    }),
    entry({
      entity: 'sign_in',
      action: 'sign_in_failed',
      entity_label: 'Rosa Reyes',
      ...rosa,
      source: 'auth',
      client_address: '203.0.113.7',
      after: { email: 'reception@demo.test', failure: 'invalid_credentials' },
      occurred_at: '2030-01-07T02:00:00Z',
    }),
    entry({
      entity: 'export',
      action: 'export',
      entity_id: null,
      entity_label: 'patients',
      ...rosa,
      source: 'service',
      after: { kind: 'patients', rows: 42, filters: {} },
      occurred_at: '2030-01-07T03:00:00Z',
    }),
    entry({
      entity: 'procedure',
      action: 'update',
      entity_label: 'Scaling',
      ...carmela,
      before: { price_centavos: 150050 },
      after: { price_centavos: 175000 },
      occurred_at: '2030-01-07T04:00:00Z',
    }),
  ]);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.body.classList.remove(PRINTING_CLASS);
});

function entry(overrides: Partial<AuditLogRow>): Partial<AuditLogRow> {
  return { clinic_id: 1, entity_id: 1, source: 'browser', ...overrides };
}

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderApp(
    <QueryClientProvider client={queryClient}>
      <AuditTrailSection clinicId={1} />
    </QueryClientProvider>,
    { role: 'admin' },
  );
  return { user: userEvent.setup() };
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
    const { user } = renderSection();
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
      http.get(`${mockConfig.apiUrl}/api/exports/:file`, ({ request }) => {
        received.push(new URL(request.url));
        return new HttpResponse('\uFEFFWhen,Who\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="audit-smile-dental-2030-01-09.csv"',
          },
        });
      }),
    );
    const { user } = renderSection();
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    await waitFor(() =>
      expect(within(filters()).getByRole('option', { name: 'Rosa Reyes (reception@demo.test)' })).toBeTruthy(),
    );
    await apply(user, 'Sign-ins', 'Rosa Reyes (reception@demo.test)');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Export CSV: audit trail' }));

    await screen.findByText('Exported audit-smile-dental-2030-01-09.csv.');
    expect(received.map((url) => url.pathname)).toEqual(['/api/exports/audit.csv']);
    expect(Object.fromEntries(received[0]!.searchParams)).toEqual({ clinicId: '1', entity: 'sign_in', actor: ROSA });
    expect(saved).toEqual(['audit-smile-dental-2030-01-09.csv']);
  });

  it('Print opens the print view with only the Audit Trail on paper, the filters named, and restores the page after', async () => {
    let classWhilePrinting = false;
    window.print = vi.fn(() => {
      classWhilePrinting = document.body.classList.contains(PRINTING_CLASS);
    });
    const { user } = renderSection();
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
