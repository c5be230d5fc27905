// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initSupabase } from '@/lib/supabase';
import { offlineConfig, server } from '@/testing/network';
import { createSession, renderApp } from '@/testing/render-app';
import { LoginPage } from './login-page';

const TOKEN_URL = `${offlineConfig.supabaseUrl}/auth/v1/token`;

/** GoTrue's error body (both API versions' fields, as the local stack sends it). */
const gotrueError = (status: number, code: string, message: string) =>
  HttpResponse.json({ code: status, error_code: code, msg: message, message }, { status });

beforeEach(() => {
  initSupabase(offlineConfig);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function submitLogin(email: string, password: string) {
  const user = userEvent.setup();
  renderApp(<LoginPage />, { session: createSession({ user: null }), route: '/login' });
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login page failures', () => {
  it('when the auth service refuses more attempts (429), then the form asks to wait a few minutes', async () => {
    const grants: string[] = [];
    server.use(
      http.post(TOKEN_URL, ({ request }) => {
        grants.push(new URL(request.url).searchParams.get('grant_type') ?? '');
        return gotrueError(429, 'over_request_rate_limit', 'Request rate limit reached');
      }),
    );
    await submitLogin('ana@example.test', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many sign-in attempts. Please wait a few minutes and try again.',
    );
    expect(grants).toEqual(['password']);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Login' }).disabled).toBe(false);
  });

  it("when the password is wrong, then the form shows the auth service's message", async () => {
    server.use(http.post(TOKEN_URL, () => gotrueError(400, 'invalid_credentials', 'Invalid login credentials')));
    await submitLogin('ana@example.test', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid login credentials');
  });
});

describe('login page refusals', () => {
  it('when submitted with a whitespace-only e-mail, then it says so, sends nothing and leaves focus on Login', async () => {
    const grants: string[] = [];
    server.use(
      http.post(TOKEN_URL, () => {
        grants.push('password');
        return gotrueError(400, 'invalid_credentials', 'Invalid login credentials');
      }),
    );
    await submitLogin('   ', 'secret');
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter your email and password.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Login' }));
    expect(grants).toEqual([]);
  });

  it("when 'Forgot password?' follows a refused login, then its own message replaces the refusal", async () => {
    const user = userEvent.setup();
    renderApp(<LoginPage />, { session: createSession({ user: null }), route: '/login' });
    await user.type(screen.getByLabelText('Email'), '  ');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter your email and password.');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter your email above first.');
  });
});
