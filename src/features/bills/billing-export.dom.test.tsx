// @vitest-environment jsdom
/**
 * 'Export CSV' over the Billing tables: the service is asked for the list with the search and
 * Status the screen shows, the file is saved under the name the service gave, the outcome is a
 * toast; a refusal shows the service's sentence and saves nothing.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initServiceClient } from '@/lib/service-client';
import { initSupabase } from '@/lib/supabase';
import { captureDownloads } from '@/testing/downloads';
import { server } from '@/testing/network';
import { seed, stackConfig, setupRealDatabase } from '@/testing/real-db';
import { renderBilling } from './testing/render';

vi.mock('@/lib/realtime-client', async (actual) => ({
  ...(await actual<object>()),
  subscribeToServiceEvents: async () => ({ close: () => undefined }),
}));

/** The files saved in the current test. */
let downloads: ReturnType<typeof captureDownloads>;

setupRealDatabase();

beforeAll(() => {
  initSupabase(stackConfig());
  initServiceClient(stackConfig());
});

beforeEach(async () => {
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
  downloads = captureDownloads();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function mockExports(answer: () => Response) {
  const received: URL[] = [];
  server.use(
    http.get(`${stackConfig().apiUrl}/api/exports/:file`, ({ request }) => {
      received.push(new URL(request.url));
      return answer();
    }),
  );
  return received;
}

describe('Export CSV on the Billing tab', () => {
  it('when a receptionist exports the filtered invoices, then the service gets the filters and the file is saved', async () => {
    const received = mockExports(
      () =>
        new HttpResponse('\uFEFFID,Patient\r\n1,Peña\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="invoices-smile-dental-2030-01-09.csv"',
          },
        }),
    );
    const user = userEvent.setup();
    await renderBilling();
    await user.type(screen.getByRole('searchbox', { name: 'Search by patient' }), 'peña');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Partial');
    await user.click(screen.getByRole('button', { name: 'Export CSV: invoices' }));

    await screen.findByText('Exported invoices-smile-dental-2030-01-09.csv.');
    expect(received).toHaveLength(1);
    expect(received[0]!.pathname).toBe('/api/exports/invoices.csv');
    expect(Object.fromEntries(received[0]!.searchParams)).toEqual({ clinicId: '1', q: 'peña', status: 'Partial' });
    expect(downloads.names).toEqual(['invoices-smile-dental-2030-01-09.csv']);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Export CSV: invoices' })).toHaveProperty('disabled', false),
    );
  });

  it('when the service refuses the payments export, then its sentence is the toast and nothing is saved', async () => {
    const received = mockExports(() =>
      HttpResponse.json({ error: 'You do not have access to this clinic.' }, { status: 403 }),
    );
    const user = userEvent.setup();
    await renderBilling();
    await user.click(screen.getByRole('button', { name: 'Export CSV: payments' }));

    await screen.findByText('You do not have access to this clinic.');
    expect(Object.fromEntries(received[0]!.searchParams)).toEqual({ clinicId: '1' });
    expect(downloads.names).toEqual([]);
  });
});
