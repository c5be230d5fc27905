import { ErrorBoundary } from '@/components/error-boundary';
import { ToastProvider } from '@/components/toast/toast-provider';
import { AppRoutes } from './router';
import { SessionProvider } from './session-provider';

/** `hadStoredSession`: whether a Supabase session was stored when the page loaded. */
export function App({ hadStoredSession }: { hadStoredSession: boolean }) {
  return (
    <ErrorBoundary>
      <ToastProvider>
        <SessionProvider hadStoredSession={hadStoredSession}>
          <AppRoutes />
        </SessionProvider>
      </ToastProvider>
    </ErrorBoundary>
  );
}
