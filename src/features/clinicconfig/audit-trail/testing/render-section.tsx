import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import type { SessionUser } from '@/lib/session';
import { createSession, renderApp } from '@/testing/render-app';
import { AuditTrailSection } from '../components/audit-trail-section';

/** Clinic 1's Audit Trail as `viewer` sees it, queries never retried; answers the user-event session. */
export function renderAuditTrailSection(viewer: SessionUser) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderApp(
    <QueryClientProvider client={queryClient}>
      <AuditTrailSection clinicId={1} />
    </QueryClientProvider>,
    { session: createSession({ user: viewer }) },
  );
  return { user: userEvent.setup() };
}
