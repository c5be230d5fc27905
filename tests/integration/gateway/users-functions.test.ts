/**
 * Users & Roles over real HTTP on a local stack, with supabase-js as the SPA uses it: the
 * `create-user` function (who may add whom, the confirmation e-mail, GoTrue's refusals), the
 * edit rules the database enforces on `users` updates, and `delete-user`'s guards (last admin,
 * self, other clinics), each tried as an attack that must change nothing.
 */
import { randomUUID } from 'node:crypto';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLINIC_ROLES } from '../../../common/contract/permissions.ts';
import { webSocketForFunctions } from '../../../local/gateway/functions/router.ts';
import {
  ASSIGNABLE_ROLES,
  CREATE_USER_FAILURES,
  handle as createUserHandler,
} from '../../../supabase/functions/create-user/handler.ts';
import { BAD_BODIES, BAD_HEADERS, WRONG_VALUES, type BadBody } from '../../support/malformed-corpus.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';
import { newStaffLogin } from '../../support/staff-login.ts';

const PASSWORD = 'Cl1nic-pass';

interface Staff {
  id: string;
  email: string;
  clinicId: number;
  client: SupabaseClient;
}

let stack: TestStack;
let service: SupabaseClient;

beforeAll(async () => {
  stack = await startTestStack({ seed: false, logLabel: 'users-functions' });
  service = stack.serviceClient();
});

afterAll(async () => {
  await stack?.stop();
});

const freshEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.test`;

async function newClinic(label: string): Promise<number> {
  const { data, error } = await service
    .from('clinics')
    .insert({ name: `Clinic ${label} ${randomUUID().slice(0, 6)}` })
    .select('id')
    .single();
  if (error) throw error;
  return Number(data.id);
}

/** A confirmed, signed-in staff member made with the service role (as the seed makes them). */
async function staff(clinicId: number, role: string): Promise<Staff> {
  const { email, userId } = await newStaffLogin(service, clinicId, role, PASSWORD);
  return { id: userId, email, clinicId, client: await stack.signedIn(email, PASSWORD) };
}

async function profileOf(userId: string) {
  const { data, error } = await service.from('users').select('id, name, role, clinic_id').eq('user_id', userId);
  if (error) throw error;
  return data[0] as { id: number; name: string; role: string; clinic_id: number } | undefined;
}

async function usersOfClinic(clinicId: number): Promise<number> {
  const { count, error } = await service
    .from('users')
    .select('id', { count: 'exact', head: true })
    .eq('clinic_id', clinicId);
  if (error) throw error;
  return count ?? 0;
}

/** Calls a function as `caller`; answers the status and the JSON body, success or not. */
async function invoke(
  caller: SupabaseClient,
  name: 'create-user' | 'delete-user',
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const { data, error } = await caller.functions.invoke(name, { body: body as Record<string, unknown> });
  if (error) {
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  return { status: 200, body: data as Record<string, unknown> };
}

const newUser = (clinicId: number, overrides: Record<string, unknown> = {}) => ({
  name: 'Rosa Reception',
  email: freshEmail('new'),
  password: PASSWORD,
  role: 'receptionist',
  clinic_id: clinicId,
  ...overrides,
});

let clinicA: number;
let clinicB: number;
let adminA: Staff;
let adminB: Staff;
let superadmin: Staff;

beforeAll(async () => {
  clinicA = await newClinic('a');
  clinicB = await newClinic('b');
  adminA = await staff(clinicA, 'admin');
  adminB = await staff(clinicB, 'admin');
  superadmin = await staff(clinicA, 'superadmin');
});

describe('create-user', () => {
  it('gives exactly the clinic roles of the shared contract', () => {
    expect([...ASSIGNABLE_ROLES]).toEqual([...CLINIC_ROLES]);
  });

  it('when an admin adds a receptionist, then the confirmation mail is sent and they can sign in only after confirming', async () => {
    const input = newUser(clinicA);
    const { status, body } = await invoke(adminA.client, 'create-user', input);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      user: { email: input.email, name: 'Rosa Reception', role: 'receptionist', clinic_id: clinicA },
      confirmation_sent: true,
    });
    const userId = (body.user as { user_id: string }).user_id;
    expect(await profileOf(userId)).toMatchObject({ name: 'Rosa Reception', role: 'receptionist', clinic_id: clinicA });
    const account = await service.auth.admin.getUserById(userId);
    expect(account.data.user?.app_metadata).toMatchObject({ clinic_id: clinicA, role: 'receptionist' });
    expect(account.data.user?.user_metadata).toMatchObject({ name: 'Rosa Reception' });
    expect(account.data.user?.email_confirmed_at ?? null).toBeNull();

    const early = await stack.anonClient().auth.signInWithPassword({ email: input.email, password: PASSWORD });
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });

    const mail = stack.mailbox.list(input.email).find((candidate) => candidate.kind === 'signup');
    expect(mail).toBeDefined();
    const followed = await fetch(mail!.link, { redirect: 'manual' });
    expect(followed.status).toBe(303);

    const signedIn = await stack.anonClient().auth.signInWithPassword({ email: input.email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.app_metadata).toMatchObject({ role: 'receptionist', clinic_id: clinicA });
  });

  it('when a receptionist or another clinic’s admin adds a user, then 403 and nobody is created', async () => {
    const receptionist = await staff(clinicA, 'receptionist');
    const before = await usersOfClinic(clinicA);
    const byReceptionist = newUser(clinicA);
    expect((await invoke(receptionist.client, 'create-user', byReceptionist)).status).toBe(403);
    const byOtherAdmin = newUser(clinicA);
    const refused = await invoke(adminB.client, 'create-user', byOtherAdmin);
    expect(refused).toEqual({ status: 403, body: { error: expect.any(String) } });
    expect(await usersOfClinic(clinicA)).toBe(before);
    expect(stack.mailbox.list(byReceptionist.email)).toEqual([]);
    expect(stack.mailbox.list(byOtherAdmin.email)).toEqual([]);
  });

  it('when the superadmin adds the first admin of a clinic that has nobody yet, then that admin can work after confirming', async () => {
    const emptyClinic = await newClinic('empty');
    const input = newUser(emptyClinic, { role: 'admin', name: 'First Admin' });
    const { status, body } = await invoke(superadmin.client, 'create-user', input);
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ role: 'admin', clinic_id: emptyClinic });
    const mail = stack.mailbox.list(input.email).find((candidate) => candidate.kind === 'signup');
    await fetch(mail!.link, { redirect: 'manual' });
    const firstAdmin = await stack.signedIn(input.email, PASSWORD);
    const { data, error } = await firstAdmin.from('users').select('email, role').eq('clinic_id', emptyClinic);
    expect(error).toBeNull();
    expect(data).toEqual([{ email: input.email, role: 'admin' }]);

    expect((await invoke(superadmin.client, 'create-user', newUser(987654))).status).toBe(404);
  });

  it('when anyone asks for a superadmin or an unknown role, then it is refused and nothing is created', async () => {
    const before = await usersOfClinic(clinicA);
    const asSuper = await invoke(superadmin.client, 'create-user', newUser(clinicA, { role: 'superadmin' }));
    expect(asSuper).toEqual({ status: 403, body: { error: 'Nobody can create a superadmin' } });
    expect((await invoke(adminA.client, 'create-user', newUser(clinicA, { role: 'superadmin' }))).status).toBe(403);
    const unknown = await invoke(adminA.client, 'create-user', newUser(clinicA, { role: 'owner' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/Unknown role "owner"/);
    expect(await usersOfClinic(clinicA)).toBe(before);
  });

  it('when the e-mail is malformed or taken, or the password weak, then GoTrue’s error is answered', async () => {
    const before = await usersOfClinic(clinicA);
    const malformed = await invoke(adminA.client, 'create-user', newUser(clinicA, { email: 'not-an-email' }));
    expect(malformed).toEqual({
      status: 400,
      body: { error: 'Unable to validate email address: invalid format', code: 'validation_failed' },
    });
    const weak = await invoke(adminA.client, 'create-user', newUser(clinicA, { password: '12345' }));
    expect(weak).toEqual({
      status: 422,
      body: { error: 'Password should be at least 6 characters.', code: 'weak_password' },
    });
    const taken = await invoke(adminA.client, 'create-user', newUser(clinicA, { email: adminB.email }));
    expect(taken).toEqual({
      status: 422,
      body: { error: 'A user with this email address has already been registered', code: 'email_exists' },
    });
    expect(await profileOf(adminB.id)).toMatchObject({ clinic_id: clinicB, role: 'admin' });
    expect(await usersOfClinic(clinicA)).toBe(before);
  });

  /**
   * create-user run as the local stack runs it, but with a fetch that refuses the confirmation
   * e-mail as GoTrue does past its e-mail rate limit, and (`undoFails`) refuses to delete the account.
   */
  async function createUserWhenMailFails(input: ReturnType<typeof newUser>, undoFails: boolean) {
    const refusingFetch: typeof fetch = async (resource, init) => {
      const url = resource instanceof Request ? resource.url : String(resource);
      const method = init?.method ?? (resource instanceof Request ? resource.method : 'GET');
      const path = new URL(url).pathname;
      if (method === 'POST' && path === '/auth/v1/resend') {
        return Response.json({ code: 'over_email_send_rate_limit', msg: 'Email rate limit exceeded' }, { status: 429 });
      }
      if (undoFails && method === 'DELETE' && path.startsWith('/auth/v1/admin/users/')) {
        return Response.json({ code: 'unexpected_failure', msg: 'Database error deleting user' }, { status: 500 });
      }
      return fetch(resource, init);
    };
    const { data } = await adminA.client.auth.getSession();
    const response = await createUserHandler(
      new Request(`${stack.url}/functions/v1/create-user`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${data.session!.access_token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(input),
      }),
      {
        supabaseUrl: stack.url,
        anonKey: stack.config.anonKey,
        serviceRoleKey: stack.config.serviceRoleKey,
        fetch: refusingFetch,
        ...(webSocketForFunctions ? { webSocket: webSocketForFunctions } : {}),
      },
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('when the confirmation e-mail cannot be sent, then 502 confirmation_email_failed and the account is taken back', async () => {
    const input = newUser(clinicA);
    const before = await usersOfClinic(clinicA);
    expect(await createUserWhenMailFails(input, false)).toEqual({
      status: 502,
      body: {
        error: 'The confirmation e-mail could not be sent: Email rate limit exceeded',
        code: CREATE_USER_FAILURES.mailFailed,
      },
    });
    expect(CREATE_USER_FAILURES.mailFailed).toBe('confirmation_email_failed');
    expect(await usersOfClinic(clinicA)).toBe(before);
    const { data } = await service.auth.admin.listUsers({ perPage: 1000 });
    expect(data.users.map((account) => account.email)).not.toContain(input.email);
  });

  it('when the e-mail fails and the account cannot be taken back, then 500 confirmation_email_failed_account_kept', async () => {
    const input = newUser(clinicA);
    const answer = await createUserWhenMailFails(input, true);
    expect(answer).toEqual({
      status: 500,
      body: {
        error:
          'The confirmation e-mail could not be sent (Email rate limit exceeded), and the new account could not be removed',
        code: CREATE_USER_FAILURES.accountKept,
      },
    });
    expect(CREATE_USER_FAILURES.accountKept).toBe('confirmation_email_failed_account_kept');
    // What the answer says is so: the unconfirmed account and its profile are there, to be deleted.
    const { data } = await service.from('users').select('name, role').eq('email', input.email);
    expect(data).toEqual([{ name: 'Rosa Reception', role: 'receptionist' }]);
  });

  it('when fields are missing or the caller has no session, then 400 / 401', async () => {
    expect((await invoke(adminA.client, 'create-user', { email: freshEmail('x') })).status).toBe(400);
    const anon = await stack.anonClient().functions.invoke('create-user', { body: newUser(clinicA) });
    expect(((anon.error as FunctionsHttpError).context as Response).status).toBe(401);
  });
});

describe('editing users (the database’s rules)', () => {
  it('when an admin changes a user’s role, then the profile and the account’s app_metadata follow', async () => {
    const receptionist = await staff(clinicA, 'receptionist');
    const profile = await profileOf(receptionist.id);
    const { data, error } = await adminA.client
      .from('users')
      .update({ name: 'Now Dentist', role: 'dentist' })
      .eq('id', profile!.id)
      .select('name, role');
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Now Dentist', role: 'dentist' }]);
    const account = await service.auth.admin.getUserById(receptionist.id);
    expect(account.data.user?.app_metadata).toMatchObject({ role: 'dentist', clinic_id: clinicA });
    // The next request already runs as a dentist: the staff list is no longer theirs to read.
    const { data: seen } = await receptionist.client.from('users').select('user_id').eq('clinic_id', clinicA);
    expect(seen).toEqual([{ user_id: receptionist.id }]);
  });

  it('when an admin demotes themselves or the last admin, then 403 / 409 and the role stays', async () => {
    const soleClinic = await newClinic('sole');
    const sole = await staff(soleClinic, 'admin');
    const own = await profileOf(sole.id);
    const self = await sole.client.from('users').update({ name: 'x', role: 'dentist' }).eq('id', own!.id).select();
    expect(self.error).toMatchObject({ code: '42501' });
    const bySuper = await superadmin.client.from('users').update({ role: 'dentist' }).eq('id', own!.id).select();
    expect(bySuper.error).toMatchObject({
      code: 'PT409',
      message: 'A clinic must keep at least one admin.',
      hint: 'last_admin',
    });
    const deleted = await superadmin.client.from('users').delete().eq('id', own!.id).select();
    expect(deleted.error).toMatchObject({ code: '42501' });
    expect(await profileOf(sole.id)).toMatchObject({ role: 'admin' });

    // With a second admin, one may demote the other.
    const second = await staff(soleClinic, 'admin');
    const demoted = await sole.client
      .from('users')
      .update({ role: 'receptionist' })
      .eq('id', (await profileOf(second.id))!.id)
      .select('role');
    expect(demoted.data).toEqual([{ role: 'receptionist' }]);
  });

  it('when an admin edits another clinic’s user, moves a user or makes a superadmin, then nothing changes', async () => {
    const dentistB = await staff(clinicB, 'dentist');
    const target = await profileOf(dentistB.id);
    const other = await adminA.client.from('users').update({ role: 'admin' }).eq('id', target!.id).select();
    expect(other.data).toEqual([]);
    const dentistA = await staff(clinicA, 'dentist');
    const mine = await profileOf(dentistA.id);
    const moved = await adminA.client.from('users').update({ clinic_id: clinicB }).eq('id', mine!.id).select();
    expect(moved.error).toMatchObject({ code: '42501' });
    const raised = await adminA.client.from('users').update({ role: 'superadmin' }).eq('id', mine!.id).select();
    expect(raised.error).toMatchObject({ code: '42501' });
    expect(await profileOf(dentistB.id)).toMatchObject({ role: 'dentist', clinic_id: clinicB });
    expect(await profileOf(dentistA.id)).toMatchObject({ role: 'dentist', clinic_id: clinicA });
  });
});

describe('the superadmin’s account (an admin’s token, straight at the API)', () => {
  const protectedRefusal = { code: '42501', hint: 'superadmin_account_protected' };

  it('when an admin renames, demotes or moves the superadmin’s profile, then 42501 superadmin_account_protected and nothing changes', async () => {
    const profile = (await profileOf(superadmin.id))!;
    for (const change of [{ name: 'Taken over' }, { role: 'receptionist' }, { role: 'admin', name: 'Admin now' }]) {
      const attempt = await adminA.client.from('users').update(change).eq('id', profile.id).select();
      expect(attempt.error).toMatchObject(protectedRefusal);
    }
    expect(await profileOf(superadmin.id)).toEqual(profile);
    const own = await superadmin.client
      .from('users')
      .update({ name: 'The Superadmin' })
      .eq('id', profile.id)
      .select('name');
    expect(own.data).toEqual([{ name: 'The Superadmin' }]);
  });

  it('when an admin calls delete-user for the superadmin, then 403 superadmin_account_protected and the account stays', async () => {
    const { status, body } = await invoke(adminA.client, 'delete-user', { user_id: superadmin.id });
    expect(status).toBe(403);
    expect(body).toEqual({
      error: 'Only the superadmin can change this account.',
      code: 'superadmin_account_protected',
    });
    expect(await profileOf(superadmin.id)).toMatchObject({ role: 'superadmin' });
    expect((await service.auth.admin.getUserById(superadmin.id)).data.user?.id).toBe(superadmin.id);
  });
});

describe('delete-user guards', () => {
  it('when the last admin of a clinic would be deleted, then 409 and the admin stays', async () => {
    const soleClinic = await newClinic('last');
    const sole = await staff(soleClinic, 'admin');
    const { status, body } = await invoke(superadmin.client, 'delete-user', { user_id: sole.id });
    expect(status).toBe(409);
    expect(body).toEqual({ error: 'A clinic must keep at least one admin.', code: 'last_admin' });
    expect(await profileOf(sole.id)).toMatchObject({ role: 'admin' });
  });

  it('when a UUID comes in upper case, then it names the same user: deleted, or refused as oneself', async () => {
    const receptionist = await staff(clinicA, 'receptionist');
    const { status, body } = await invoke(adminA.client, 'delete-user', { user_id: receptionist.id.toUpperCase() });
    expect(status).toBe(200);
    expect(body).toMatchObject({ auth_delete: { success: true }, db_delete: { success: true } });
    expect(await profileOf(receptionist.id)).toBeUndefined();
    expect((await service.auth.admin.getUserById(receptionist.id)).error).toMatchObject({ status: 404 });
    // Upper case does not make one's own account someone else's.
    const self = await invoke(adminA.client, 'delete-user', { user_id: adminA.id.toUpperCase() });
    expect(self).toEqual({ status: 400, body: { error: 'You cannot delete your own account' } });
    expect(await profileOf(adminA.id)).toBeDefined();
    const missing = await invoke(superadmin.client, 'delete-user', { user_id: randomUUID().toUpperCase() });
    expect(missing.status).toBe(404);
  });

  it('when a browser calls the database step of delete-user itself, then it is refused and nothing changes', async () => {
    const receptionist = await staff(clinicA, 'receptionist');
    const direct = await adminA.client.rpc('delete_staff_account', {
      p_user_id: receptionist.id,
      p_requested_by: adminA.id,
    });
    expect(direct.error).not.toBeNull();
    expect(await profileOf(receptionist.id)).toBeDefined();
  });

  it('when an admin deletes themselves or another clinic’s user, then it is refused and both stay', async () => {
    expect((await invoke(adminA.client, 'delete-user', { user_id: adminA.id })).status).toBe(400);
    const receptionistB = await staff(clinicB, 'receptionist');
    expect((await invoke(adminA.client, 'delete-user', { user_id: receptionistB.id })).status).toBe(403);
    expect(await profileOf(adminA.id)).toBeDefined();
    expect(await profileOf(receptionistB.id)).toBeDefined();
  });

  it('when a user who recorded invoices and payments is deleted, then their records stay', async () => {
    const receptionist = await staff(clinicA, 'receptionist');
    const patient = await receptionist.client
      .from('patients')
      .insert({ clinic_id: clinicA, name: `Kept ${randomUUID().slice(0, 6)}`, phone: '0917 000 0000' })
      .select('id')
      .single();
    expect(patient.error).toBeNull();
    const invoice = await receptionist.client
      .from('invoices')
      .insert({ clinic_id: clinicA, patient_id: patient.data!.id, total: '1500.00', idempotency_key: randomUUID() })
      .select('id')
      .single();
    expect(invoice.error).toBeNull();
    const payment = await receptionist.client
      .from('payments')
      .insert({
        clinic_id: clinicA,
        patient_id: patient.data!.id,
        invoice_id: invoice.data!.id,
        amount: '500.00',
        method: 'cash',
        reference_number: null,
        notes: null,
        idempotency_key: randomUUID(),
      })
      .select('id')
      .single();
    expect(payment.error).toBeNull();

    const { status, body } = await invoke(adminA.client, 'delete-user', { user_id: receptionist.id });
    expect(status).toBe(200);
    expect(body).toMatchObject({ auth_delete: { success: true }, db_delete: { success: true } });
    const kept = await service.from('invoices').select('id, created_by').eq('id', invoice.data!.id);
    expect(kept.data).toEqual([{ id: invoice.data!.id, created_by: receptionist.id }]);
    const keptPayment = await service.from('payments').select('id, recorded_by').eq('id', payment.data!.id);
    expect(keptPayment.data).toEqual([{ id: payment.data!.id, recorded_by: receptionist.id }]);
    // Their session is over: the token they still hold reads nothing.
    const { data: after } = await receptionist.client.from('patients').select('id').eq('id', patient.data!.id);
    expect(after).toEqual([]);
  });
});

describe('delete-user in the audit trail', () => {
  it('records the admin who asked as the actor of the removal, and keeps no note of it afterwards', async () => {
    const receptionist = await staff(clinicA, 'receptionist');
    const profile = (await profileOf(receptionist.id))!;
    const { status } = await invoke(adminA.client, 'delete-user', { user_id: receptionist.id });
    expect(status).toBe(200);

    const { data: rows, error } = await service
      .from('audit_log')
      .select('action, entity_label, actor_user_id, actor_role, source, before')
      .eq('entity', 'user')
      .eq('entity_id', profile.id);
    expect(error).toBeNull();
    expect(rows!.filter((row) => row.action === 'delete')).toEqual([
      {
        action: 'delete',
        entity_label: profile.name,
        actor_user_id: adminA.id,
        actor_role: 'admin',
        source: 'edge_function',
        before: { name: profile.name, email: receptionist.email, role: 'receptionist' },
      },
    ]);
  });

  it('when a deletion is refused, then nothing of it stays behind to name that admin in a later removal', async () => {
    const soleClinic = await newClinic('actor');
    const sole = await staff(soleClinic, 'admin');
    const profile = (await profileOf(sole.id))!;
    expect((await invoke(superadmin.client, 'delete-user', { user_id: sole.id.toUpperCase() })).status).toBe(409);
    // Later, with a second admin in place, the account is removed by a clean-up that names nobody.
    await staff(soleClinic, 'admin');
    expect((await service.auth.admin.deleteUser(sole.id)).error).toBeNull();
    const { data: rows, error } = await service
      .from('audit_log')
      .select('action, actor_user_id, source')
      .eq('entity', 'user')
      .eq('entity_id', profile.id)
      .eq('action', 'delete');
    expect(error).toBeNull();
    expect(rows).toEqual([{ action: 'delete', actor_user_id: null, source: 'service' }]);
  });
});

describe('create-user with malformed input', () => {
  it('answers every malformed body and header with a 4xx or a success, never a 5xx', async () => {
    const token = (await adminA.client.auth.getSession()).data.session!.access_token;
    const valid = {
      name: 'Sweep',
      email: 'sweep@example.test',
      password: PASSWORD,
      role: 'dentist',
      clinic_id: clinicA,
    };
    const oneWrongField: BadBody[] = Object.keys(valid).flatMap((field) =>
      WRONG_VALUES.map(({ label, json }) => ({
        label: `${field} ${label}`,
        // Each with an address of its own: a value that happens to be valid (a name 'not a number') creates a user.
        body: Buffer.from(
          JSON.stringify({ ...valid, email: freshEmail('sweep'), [field]: '__WRONG__' }).replace('"__WRONG__"', json),
        ),
        headers: { 'content-type': 'application/json' },
      })),
    );
    const requests = [
      ...[...BAD_BODIES, ...oneWrongField].map((bad) => ({ label: bad.label, body: bad.body, headers: bad.headers })),
      ...BAD_HEADERS.map((headers) => ({
        label: JSON.stringify(headers),
        body: Buffer.from(JSON.stringify({ ...valid, email: freshEmail('hdr'), password: 'x' })),
        headers: { 'content-type': 'application/json', ...headers },
      })),
    ];
    const failures: string[] = [];
    for (const request of requests) {
      const response = await fetch(`${stack.url}/functions/v1/create-user`, {
        method: 'POST',
        headers: { apikey: stack.config.anonKey, authorization: `Bearer ${token}`, ...request.headers },
        body: new Uint8Array(request.body),
      });
      await response.arrayBuffer();
      if (response.status >= 500) failures.push(`${request.label} → ${response.status}`);
    }
    expect(failures).toEqual([]);
    // Whatever was created is a staff member of the caller's clinic, never a superadmin.
    const { data } = await service.from('users').select('role, clinic_id').ilike('email', 'sweep-%');
    for (const row of data ?? [])
      expect(row).toMatchObject({ clinic_id: clinicA, role: expect.stringMatching(/^(admin|receptionist|dentist)$/) });
  });
});
