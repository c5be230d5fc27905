import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary';
import { lazyView, namedExport } from '@/components/lazy-view/lazy-view';
import { ErrorState, LoadingState } from '@/components/states/states';
import { LoginPage } from '@/features/auth/components/login-page';
import { EXTRA_TEXT } from '@/features/auth/messages';
import { useSession } from '@/lib/session';
import { hadStoredSession } from '@/lib/supabase-loader';
import { DashboardFrame, savedTab } from './dashboard-frame';
import { PATHS, decideRoute } from './route-rules';

/** Sign-up and password reset are their own chunks: the login screen does not download them. */
const SignupPage = lazyView<object>(
  namedExport(() => import('@/features/auth/components/signup-page'), 'SignupPage'),
  {
    label: 'Loading…',
  },
);
const ResetPasswordPage = lazyView<object>(
  namedExport(() => import('@/features/auth/components/reset-password-page'), 'ResetPasswordPage'),
  { label: 'Loading…' },
);

/**
 * The dashboard is its own chunk: the login screen does not download it. The feature slots
 * (./feature-slots.tsx), which only the dashboard's tabs show, come with it.
 */
const DashboardPage = lazyView<object>(
  () =>
    Promise.all([import('./dashboard/dashboard-page'), import('./feature-slots')]).then(([page, slots]) => {
      page.preloadSavedTab();
      const Page = page.default;
      const { WithFeatureSlots } = slots;
      return {
        default: function DashboardWithSlots() {
          return (
            <WithFeatureSlots>
              <Page />
            </WithFeatureSlots>
          );
        },
      };
    }),
  { placeholder: () => <DashboardFrame tab={savedTab()} /> },
);

/** A payment's acknowledgement receipt, opened in its own tab to print: its own chunk too. */
const ReceiptPage = lazyView(() => import('@/features/bills/receipt/components/receipt-page'), {
  label: 'Loading the receipt…',
});

/** An HMO visit's availment form, opened in its own tab to print: its own chunk too. */
const AvailmentPage = lazyView(() => import('@/features/bills/availment/components/availment-page'), {
  label: 'Loading the availment form…',
});

/**
 * Starts loading the dashboard's code (and, once it is here, the code of the tab it will open)
 * while the session is still being checked: opening /dashboard with a stored session, the page
 * would otherwise ask for each chunk only after the step before it (config, session, dashboard,
 * tab) had finished.
 */
export function preloadDashboard() {
  DashboardPage.preload();
}

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
    // A reload of the dashboard with a stored session draws the dashboard's frame while it is checked.
    if (location.pathname === PATHS.dashboard && hadStoredSession()) return <DashboardFrame tab={savedTab()} />;
    return <LoadingState label="Loading…" fullPage />;
  }
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Outlet />
    </ErrorBoundary>
  );
}

/**
 * The app's routes, and a payment's receipt. '/' and unknown paths render nothing: the gate
 * redirects them.
 */
export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<RouteGate />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/receipts/:paymentId" element={<ReceiptPage />} />
          <Route path="/availment/:invoiceId" element={<AvailmentPage />} />
          <Route path="*" element={null} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
