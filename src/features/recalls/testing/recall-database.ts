/**
 * The recall functions of …_recalls_and_waitlist.sql for component tests, on the one MSW layer:
 * the due list and the booking requests are plain arrays a test arranges (the SQL rules are the
 * integration tests' job), and 'Dismiss' removes an open request or fails with PT404 as the
 * database does.
 */
import { mockRpc, pgError } from '@/testing/mocks';
import type { BookingRequest } from '../booking-requests/api/get-requests';
import type { DueRecall } from '../due-list/api/get-due-list';

export function dueRecall(overrides: Partial<DueRecall> & Pick<DueRecall, 'patient_id' | 'patient_name'>): DueRecall {
  return {
    has_messenger_id: true,
    last_appointment_id: overrides.patient_id * 10,
    last_visit_at: '2026-03-02T02:00:00Z',
    last_visit_date: '2026-03-02',
    last_procedure: 'Oral Prophylaxis',
    dentist_name: 'Dr. Andrea Villanueva',
    due_date: '2026-09-02',
    overdue_days: 85,
    last_recall_at: null,
    last_recall_outcome: null,
    last_recall_error: null,
    recalled_until: null,
    ...overrides,
  };
}

export function mockRecallDatabase(initial: { due?: DueRecall[]; requests?: BookingRequest[] } = {}) {
  const state = { due: [...(initial.due ?? [])], requests: [...(initial.requests ?? [])], dismissed: [] as number[] };
  mockRpc('recall_list', () => state.due);
  mockRpc('recall_request_list', () => state.requests);
  mockRpc('dismiss_recall_request', ({ p_request_id }) => {
    const index = state.requests.findIndex((request) => request.id === p_request_id);
    if (index < 0) throw pgError('PT404', 'This booking request was already handled, or it does not exist.');
    state.requests.splice(index, 1);
    state.dismissed.push(p_request_id);
  });
  return state;
}
