// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initSupabase } from '@/lib/supabase';
import { offlineConfig, server } from '@/testing/network';
import { createSession, renderApp } from '@/testing/render-app';
import { SignupPage } from './signup-page';

const SIGNUP_URL = `${offlineConfig.supabaseUrl}/auth/v1/signup`;
const LOGOUT_URL = `${offlineConfig.supabaseUrl}/auth/v1/logout`;

/** A user as GoTrue answers sign-up; an address that already has an account gets one without identities. */
function gotrueUser(email: string, identities: unknown[]) {
  const now = '2026-11-23T09:00:00.000Z';
  return {
    id: '6b1f4f7e-1d2c-4c55-9a57-0f6f2d0c1a11',
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: { name: 'Dr. Ana Reyes', clinic_name: 'Reyes Dental' },
    identities,
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

const identity = { identity_id: 'i1', id: 'u1', user_id: 'u1', provider: 'email', identity_data: {} };

beforeEach(() => {
  initSupabase(offlineConfig);
});
afterEach(() => {
  cleanup();
});

async function submitSignup(email: string) {
  const user = userEvent.setup();
  renderApp(<SignupPage />, { session: createSession({ user: null }), route: '/signup' });
  await user.type(screen.getByLabelText('Name'), 'Dr. Ana Reyes');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'Secret-123');
  await user.type(screen.getByLabelText('Clinic Name'), 'Reyes Dental');
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

function expectFieldsCleared() {
  for (const label of ['Name', 'Email', 'Password', 'Clinic Name'])
    expect(screen.getByLabelText<HTMLInputElement>(label).value, label).toBe('');
}

describe('sign-up outcome', () => {
  it.each([
    ['a new address', [identity]],
    ['an address that already has an account (a look-alike user without identities)', []],
  ])(
    'when the auth service answers %s without a session, then the page says the registration was initiated and clears the fields',
    async (_label, identities) => {
      server.use(http.post(SIGNUP_URL, () => HttpResponse.json(gotrueUser('ana@example.test', identities))));
      await submitSignup('ana@example.test');
      const message = await screen.findByText(
        'Registration initiated! Please check your email to confirm your account.',
      );
      expect(message.closest('[role="status"]')).not.toBeNull();
      expectFieldsCleared();
    },
  );

  it('when the auth service answers a session (auto-confirm), then the page says the registration succeeded and signs the session out', async () => {
    const logouts: string[] = [];
    server.use(
      http.post(SIGNUP_URL, () =>
        HttpResponse.json({
          access_token: 'header.payload.signature',
          token_type: 'bearer',
          expires_in: 3600,
          expires_at: 1_900_000_000,
          refresh_token: 'refresh',
          user: gotrueUser('ana@example.test', [identity]),
        }),
      ),
      http.post(LOGOUT_URL, ({ request }) => {
        logouts.push(new URL(request.url).searchParams.get('scope') ?? '');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await submitSignup('ana@example.test');
    await screen.findByText('Registration successful! Please check your email for confirmation.');
    expect(logouts).toEqual(['local']);
    expectFieldsCleared();
  });
});

describe('sign-up refused', () => {
  it('when the auth service refuses too many sign-ups from this client (429), then the page says to wait and keeps the fields', async () => {
    server.use(
      http.post(SIGNUP_URL, () =>
        HttpResponse.json(
          { code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' },
          { status: 429 },
        ),
      ),
    );
    await submitSignup('ana@example.test');
    const message = await screen.findByText('Registration failed');
    screen.getByText('Too many sign-ups from this network. Please wait a few minutes and try again.');
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ana@example.test');
  });
});
