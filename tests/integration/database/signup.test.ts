import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../local/db/database.ts';
import {
  createClinic,
  databaseTargets,
  freshDatabase,
  sqlErrorFrom,
  type FreshDatabase,
} from '../../support/database.ts';

interface Profile {
  email: string;
  name: string;
  role: string;
  clinic_id: number;
  clinic_name: string;
}

describe.each(databaseTargets())('sign-up trigger on %s', (target) => {
  let fresh: FreshDatabase;
  let db: Database;

  beforeAll(async () => {
    fresh = await freshDatabase(target);
    db = fresh.db;
  });
  afterAll(async () => {
    await fresh?.cleanup();
  });

  /** Inserts an auth account the way GoTrue does on sign-up (app_metadata only from the server side). */
  async function signUp(userMeta: Record<string, unknown>, appMeta: Record<string, unknown> = {}) {
    const id = randomUUID();
    const email = `signup-${id.slice(0, 8)}@example.test`;
    await db.query(
      `insert into auth.users (id, email, encrypted_password, raw_app_meta_data, raw_user_meta_data)
       values ($1, $2, 'x', $3, $4)`,
      [id, email, JSON.stringify({ provider: 'email', providers: ['email'], ...appMeta }), JSON.stringify(userMeta)],
    );
    return { id, email };
  }

  async function profileOf(userId: string): Promise<Profile | undefined> {
    const { rows } = await db.query<Profile>(
      `select u.email, u.name, u.role, u.clinic_id::integer as clinic_id, c.name as clinic_name
       from public.users u join public.clinics c on c.id = u.clinic_id
       where u.user_id = $1`,
      [userId],
    );
    return rows[0];
  }

  async function counts() {
    const { rows } = await db.query<{ accounts: number; clinics: number; profiles: number }>(
      `select (select count(*)::integer from auth.users) as accounts,
              (select count(*)::integer from public.clinics) as clinics,
              (select count(*)::integer from public.users) as profiles`,
    );
    return rows[0];
  }

  it('creates a clinic and makes the new user its admin when a clinic name is given', async () => {
    const account = await signUp({ name: 'Ana Reyes', clinic_name: '  Ngiti Dental Care ' });
    expect(await profileOf(account.id)).toEqual({
      email: account.email,
      name: 'Ana Reyes',
      role: 'admin',
      clinic_id: expect.any(Number),
      clinic_name: 'Ngiti Dental Care',
    });
  });

  it('refuses a sign-up without a clinic name and leaves nothing behind', async () => {
    const before = await counts();
    const error = await sqlErrorFrom(signUp({ name: 'No Clinic' }));
    expect(error.message).toBe('Sign-up needs a clinic name.');
    expect(await counts()).toEqual(before);
  });

  it('refuses a sign-up with a clinic name but no name and leaves nothing behind', async () => {
    const before = await counts();
    const error = await sqlErrorFrom(signUp({ clinic_name: 'Nameless Dental', name: '   ' }));
    expect(error.message).toBe('Sign-up needs a name.');
    expect(await counts()).toEqual(before);
  });

  it('ignores a role and clinic_id smuggled into user_metadata', async () => {
    const existing = await createClinic(db, 'Existing Clinic');
    const account = await signUp({
      name: 'Sneaky',
      clinic_name: 'Sneaky Dental',
      role: 'superadmin',
      clinic_id: existing,
    });
    const profile = await profileOf(account.id);
    expect(profile).toMatchObject({ role: 'admin', clinic_name: 'Sneaky Dental' });
    expect(profile?.clinic_id).not.toBe(existing);
  });

  it('refuses user_metadata naming a role and clinic without a clinic name', async () => {
    const existing = await createClinic(db, 'Target Clinic');
    const before = await counts();
    await sqlErrorFrom(signUp({ name: 'Intruder', role: 'admin', clinic_id: existing }));
    expect(await counts()).toEqual(before);
  });

  it('joins the clinic and role given in app_metadata, which only the server can set', async () => {
    const clinicId = await createClinic(db, 'Invite Clinic');
    const account = await signUp({ name: 'Joy Invited' }, { clinic_id: clinicId, role: 'receptionist' });
    expect(await profileOf(account.id)).toMatchObject({
      name: 'Joy Invited',
      role: 'receptionist',
      clinic_id: clinicId,
    });
  });

  it('names an invited profile after the e-mail when no name is given', async () => {
    const clinicId = await createClinic(db, 'Nameless Invite Clinic');
    const account = await signUp({}, { clinic_id: clinicId, role: 'dentist' });
    expect((await profileOf(account.id))?.name).toBe(account.email.split('@')[0]);
  });

  it('refuses app_metadata naming an unknown clinic or role and leaves nothing behind', async () => {
    const clinicId = await createClinic(db, 'Strict Clinic');
    const before = await counts();
    expect((await sqlErrorFrom(signUp({ name: 'X' }, { clinic_id: 999999, role: 'admin' }))).code).toBe('23503');
    // staff_role is an enum: a role outside it is not valid input.
    expect((await sqlErrorFrom(signUp({ name: 'X' }, { clinic_id: clinicId, role: 'owner' }))).code).toBe('22P02');
    expect(await counts()).toEqual(before);
  });

  it('keeps the profile e-mail in step with the account', async () => {
    const account = await signUp({ name: 'Mover', clinic_name: 'Mover Dental' });
    await db.query('update auth.users set email = $2 where id = $1', [account.id, 'moved@example.test']);
    expect((await profileOf(account.id))?.email).toBe('moved@example.test');
  });

  it('removes the profile with its account', async () => {
    const account = await signUp({ name: 'Leaver', clinic_name: 'Leaver Dental' });
    await db.query('delete from auth.users where id = $1', [account.id]);
    expect(await profileOf(account.id)).toBeUndefined();
  });
});
