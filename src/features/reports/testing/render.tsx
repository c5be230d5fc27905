import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Role } from '@/lib/authorization';
import { renderApp } from '@/testing/render-app';
import ReportsTab from '../tab';

/** Renders the Reports tab as the app does, signed in with `role` (receptionist by default). */
export function renderReports(options: { role?: Role } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderApp(
    <QueryClientProvider client={queryClient}>
      <ReportsTab />
    </QueryClientProvider>,
    { role: options.role ?? 'receptionist' },
  );
}
