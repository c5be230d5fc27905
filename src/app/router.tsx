import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary';
import { lazyView } from '@/components/lazy-view/lazy-view';
import { ErrorState, LoadingState } from '@/components/states/states';
import { LoginPage } from '@/features/auth/components/login-page';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';
import { SignupPage } from '@/features/auth/components/signup-page';
import { EXTRA_TEXT } from '@/features/auth/messages';
import { FeatureSlotsContext } from '@/lib/feature-slots';
import { useSession } from '@/lib/session';
import { APP_FEATURE_SLOTS } from './feature-slots';
import { decideRoute } from './route-rules';

/** The dashboard is its own chunk: the login screen does not download it. */
const DashboardPage = lazyView(() => import('./dashboard/dashboard-page'), { label: 'Loading the dashboard…' });

/** A payment's acknowledgement receipt, opened in its own tab to print: its own chunk too. */
const ReceiptPage = lazyView(() => import('@/features/billing/receipt/components/receipt-page'), {
  label: 'Loading the receipt…',
});

/** Applies the route rules (route-rules.ts) before any page renders. */
function RouteGate() {
  const location = useLocation();
  const session = useSession();
  const decision = decideRoute(location.pathname, location.hash, session.status);

  if (decision.action === 'redirect') {
    return (
      <Navigate
        to={{ pathname: decision.to, hash: decision.hash }}
        replace
        state={decision.notice ? { notice: decision.notice } : null}
      />
    );
  }
  if (decision.action === 'wait') {
    if (session.status === 'unreachable') {
      return (
        <ErrorState title="Ngiti cannot reach the server." onRetry={session.retry} fullPage>
          {EXTRA_TEXT.unreachable}
        </ErrorState>
      );
    }
    return <LoadingState label="Loading…" fullPage />;
  }
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Outlet />
    </ErrorBoundary>
  );
}

/**
 * The routes of spec part 1 §2, and a payment's receipt (issue 13). '/' and unknown paths render
 * nothing: the gate redirects them.
 */
export function AppRoutes() {
  return (
    <BrowserRouter>
      <FeatureSlotsContext.Provider value={APP_FEATURE_SLOTS}>
        <Routes>
          <Route element={<RouteGate />}>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/signup" element={<SignupPage />} />
            <Route path="/reset-password" element={<ResetPasswordPage />} />
            <Route path="/dashboard" element={<DashboardPage />} />
            <Route path="/receipts/:paymentId" element={<ReceiptPage />} />
            <Route path="*" element={null} />
          </Route>
        </Routes>
      </FeatureSlotsContext.Provider>
    </BrowserRouter>
  );
}
