/**
 * Users & Roles rules that live in the database (supabase/migrations/20261125000200_users_roles.sql
 * and the profile rules before it), through the REST calls the screen makes: a clinic keeps its
 * last admin even when two admins demote each other at once, the account's app_metadata follows a
 * role change, and deleting a staff account deletes nothing they recorded. Runs on PGlite and,
 * with TEST_DATABASE_URL, on a real PostgreSQL server, where the concurrent demotions really race.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcePostgresTarget, testDatabaseUrl } from '../../support/postgres.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

const targets = ['pglite', ...(testDatabaseUrl ? ['postgres'] : [])] as const;
announcePostgresTarget('users-roles');

const PASSWORD = 'Cl1nic-pass';

describe.each(targets)('users and roles on %s', (target) => {
  let stack: TestStack;
  let service: SupabaseClient;
  let superadmin: SupabaseClient;

  beforeAll(async () => {
    stack = await startTestStack({
      seed: true,
      logLabel: 'users-roles',
      ...(target === 'postgres' ? { postgresServerUrl: testDatabaseUrl } : {}),
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
    const email = `${role}-${randomUUID().slice(0, 8)}@example.test`;
    const { data, error } = await service.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { name: `A ${role}` },
      app_metadata: { clinic_id: clinicId, role },
    });
    if (error || !data.user) throw error ?? new Error('no user');
    const profile = await service.from('users').select('id').eq('user_id', data.user.id).single();
    if (profile.error) throw profile.error;
    return { authId: data.user.id, profileId: Number(profile.data.id), client: await stack.signedIn(email, PASSWORD) };
  }

  async function rolesOf(clinicId: number): Promise<string[]> {
    const { data, error } = await service.from('users').select('role').eq('clinic_id', clinicId).order('id');
    if (error) throw error;
    return data.map((row) => row.role as string);
  }

  it('refuses demoting or deleting the only admin of a clinic through the API, even for the superadmin', async () => {
    const clinicId = await newClinic();
    const admin = await staff(clinicId, 'admin');
    const demoted = await superadmin.from('users').update({ role: 'receptionist' }).eq('id', admin.profileId).select();
    expect(demoted.error).toMatchObject({ code: '42501', message: 'A clinic must keep at least one admin.' });
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

  it('lets an admin remove another admin while one stays, and not the last one after that', async () => {
    const clinicId = await newClinic();
    const first = await staff(clinicId, 'admin');
    const second = await staff(clinicId, 'admin');
    const removed = await first.client.from('users').delete().eq('id', second.profileId).select('id');
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([{ id: second.profileId }]);
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
    expect(demoteLast.error).toMatchObject({ code: '42501' });
    expect((await rolesOf(clinicId)).filter((role) => role === 'admin')).toHaveLength(1);
  });

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

  it('still lets the service role remove a whole clinic’s staff (clean-ups outside the API)', async () => {
    const clinicId = await newClinic();
    const admin = await staff(clinicId, 'admin');
    const { error } = await service.auth.admin.deleteUser(admin.authId);
    expect(error).toBeNull();
    expect(await rolesOf(clinicId)).toEqual([]);
  });
});
