/**
 * `/functions/v1/delete-user` through supabase-js's `functions.invoke`, on the local stack
 * that runs the same `handler.ts` as the Deno entry: who may delete whom, what the platform
 * answers before the function runs, and what a successful delete leaves behind.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../support/stack.ts';
import { newStaffLogin } from '../../support/staff-login.ts';

const PASSWORD = 'Cl1nic-pass';

interface StaffUser {
  id: string;
  email: string;
  clinicId: number | string;
}

let stack: TestStack;
let service: SupabaseClient;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  service = stack.serviceClient();
});

afterAll(async () => {
  await stack?.stop();
});

const freshEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.test`;

async function profileOf(userId: string): Promise<{ clinic_id: number | string; role: string } | undefined> {
  const { data, error } = await service.from('users').select('clinic_id, role').eq('user_id', userId);
  if (error) throw new Error(`reading the profile failed: ${error.message}`);
  return data[0] as { clinic_id: number | string; role: string } | undefined;
}

/** The admin of a new clinic, made the way sign-up makes one (the trigger reads name and clinic_name). */
async function clinicAdmin(label: string): Promise<StaffUser> {
  const email = freshEmail(label);
  const { data, error } = await service.auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: { name: `Admin ${label}`, clinic_name: `Clinic ${label} ${randomUUID().slice(0, 6)}` },
  });
  if (error || !data.user) throw error ?? new Error('no user');
  const profile = await profileOf(data.user.id);
  if (!profile) throw new Error('the sign-up trigger made no profile');
  expect(profile.role).toBe('admin');
  return { id: data.user.id, email, clinicId: profile.clinic_id };
}

/** A staff member of a clinic, made the way Users & Roles makes one (clinic and role in app_metadata). */
async function staffMember(clinicId: number | string, role: string): Promise<StaffUser> {
  const { email, userId } = await newStaffLogin(service, Number(clinicId), role, PASSWORD);
  expect(await profileOf(userId)).toMatchObject({ role });
  return { id: userId, email, clinicId };
}

/** Calls delete-user as the given user; answers the status and the JSON body, success or not. */
async function deleteAs(
  caller: StaffUser,
  userId: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const client = await stack.signedIn(caller.email, PASSWORD);
  const { data, error } = await client.functions.invoke('delete-user', { body: { user_id: userId } });
  if (error) {
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  return { status: 200, body: data as Record<string, unknown> };
}

async function authUserExists(id: string): Promise<boolean> {
  const { error } = await service.auth.admin.getUserById(id);
  return !error;
}

let clinicA: StaffUser;
let clinicB: StaffUser;

beforeAll(async () => {
  clinicA = await clinicAdmin('a');
  clinicB = await clinicAdmin('b');
});

describe('delete-user', () => {
  it('when an admin deletes a user of their own clinic, then the auth user and the profile are gone', async () => {
    const dentist = await staffMember(clinicA.clinicId, 'dentist');
    const { status, body } = await deleteAs(clinicA, dentist.id);
    expect(status).toBe(200);
    expect(body).toEqual({
      auth_delete: { success: true, details: expect.any(String), error: null },
      db_delete: { success: true, details: expect.any(String), error: null },
    });
    expect(await authUserExists(dentist.id)).toBe(false);
    expect(await profileOf(dentist.id)).toBeUndefined();
    const signIn = await stack.anonClient().auth.signInWithPassword({ email: dentist.email, password: PASSWORD });
    expect(signIn.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });

  it('when an admin deletes a user of another clinic, then 403 and the user stays', async () => {
    const receptionistOfB = await staffMember(clinicB.clinicId, 'receptionist');
    const { status, body } = await deleteAs(clinicA, receptionistOfB.id);
    expect(status).toBe(403);
    expect(body).toEqual({ error: expect.any(String) });
    expect(await authUserExists(receptionistOfB.id)).toBe(true);
    expect(await profileOf(receptionistOfB.id)).toMatchObject({ role: 'receptionist' });
  });

  it('when a receptionist deletes a colleague, then 403 and the colleague stays', async () => {
    const receptionist = await staffMember(clinicA.clinicId, 'receptionist');
    const dentist = await staffMember(clinicA.clinicId, 'dentist');
    const { status } = await deleteAs(receptionist, dentist.id);
    expect(status).toBe(403);
    expect(await authUserExists(dentist.id)).toBe(true);
  });

  it('when an admin deletes themselves, then 400 and nothing is deleted', async () => {
    const { status, body } = await deleteAs(clinicA, clinicA.id);
    expect(status).toBe(400);
    expect(body.error).toMatch(/own account/);
    expect(await authUserExists(clinicA.id)).toBe(true);
  });

  it('when the user does not exist, then 404', async () => {
    const { status, body } = await deleteAs(clinicA, randomUUID());
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'User not found' });
  });

  it('when user_id is missing or not a UUID, then 400', async () => {
    expect((await deleteAs(clinicA, undefined)).status).toBe(400);
    expect((await deleteAs(clinicA, 'not-a-uuid')).status).toBe(400);
  });

  it('when the caller is not signed in (anon key only), then the function answers 401', async () => {
    const { data, error } = await stack
      .anonClient()
      .functions.invoke('delete-user', { body: { user_id: randomUUID() } });
    expect(data).toBeNull();
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('the platform in front of functions', () => {
  const url = () => `${stack.url}/functions/v1/delete-user`;

  it('when there is no Authorization header, then 401 "Missing authorization header" before the function runs', async () => {
    const response = await fetch(url(), { method: 'POST', body: JSON.stringify({ user_id: randomUUID() }) });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: 401, message: 'Missing authorization header' });
  });

  it('when the JWT is invalid, then 401 "Invalid JWT"', async () => {
    const response = await fetch(url(), {
      method: 'POST',
      headers: { authorization: 'Bearer not.a.jwt', 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: randomUUID() }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: 401, message: 'Invalid JWT' });
  });

  it('when a browser sends a preflight, then the function answers ok with its CORS headers', async () => {
    const response = await fetch(url(), {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ok');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'authorization, x-client-info, apikey, content-type',
    );
  });

  it('when the function does not exist, then 404', async () => {
    const response = await fetch(`${stack.url}/functions/v1/no-such-function`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.config.anonKey}` },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('when no function is named, then 404 from the platform (not the SPA’s page)', async () => {
    const response = await fetch(`${stack.url}/functions/v1/`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
  });

  it('when the name does not percent-decode, then 400 from the platform, not a 500', async () => {
    const url = new URL(stack.url);
    for (const path of ['/functions/v1/%ff', '/functions/v1/delete-user/%E0%A4%A']) {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request({ host: url.hostname, port: url.port, path, method: 'POST' }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        });
        req.on('error', reject);
        req.end();
      });
      expect(answer.status, path).toBe(400);
      expect(JSON.parse(answer.body), path).toEqual({
        code: 400,
        message: 'The request path has an invalid percent-encoding',
      });
    }
  });

  it('when the body is over the 10 MB limit, then 413 from the platform', async () => {
    const response = await fetch(url(), {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.config.anonKey}`, 'content-type': 'application/json' },
      body: `{"user_id":"${'x'.repeat(10 * 1024 * 1024 + 1)}"}`,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 413 });
  });
});
