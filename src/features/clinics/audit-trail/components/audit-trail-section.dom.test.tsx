// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditLogRow } from '@/lib/database.types';
import { initSupabase } from '@/lib/supabase';
import { failNext, mockConfig, seed } from '@/testing/mocks';
import { renderApp } from '@/testing/render-app';
import { mockAuditActors } from '../testing/audit-log';
import { AuditTrailSection } from './audit-trail-section';

const CARMELA = 'd0000000-0000-4000-8000-000000000002';
const ROSA = 'd0000000-0000-4000-8000-000000000003';

beforeAll(() => {
  initSupabase(mockConfig);
});

beforeEach(() => {
  seed.clinics([
    { id: 1, name: 'Smile Dental' },
    { id: 2, name: 'Bright Teeth' },
  ]);
  mockAuditActors();
});

afterEach(cleanup);

const byCarmela = {
  actor_user_id: CARMELA,
  actor_name: 'Carmela Santos',
  actor_email: 'admin@demo.test',
  actor_role: 'admin',
  source: 'browser' as const,
};

function entry(overrides: Partial<AuditLogRow>): Partial<AuditLogRow> {
  return { clinic_id: 1, entity: 'appointment', entity_id: 1, action: 'update', ...byCarmela, ...overrides };
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
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Audit Trail', () => {
  it('lists the clinic’s changes newest first: clinic time, who, source, what and before → after', async () => {
    seed.audit_log([
      entry({
        entity_label: 'Ana Santos',
        before: { status: 'Scheduled' },
        after: { status: 'Confirmed' },
        occurred_at: '2030-01-07T01:05:00Z',
      }),
      entry({
        entity: 'clinic',
        entity_label: 'Smile Dental',
        before: { reminder_time: '09:00:00', contact_phone: null },
        after: { reminder_time: '10:30:00', contact_phone: '0917 555 0101' },
        occurred_at: '2030-01-07T02:00:00Z',
      }),
      entry({
        entity: 'payment',
        action: 'void',
        entity_label: 'Ben Cruz',
        actor_user_id: null,
        actor_name: null,
        actor_email: null,
        actor_role: null,
        source: 'service',
        before: { voided_at: null },
        after: { voided_at: '2030-01-07T03:00:00Z', void_reason: 'Typo' },
        occurred_at: '2030-01-07T03:00:00Z',
      }),
      entry({ clinic_id: 2, entity_label: 'Other clinic', occurred_at: '2030-01-07T04:00:00Z' }),
    ]);
    renderSection();
    expect(screen.getByRole('heading', { name: 'Audit Trail' })).toBeTruthy();
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['When', 'Who', 'Source', 'What', 'Changes']);
    const [voided, clinic, appointment] = bodyRows();
    expect(cellsOf(voided!)).toEqual([
      'Mon 2030-01-07, 11:00 AM',
      'System',
      'Service',
      'Payment voided Ben Cruz',
      'Voided at: — → Mon 2030-01-07, 11:00 AMVoid reason: — → Typo',
    ]);
    expect(cellsOf(clinic!)).toEqual([
      'Mon 2030-01-07, 10:00 AM',
      'Carmela Santos Admin',
      'Browser',
      'Clinic settings changed Smile Dental',
      'Reminder time: 9:00 AM → 10:30 AMContact phone: — → 0917 555 0101',
    ]);
    expect(cellsOf(appointment!)).toEqual([
      'Mon 2030-01-07, 9:05 AM',
      'Carmela Santos Admin',
      'Browser',
      'Appointment changed Ana Santos',
      'Status: Scheduled → Confirmed',
    ]);
  });

  it('filters by record type, user and clinic dates', async () => {
    seed.audit_log([
      entry({ entity_label: 'Jan 6 by Carmela', occurred_at: '2030-01-06T15:59:00Z' }),
      entry({ entity_label: 'Jan 7 by Carmela', occurred_at: '2030-01-06T16:00:00Z' }),
      entry({
        entity_label: 'Jan 7 by Rosa',
        actor_user_id: ROSA,
        actor_name: 'Rosa Reyes',
        actor_email: 'reception@demo.test',
        actor_role: 'receptionist',
        occurred_at: '2030-01-07T10:00:00Z',
      }),
      entry({
        entity: 'invoice',
        action: 'insert',
        entity_label: 'Invoice Jan 7',
        occurred_at: '2030-01-07T11:00:00Z',
      }),
      entry({ entity_label: 'Jan 8 by Carmela', occurred_at: '2030-01-07T16:00:00Z' }),
    ]);
    const { user } = renderSection();
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    const subjects = () => bodyRows().map((row) => row.querySelector('.audit-subject')?.textContent?.trim());

    const filters = screen.getByRole('form', { name: 'Audit trail filters' });
    await user.selectOptions(within(filters).getByLabelText('Record type'), 'Appointments');
    await user.type(within(filters).getByLabelText('From'), '2030-01-07');
    await user.type(within(filters).getByLabelText('To'), '2030-01-07');
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(subjects()).toEqual(['Jan 7 by Rosa', 'Jan 7 by Carmela']));

    await waitFor(() =>
      expect(within(filters).getByRole('option', { name: 'Rosa Reyes (reception@demo.test)' })).toBeTruthy(),
    );
    await user.selectOptions(within(filters).getByLabelText('User'), 'Rosa Reyes (reception@demo.test)');
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(subjects()).toEqual(['Jan 7 by Rosa']));

    await user.selectOptions(within(filters).getByLabelText('Record type'), 'Invoices');
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    await screen.findByText('No changes match these filters.');

    await user.click(within(filters).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect((within(filters).getByLabelText('From') as HTMLInputElement).value).toBe('');
  });

  it('refuses an end date before the start at the field, keeps what was typed and the list as it was', async () => {
    seed.audit_log([entry({ entity_label: 'Ana Santos', occurred_at: '2030-01-07T01:00:00Z' })]);
    const { user } = renderSection();
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    const filters = screen.getByRole('form', { name: 'Audit trail filters' });
    await user.type(within(filters).getByLabelText('From'), '2030-01-08');
    await user.type(within(filters).getByLabelText('To'), '2030-01-07');
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    const to = within(filters).getByLabelText('To');
    expect(await within(filters).findByText('The end date must be on or after the start date.')).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect((to as HTMLInputElement).value).toBe('2030-01-07');
    expect((within(filters).getByLabelText('From') as HTMLInputElement).value).toBe('2030-01-08');
    expect(bodyRows()).toHaveLength(1);
  });

  it('pages through the log 25 at a time, newest first', async () => {
    seed.audit_log(
      Array.from({ length: 30 }, (_, index) =>
        entry({
          entity_label: `Patient ${index + 1}`,
          occurred_at: new Date(Date.UTC(2030, 0, 7, 1, index)).toISOString(),
        }),
      ),
    );
    const { user } = renderSection();
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    expect(bodyRows()[0]!.textContent).toContain('Patient 30');
    const pages = screen.getByRole('navigation', { name: 'Audit trail pages' });
    expect(within(pages).getByRole('button', { name: 'Newer' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(pages).getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect(bodyRows().map((row) => row.querySelector('.audit-subject')?.textContent?.trim())).toEqual([
      'Patient 5',
      'Patient 4',
      'Patient 3',
      'Patient 2',
      'Patient 1',
    ]);
    expect(within(pages).getByText('Page 2')).toBeTruthy();
    expect(within(pages).getByRole('button', { name: 'Older' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(pages).getByRole('button', { name: 'Newer' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
  });

  it('says when nothing is recorded yet', async () => {
    renderSection();
    expect(await screen.findByText('No changes recorded yet.')).toBeTruthy();
  });

  it('when the log cannot be read, then it says so and Retry reads it again', async () => {
    seed.audit_log([entry({ entity_label: 'Ana Santos' })]);
    failNext({ method: 'GET', table: 'audit_log' });
    const { user } = renderSection();
    expect(await screen.findByText('Could not load the audit trail.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
  });
});
