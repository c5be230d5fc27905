import { parseAuthFragment } from '@/lib/auth-fragment';
import type { SessionStatus } from '@/lib/session';

export const PATHS = {
  login: '/login',
  signup: '/signup',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  /** `/receipts/:paymentId`: a payment's acknowledgement receipt, opened in its own tab to print. */
  receipt: '/receipts/:paymentId',
  /** `/availment/:invoiceId`: an HMO visit's availment form, opened in its own tab to print. */
  availment: '/availment/:invoiceId',
} as const;

export type Page = 'login' | 'signup' | 'reset-password' | 'dashboard' | 'receipt' | 'availment';

/** `/receipts/<one segment>`: the page itself tells a malformed or unknown payment id. */
const RECEIPT_PATH = /^\/receipts\/[^/]+\/?$/;
/** `/availment/<one segment>`: likewise for an invoice id. */
const AVAILMENT_PATH = /^\/availment\/[^/]+\/?$/;

export type RouteDecision =
  | { action: 'render'; page: Page }
  | { action: 'redirect'; to: string; hash: string; notice?: 'email-confirmed' }
  /** The session is not known yet (being restored, or the server is unreachable). */
  | { action: 'wait' };

const PAGE_BY_PATH: Record<string, Page> = {
  [PATHS.login]: 'login',
  [PATHS.signup]: 'signup',
  [PATHS.resetPassword]: 'reset-password',
  [PATHS.dashboard]: 'dashboard',
};

/**
 * The app's route table as one function of the location and the session: a recovery fragment
 * anywhere → /reset-password (fragment kept); a sign-up confirmation fragment anywhere → /login;
 * signed-in users leave /login and /signup for /dashboard; /dashboard, /receipts/:paymentId and
 * /availment/:invoiceId need a session; '/' and unknown paths go to /dashboard or /login.
 */
export function decideRoute(pathname: string, hash: string, status: SessionStatus): RouteDecision {
  const fragment = parseAuthFragment(hash);
  if (fragment.kind === 'recovery') {
    return pathname === PATHS.resetPassword
      ? { action: 'render', page: 'reset-password' }
      : { action: 'redirect', to: PATHS.resetPassword, hash };
  }
  if (fragment.kind === 'signup') return { action: 'redirect', to: PATHS.login, hash: '', notice: 'email-confirmed' };

  const page = RECEIPT_PATH.test(pathname)
    ? 'receipt'
    : AVAILMENT_PATH.test(pathname)
      ? 'availment'
      : PAGE_BY_PATH[pathname];
  if (page === 'reset-password') return { action: 'render', page };
  if (status === 'restoring' || status === 'unreachable') return { action: 'wait' };
  const signedIn = status === 'signed-in';

  switch (page) {
    case 'login':
    case 'signup':
      return signedIn ? { action: 'redirect', to: PATHS.dashboard, hash: '' } : { action: 'render', page };
    case 'dashboard':
    case 'receipt':
    case 'availment':
      return signedIn ? { action: 'render', page } : { action: 'redirect', to: PATHS.login, hash: '' };
    default:
      // '/', and any other path. An auth-link error is shown on the login screen.
      if (signedIn) return { action: 'redirect', to: PATHS.dashboard, hash: '' };
      return { action: 'redirect', to: PATHS.login, hash: fragment.kind === 'error' ? hash : '' };
  }
}
