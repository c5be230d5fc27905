import { describe, expect, it } from 'vitest';
import type { SessionStatus } from '@/lib/session';
import { decideRoute } from './route-rules';

const RECOVERY = '#access_token=t&refresh_token=r&expires_in=3600&token_type=bearer&type=recovery';
const CONFIRMATION = '#access_token=t&refresh_token=r&expires_in=3600&token_type=bearer&type=signup';
const LINK_ERROR = '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';

const render = (page: string) => ({ action: 'render', page });
const redirect = (to: string, hash = '') => ({ action: 'redirect', to, hash });

describe('the route rules when logged out', () => {
  const out = (path: string, hash = '') => decideRoute(path, hash, 'signed-out');

  it.each([
    ['/login', render('login')],
    ['/signup', render('signup')],
    ['/reset-password', render('reset-password')],
    ['/dashboard', redirect('/login')],
    ['/', redirect('/login')],
    ['/patients', redirect('/login')],
    ['/login/', redirect('/login')],
    ['/LOGIN', redirect('/login')],
    ['/receipts/12', redirect('/login')],
    ['/availment/31', redirect('/login')],
  ])('%s → %j', (path, expected) => {
    expect(out(path)).toEqual(expected);
  });

  it('sends a recovery fragment on any page to /reset-password, keeping the fragment', () => {
    for (const path of ['/', '/login', '/signup', '/dashboard', '/anything/else']) {
      expect(out(path, RECOVERY)).toEqual(redirect('/reset-password', RECOVERY));
    }
    expect(out('/reset-password', RECOVERY)).toEqual(render('reset-password'));
  });

  it('sends a sign-up confirmation fragment on any page to /login, dropping the tokens', () => {
    for (const path of ['/', '/login', '/signup', '/dashboard', '/reset-password', '/x']) {
      expect(out(path, CONFIRMATION)).toEqual({ ...redirect('/login'), notice: 'email-confirmed' });
    }
  });

  it('keeps a link error for the login screen to show', () => {
    expect(out('/', LINK_ERROR)).toEqual(redirect('/login', LINK_ERROR));
    expect(out('/login', LINK_ERROR)).toEqual(render('login'));
  });

  it('drops fragments that are not auth links', () => {
    expect(out('/', '#top')).toEqual(redirect('/login'));
  });
});

describe('the route rules when logged in', () => {
  const signedIn = (path: string, hash = '') => decideRoute(path, hash, 'signed-in');

  it.each([
    ['/login', redirect('/dashboard')],
    ['/signup', redirect('/dashboard')],
    ['/', redirect('/dashboard')],
    ['/nowhere', redirect('/dashboard')],
    ['/dashboard', render('dashboard')],
    ['/reset-password', render('reset-password')],
    ['/receipts/12', render('receipt')],
    ['/receipts/12/', render('receipt')],
    ['/receipts/not-a-number', render('receipt')],
    ['/receipts', redirect('/dashboard')],
    ['/receipts/12/extra', redirect('/dashboard')],
    ['/availment/31', render('availment')],
    ['/availment/x', render('availment')],
    ['/availment', redirect('/dashboard')],
  ])('%s → %j', (path, expected) => {
    expect(signedIn(path)).toEqual(expected);
  });

  it('still sends a recovery fragment to /reset-password', () => {
    expect(signedIn('/dashboard', RECOVERY)).toEqual(redirect('/reset-password', RECOVERY));
  });

  it('sends a confirmation fragment to /login (which then leads on to /dashboard)', () => {
    expect(signedIn('/dashboard', CONFIRMATION)).toEqual({ ...redirect('/login'), notice: 'email-confirmed' });
  });
});

describe('the route rules while the session is not known yet', () => {
  it.each<SessionStatus>(['restoring', 'unreachable'])('waits on every page but the reset page (%s)', (status) => {
    for (const path of ['/', '/login', '/signup', '/dashboard', '/receipts/12', '/x']) {
      expect(decideRoute(path, '', status)).toEqual({ action: 'wait' });
    }
    expect(decideRoute('/reset-password', '', status)).toEqual(render('reset-password'));
    expect(decideRoute('/login', RECOVERY, status)).toEqual(redirect('/reset-password', RECOVERY));
  });
});
