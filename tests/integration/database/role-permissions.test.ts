/**
 * One permission table, in two places: public.role_permissions, which every policy and RPC asks
 * through public.authorize(), and @common/contract/permissions, which the SPA and the service read.
 * They must hold the same rows, the SQL must name exactly the permissions TypeScript knows, and
 * authorize() must answer as the table says: for a role in its own clinic, never in another, and
 * everywhere for the superadmin.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLINIC_ROLES,
  hasPermission,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  STAFF_ROLES,
  type StaffRole,
} from '@common/contract/permissions';
import type { Database } from '../../../local/db/database.ts';
import {
  asUser,
  createClinic,
  createStaff,
  databaseTargets,
  freshDatabase,
  refusalFor,
  type FreshDatabase,
  type UserClaims,
} from '../../support/database.ts';

const byRoleAndPermission = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The permissions a policy or a function of schema public or private passes to authorize(), or to
 * private.require_permission(), which asks authorize() for it.
 */
function permissionsNamedIn(sql: string): string[] {
  const named = sql.matchAll(
    /(?:authorize|require_permission)\((?:[^()']|\([^()]*\))*'([a-z]+(?:_[a-z]+)*\.[a-z]+(?:_[a-z]+)*)'/g,
  );
  return [...named].map((match) => match[1]!);
}

describe.each(databaseTargets())('role permissions on %s', (target) => {
  let fresh: FreshDatabase;
  let db: Database;
  let clinicA: number;
  let clinicB: number;
  const staff = {} as Record<StaffRole, UserClaims>;

  beforeAll(async () => {
    fresh = await freshDatabase(target);
    db = fresh.db;
    clinicA = await createClinic(db, 'Clinic A');
    clinicB = await createClinic(db, 'Clinic B');
    for (const role of STAFF_ROLES) staff[role] = await createStaff(db, clinicA, role);
  });

  afterAll(async () => {
    await fresh?.cleanup();
  });

  it('holds the same rows as @common/contract/permissions', async () => {
    const { rows } = await db.query<{ role: string; permission: string }>(
      'select role::text as role, permission from public.role_permissions',
    );
    const inSql = rows.map((row) => `${row.role} ${row.permission}`).sort(byRoleAndPermission);
    const inTypeScript = CLINIC_ROLES.flatMap((role) =>
      ROLE_PERMISSIONS[role].map((permission) => `${role} ${permission}`),
    ).sort(byRoleAndPermission);
    expect(inSql).toEqual(inTypeScript);
  });

  it('is asked by the policies and functions for exactly the permissions TypeScript knows', async () => {
    const { rows } = await db.query<{ text: string }>(
      `select coalesce(qual, '') || ' ' || coalesce(with_check, '') as text
         from pg_catalog.pg_policies where schemaname = 'public'
       union all
       select p.prosrc from pg_catalog.pg_proc p
        where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace) and p.proname <> 'authorize'`,
    );
    const named = new Set(rows.flatMap((row) => permissionsNamedIn(row.text)));
    expect([...named].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('answers authorize() as the table says, in the caller’s clinic only; the superadmin’s everywhere', async () => {
    for (const role of STAFF_ROLES) {
      const answers = await asUser(db, staff[role], async (tx) => {
        const { rows } = await tx.query<{ permission: string; own: boolean; other: boolean }>(
          `select p.permission, public.authorize($1, p.permission) as own, public.authorize($2, p.permission) as other
             from unnest($3::text[]) as p (permission)`,
          [clinicA, clinicB, [...PERMISSIONS]],
        );
        return rows;
      });
      expect(answers).toEqual(
        PERMISSIONS.map((permission) => ({
          permission,
          own: hasPermission(role, permission),
          other: role === 'superadmin',
        })),
      );
    }
  });

  it('answers false for an account without a staff profile', async () => {
    const answers = await asUser(db, { sub: randomUUID(), role: 'authenticated' }, async (tx) => {
      const { rows } = await tx.query<{ allowed: boolean }>(
        'select bool_or(public.authorize($1, p)) as allowed from unnest($2::text[]) as p',
        [clinicA, [...PERMISSIONS]],
      );
      return rows[0]!.allowed;
    });
    expect(answers).toBe(false);
  });

  it('is readable by staff and written by nobody, the service role and admins included', async () => {
    const seen = await asUser(db, staff.dentist, async (tx) => {
      const { rows } = await tx.query<{ count: number }>(
        'select count(*)::integer as count from public.role_permissions',
      );
      return rows[0]!.count;
    });
    expect(seen).toBeGreaterThan(0);
    for (const actor of [staff.admin, staff.superadmin, 'service_role'] as const) {
      const granted = await refusalFor(db, actor, (tx) =>
        tx.query(`insert into public.role_permissions (role, permission) values ('dentist', 'users.manage')`),
      );
      expect(granted.code).toBe('42501');
      const widened = await refusalFor(db, actor, (tx) =>
        tx.query(`update public.role_permissions set role = 'dentist' where permission = 'billing.void'`),
      );
      expect(widened.code).toBe('42501');
      const dropped = await refusalFor(db, actor, (tx) => tx.query('delete from public.role_permissions'));
      expect(dropped.code).toBe('42501');
    }
    expect(await refusalFor(db, 'anon', (tx) => tx.query('select * from public.role_permissions'))).toMatchObject({
      code: '42501',
    });
  });
});
