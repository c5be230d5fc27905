/**
 * Users & Roles rules that live in the database
 * (supabase/migrations/…_clinics_and_users.sql), through the REST
 * calls the screen makes and every other door: a clinic keeps its last admin who can sign in
 * whoever removes or demotes them (browser, delete-user, the service role, GoTrue's admin API,
 * SQL) and however many do it at once; profiles come and go only with their accounts; the
 * account's app_metadata follows a role change, and deleting a staff account deletes nothing they
 * recorded. Runs on PGlite and, with TEST_DATABASE_URL, on a real PostgreSQL server, where the
 * concurrent demotions and deletions really race.
 */
import { randomUUID } from 'node:crypto';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../support/database.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';
import { newStaffLogin } from '../../support/staff-login.ts';

const PASSWORD = 'Cl1nic-pass';

interface QuickAdmin {
  authId: string;
  client: SupabaseClient;
}

describe.each(databaseTargets())('users and roles on %s', (target) => {
  let stack: TestStack;
  let service: SupabaseClient;
  let superadmin: SupabaseClient;

  beforeAll(async () => {
    stack = await startTestStack({
      seed: true,
      logLabel: 'users-roles',
      target,
    });
    service = stack.serviceClient();
    superadmin = await stack.signedIn('superadmin@demo.test');
  });

  afterAll(async () => {
    await stack?.stop();
  });

  async function newClinic(): Promise<number> {
    const { data, error } = await service
      .from('clinics')
      .insert({ name: `Roles ${randomUUID().slice(0, 8)}` })
      .select('id')
      .single();
    if (error) throw error;
    return Number(data.id);
  }

  /** A staff account of the clinic (app_metadata, as create-user makes it), signed in; with its profile id. */
  async function staff(
    clinicId: number,
    role: string,
  ): Promise<{ authId: string; profileId: number; client: SupabaseClient }> {
    const { email, userId } = await newStaffLogin(service, clinicId, role, PASSWORD);
    const profile = await service.from('users').select('id').eq('user_id', userId).single();
    if (profile.error) throw profile.error;
    return { authId: userId, profileId: Number(profile.data.id), client: await stack.signedIn(email, PASSWORD) };
  }

  async function rolesOf(clinicId: number): Promise<string[]> {
    const { data, error } = await service.from('users').select('role').eq('clinic_id', clinicId).order('id');
    if (error) throw error;
    return data.map((row) => row.role as string);
  }

  /** Calls delete-user as `caller`: the status and the JSON body, success or not. */
  async function deleteUser(caller: SupabaseClient, userId: string): Promise<{ status: number; body: unknown }> {
    const { data, error } = await caller.functions.invoke('delete-user', { body: { user_id: userId } });
    if (!error) return { status: 200, body: data };
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    return { status: response.status, body: await response.json() };
  }

  /** The clinic's admins who can sign in: a profile with a live, confirmed account. */
  async function signedInAdminsOf(clinicId: number): Promise<string[]> {
    const { rows } = await stack.db.query<{ user_id: string }>(
      `select u.user_id::text as user_id from public.users u join auth.users a on a.id = u.user_id
        where u.clinic_id = $1 and u.role = 'admin' and a.deleted_at is null and a.email_confirmed_at is not null`,
      [clinicId],
    );
    return rows.map((row) => row.user_id);
  }

  it('refuses demoting the only admin of a clinic through the API (409), even for the superadmin', async () => {
    const clinicId = await newClinic();
    const admin = await staff(clinicId, 'admin');
    const demoted = await superadmin.from('users').update({ role: 'receptionist' }).eq('id', admin.profileId).select();
    expect(demoted.status).toBe(409);
    expect(demoted.error).toMatchObject({
      code: 'PT409',
      message: 'A clinic must keep at least one admin.',
      hint: 'last_admin',
    });
    // No browser removes a profile at all: that is delete-user's, with the account.
    const deleted = await superadmin.from('users').delete().eq('id', admin.profileId).select();
    expect(deleted.error).toMatchObject({ code: '42501' });
    // Renaming the last admin is no demotion.
    const renamed = await admin.client
      .from('users')
      .update({ name: 'Still Admin', role: 'admin' })
      .eq('id', admin.profileId)
      .select('name');
    expect(renamed.data).toEqual([{ name: 'Still Admin' }]);
    expect(await rolesOf(clinicId)).toEqual(['admin']);
  });

  it('lets an admin demote or remove another admin while one stays, and not the last one after that', async () => {
    const clinicId = await newClinic();
    const first = await staff(clinicId, 'admin');
    const second = await staff(clinicId, 'admin');
    expect(await deleteUser(first.client, second.authId)).toMatchObject({ status: 200 });
    expect(await rolesOf(clinicId)).toEqual(['admin']);
    const third = await staff(clinicId, 'dentist');
    const promoted = await first.client
      .from('users')
      .update({ role: 'admin' })
      .eq('id', third.profileId)
      .select('role');
    expect(promoted.data).toEqual([{ role: 'admin' }]);
    const demoteFirst = await third.client
      .from('users')
      .update({ role: 'dentist' })
      .eq('id', first.profileId)
      .select('role');
    expect(demoteFirst.data).toEqual([{ role: 'dentist' }]);
    const demoteLast = await superadmin.from('users').update({ role: 'dentist' }).eq('id', third.profileId).select();
    expect(demoteLast.error).toMatchObject({ code: 'PT409' });
    expect(await deleteUser(superadmin, third.authId)).toEqual({
      status: 409,
      body: { error: 'A clinic must keep at least one admin.', code: 'last_admin' },
    });
    expect((await rolesOf(clinicId)).filter((role) => role === 'admin')).toHaveLength(1);
  });

  it('refuses every other door too: the service role, GoTrue’s admin API (delete, soft delete) and SQL', async () => {
    const clinicId = await newClinic();
    const admin = await staff(clinicId, 'admin');
    const viaGoTrue = await service.auth.admin.deleteUser(admin.authId);
    expect(viaGoTrue.error).toMatchObject({ status: 500 });
    const softly = await service.auth.admin.deleteUser(admin.authId, true);
    expect(softly.error).toMatchObject({ status: 500 });
    const viaRest = await service.from('users').delete().eq('id', admin.profileId).select();
    expect(viaRest.error).toMatchObject({ code: 'PT409' });
    const demoted = await service.from('users').update({ role: 'dentist' }).eq('id', admin.profileId).select();
    expect(demoted.error).toMatchObject({ code: 'PT409' });
    const viaRpc = await service.rpc('delete_staff_account', { p_user_id: admin.authId, p_requested_by: admin.authId });
    expect(viaRpc.error).toMatchObject({ code: 'PT409' });
    for (const sql of [
      'delete from public.users where user_id = $1',
      'delete from auth.users where id = $1',
      'update auth.users set deleted_at = now() where id = $1',
    ]) {
      await expect(stack.db.query(sql, [admin.authId]), sql).rejects.toMatchObject({ code: 'PT409' });
    }
    expect(await signedInAdminsOf(clinicId)).toEqual([admin.authId]);
    // The admin can still sign in and work.
    expect(
      await stack.signedIn((await service.auth.admin.getUserById(admin.authId)).data.user!.email!, PASSWORD),
    ).toBeTruthy();
  });

  it('when the clinic itself is deleted, then its staff go with it, the last admin included', async () => {
    const clinicId = await newClinic();
    const admin = await staff(clinicId, 'admin');
    await staff(clinicId, 'receptionist');
    const { error } = await service.from('clinics').delete().eq('id', clinicId);
    expect(error).toBeNull();
    expect(await rolesOf(clinicId)).toEqual([]);
    // The login stays, with no clinic behind it: it reaches nothing.
    expect((await service.auth.admin.getUserById(admin.authId)).data.user?.id).toBe(admin.authId);
  });

  it('when the only admin adds an admin profile without an account, then 403, and such a profile never keeps a clinic managed', async () => {
    const clinicId = await newClinic();
    const admin = await staff(clinicId, 'admin');
    const planted = await admin.client
      .from('users')
      .insert({ user_id: null, email: 'ghost@example.test', name: 'Ghost', role: 'admin', clinic_id: clinicId })
      .select();
    expect(planted.status).toBe(403);
    expect(planted.error).toMatchObject({ code: '42501' });
    // Even one the service role (a clean-up, old data) left behind does not count.
    const legacy = await service
      .from('users')
      .insert({ user_id: null, email: 'legacy@example.test', name: 'Legacy', role: 'admin', clinic_id: clinicId })
      .select('id')
      .single();
    expect(legacy.error).toBeNull();
    expect(await deleteUser(superadmin, admin.authId)).toMatchObject({ status: 409, body: { code: 'last_admin' } });
    const demoted = await superadmin.from('users').update({ role: 'dentist' }).eq('id', admin.profileId).select();
    expect(demoted.error).toMatchObject({ code: 'PT409' });
    expect(await signedInAdminsOf(clinicId)).toEqual([admin.authId]);
    // An account nobody can use yet (e-mail not confirmed) does not count either.
    const pending = await service.auth.admin.createUser({
      email: `pending-${randomUUID().slice(0, 8)}@example.test`,
      password: PASSWORD,
      user_metadata: { name: 'Pending' },
      app_metadata: { clinic_id: clinicId, role: 'admin' },
    });
    expect(pending.error).toBeNull();
    expect(await deleteUser(superadmin, admin.authId)).toMatchObject({ status: 409 });
    // ... and, being nobody's way in, it can be taken back (create-user does when its e-mail fails).
    expect((await service.auth.admin.deleteUser(pending.data.user!.id)).error).toBeNull();
  });

  it('when an admin removes a profile and another clinic’s admin gives its login a profile, then both are refused', async () => {
    const clinicA = await newClinic();
    const clinicB = await newClinic();
    const adminA = await staff(clinicA, 'admin');
    const adminB = await staff(clinicB, 'admin');
    const target = await staff(clinicA, 'receptionist');

    const removed = await adminA.client.from('users').delete().eq('user_id', target.authId).select();
    expect(removed.error).toMatchObject({ code: '42501' });
    expect(await rolesOf(clinicA)).toEqual(['admin', 'receptionist']);

    // Say the profile went some other way (the service role, SQL): the login stays, and nobody adopts it.
    const { error } = await service.from('users').delete().eq('user_id', target.authId);
    expect(error).toBeNull();
    const adopted = await adminB.client
      .from('users')
      .insert({
        user_id: target.authId,
        email: 'adopted@example.test',
        name: 'Adopted',
        role: 'admin',
        clinic_id: clinicB,
      })
      .select();
    expect(adopted.status).toBe(403);
    const bySuper = await superadmin
      .from('users')
      .insert({
        user_id: target.authId,
        email: 'adopted@example.test',
        name: 'Adopted',
        role: 'admin',
        clinic_id: clinicB,
      })
      .select();
    expect(bySuper.error).toMatchObject({ code: '42501' });
    const byService = await service
      .from('users')
      .insert({
        user_id: target.authId,
        email: 'adopted@example.test',
        name: 'Adopted',
        role: 'admin',
        clinic_id: clinicB,
      })
      .select();
    expect(byService.error).toMatchObject({ code: '42501' });
    expect(await rolesOf(clinicB)).toEqual(['admin']);

    // The login's next sign-in is nobody's staff: it reads no clinic's data.
    const email = (await service.auth.admin.getUserById(target.authId)).data.user!.email!;
    const again = await stack.signedIn(email, PASSWORD);
    expect((await again.from('users').select('id')).data).toEqual([]);
    expect((await again.from('patients').select('id').limit(1)).data).toEqual([]);
  });

  it('when two admins delete each other through delete-user at the same moment, then exactly one admin stays, 50 of 50 times', async () => {
    const ROUNDS = 50;
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const clinicId = await newClinic();
      const [a, b] = await quickAdmins(clinicId);
      const answers = await Promise.all([deleteUser(a.client, b.authId), deleteUser(b.client, a.authId)]);
      const statuses = answers.map((answer) => answer.status).sort();
      const left = await signedInAdminsOf(clinicId);
      outcomes.push(`${statuses.join('/')} → ${left.length}`);
      expect(left, `round ${round}: ${JSON.stringify(answers)}`).toHaveLength(1);
      // The one refused was refused as the last admin (or, deleted first, no longer had a session).
      expect(statuses[0], `round ${round}`).toBe(200);
      expect([401, 403, 409], `round ${round}`).toContain(statuses[1]);
    }
    expect(outcomes).toHaveLength(ROUNDS);
  }, 240_000);

  /**
   * Two confirmed admins of the clinic, signed in: made in one SQL statement (the seed's way, so
   * the sign-up trigger makes their profiles) with a cheap bcrypt cost, so 50 rounds stay fast.
   */
  async function quickAdmins(clinicId: number): Promise<[QuickAdmin, QuickAdmin]> {
    const emails = [0, 1].map((n) => `race-${n}-${randomUUID().slice(0, 8)}@example.test`);
    const { rows } = await stack.db.query<{ id: string; email: string }>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         confirmation_token, recovery_token, email_change_token_new, email_change,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000'::uuid, gen_random_uuid(), 'authenticated', 'authenticated', e,
              extensions.crypt($2, extensions.gen_salt('bf', 4)), now(), '', '', '', '',
              jsonb_build_object('provider', 'email', 'providers', jsonb_build_array('email'),
                                 'clinic_id', $1::bigint, 'role', 'admin'),
              jsonb_build_object('name', 'Racer'), now(), now()
         from unnest($3::text[]) as e
       returning id::text as id, email`,
      [clinicId, PASSWORD, emails],
    );
    const admin = async (email: string): Promise<QuickAdmin> => ({
      authId: rows.find((row) => row.email === email)!.id,
      client: await stack.signedIn(email, PASSWORD),
    });
    return Promise.all([admin(emails[0]!), admin(emails[1]!)]);
  }

  it('when two admins demote each other at the same moment, then the clinic still has an admin', async () => {
    const clinicId = await newClinic();
    const a = await staff(clinicId, 'admin');
    const b = await staff(clinicId, 'admin');
    const results = await Promise.all([
      a.client.from('users').update({ role: 'receptionist' }).eq('id', b.profileId).select('id'),
      b.client.from('users').update({ role: 'receptionist' }).eq('id', a.profileId).select('id'),
    ]);
    // Either one wins and the other is refused, or (both already demoted in their view) the
    // later one is refused; never both.
    expect(results.filter((result) => result.error === null && (result.data?.length ?? 0) === 1)).toHaveLength(1);
    expect((await rolesOf(clinicId)).filter((role) => role === 'admin')).toHaveLength(1);
  });

  it('copies a role change into the account’s app_metadata, so the next token names it', async () => {
    const clinicId = await newClinic();
    const admin = await staff(clinicId, 'admin');
    const member = await staff(clinicId, 'receptionist');
    const { error } = await admin.client.from('users').update({ role: 'dentist' }).eq('id', member.profileId);
    expect(error).toBeNull();
    const account = await service.auth.admin.getUserById(member.authId);
    expect(account.data.user?.app_metadata).toMatchObject({ role: 'dentist', clinic_id: clinicId });
    const refreshed = await member.client.auth.refreshSession();
    expect(refreshed.data.user?.app_metadata).toMatchObject({ role: 'dentist' });
  });

  it('leaves the app_metadata of a founder (no role in it) as it was', async () => {
    const email = `founder-${randomUUID().slice(0, 8)}@example.test`;
    const created = await service.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { name: 'Founder', clinic_name: `Founded ${randomUUID().slice(0, 6)}` },
    });
    const founderId = created.data.user!.id;
    const profile = await service.from('users').select('id, clinic_id').eq('user_id', founderId).single();
    await staff(Number(profile.data!.clinic_id), 'admin');
    const { error } = await superadmin.from('users').update({ role: 'dentist' }).eq('id', profile.data!.id);
    expect(error).toBeNull();
    const account = await service.auth.admin.getUserById(founderId);
    expect(account.data.user?.app_metadata).not.toHaveProperty('role');
  });

  it('keeps no foreign key that would delete or block what a deleted staff member recorded', async () => {
    const { rows } = await stack.db.query<{ table_name: string; column_name: string; on_delete: string }>(
      `select c.conrelid::regclass::text as table_name, a.attname::text as column_name, c.confdeltype::text as on_delete
         from pg_constraint c
         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
        where c.contype = 'f' and c.confrelid = 'auth.users'::regclass`,
    );
    const bare = (name: string) => name.replace(/^public\./, '');
    // The profile goes with its account ('c' = cascade): that is what deleting a user means.
    expect(rows).toContainEqual({
      table_name: expect.stringMatching(/^(public\.)?users$/),
      column_name: 'user_id',
      on_delete: 'c',
    });
    const recorded = rows.filter((row) =>
      ['appointments', 'invoices', 'payments', 'patients', 'appointment_reminders', 'dentists'].includes(
        bare(row.table_name),
      ),
    );
    expect(recorded).toEqual([]);
  });
});
