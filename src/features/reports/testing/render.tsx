import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Role } from '@/lib/authorization';
import { signInAs } from '@/testing/real-db';
import { createSession, renderApp } from '@/testing/render-app';
import ReportsTab from '../tab';

/**
 * Renders the Reports tab as the app does, signed in to clinic 1 with `role` (receptionist by
 * default) on the file's real stack.
 */
export async function renderReports(options: { role?: Role } = {}) {
  const user = await signInAs({ role: options.role ?? 'receptionist', clinic_id: 1 });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderApp(
    <QueryClientProvider client={queryClient}>
      <ReportsTab />
    </QueryClientProvider>,
    { session: createSession({ user }) },
  );
}
