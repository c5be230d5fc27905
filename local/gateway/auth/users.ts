import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import { AuthError, unexpectedFailure, validationFailed } from './errors.ts';

/** The columns of `auth.users` the gateway reads. */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean | null;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

export type Metadata = Record<string, unknown>;

const USER_COLUMNS = `id, aud, role, email, phone, encrypted_password, email_confirmed_at, invited_at,
  confirmation_token, confirmation_sent_at, recovery_token, recovery_sent_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until, deleted_at, is_anonymous`;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);

/** The format check GoTrue applies (checkmail's pattern), then lower-cases as GoTrue does. */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function validateEmail(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw validationFailed('An email address is required');
  const email = value.trim();
  if (email.length > 255) throw validationFailed('An email address is too long');
  if (!EMAIL_PATTERN.test(email)) throw validationFailed('Unable to validate email address: invalid format');
  return email.toLowerCase();
}

export function isMetadata(value: unknown): value is Metadata {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** GoTrue's merge of `data`/`user_metadata` updates: top-level keys replace, `null` removes. */
export function mergeMetadata(current: Metadata | null, update: Metadata): Metadata {
  const merged: Metadata = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(update)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

const iso = (value: Date | null | undefined) => (value ? new Date(value).toISOString() : undefined);

export const isConfirmed = (user: UserRow) => user.email_confirmed_at !== null;
export const isBanned = (user: UserRow, now = new Date()) => user.banned_until !== null && user.banned_until > now;

/** A user as GoTrue serialises it: null timestamps are left out. */
export function userJson(user: UserRow, identities: IdentityRow[] = []) {
  return {
    id: user.id,
    aud: user.aud || 'authenticated',
    role: user.role || 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.email_confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map((identity) => ({
      identity_id: identity.id,
      id: identity.provider_id,
      user_id: identity.user_id,
      identity_data: identity.identity_data,
      provider: identity.provider,
      last_sign_in_at: iso(identity.last_sign_in_at),
      created_at: iso(identity.created_at),
      updated_at: iso(identity.updated_at),
      email: identity.email ?? undefined,
    })),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    is_anonymous: user.is_anonymous ?? false,
  };
}

export type UserJson = ReturnType<typeof userJson>;

/**
 * What sign-up answers for an address that already has a confirmed account when
 * confirmations are on: a made-up user without identities, so the answer does not reveal
 * that the account exists.
 */
export function obfuscatedUserJson(email: string, userMetadata: Metadata) {
  const now = new Date();
  return userJson({
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: null,
    encrypted_password: null,
    email_confirmed_at: null,
    invited_at: null,
    confirmation_token: null,
    confirmation_sent_at: now,
    recovery_token: null,
    recovery_sent_at: null,
    last_sign_in_at: null,
    raw_app_meta_data: { provider: 'email', providers: ['email'] },
    raw_user_meta_data: userMetadata,
    created_at: now,
    updated_at: now,
    banned_until: null,
    deleted_at: null,
    is_anonymous: false,
  });
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`,
    [id],
  );
  return rows[0];
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and deleted_at is null`,
    [email],
  );
  return rows[0];
}

/** One page of users, newest first, and how many there are in all. */
export async function listUsers(
  db: Queryable,
  limit: number,
  offset: number,
): Promise<{ users: UserRow[]; total: number }> {
  const { rows: counted } = await db.query<{ total: number }>(
    `select count(*)::int as total from auth.users where deleted_at is null`,
  );
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2`,
    [limit, offset],
  );
  return { users: rows, total: counted[0]?.total ?? 0 };
}

export async function findUserByToken(
  db: Queryable,
  column: 'confirmation_token' | 'recovery_token',
  tokenHash: string,
): Promise<UserRow | undefined> {
  if (!tokenHash) return undefined;
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where ${column} = $1 and deleted_at is null for update`,
    [tokenHash],
  );
  return rows[0];
}

export async function loadIdentities(db: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at`,
    [userId],
  );
  return rows;
}

export async function userWithIdentities(db: Queryable, user: UserRow): Promise<UserJson> {
  return userJson(user, await loadIdentities(db, user.id));
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  userMetadata: Metadata;
  appMetadata: Metadata;
  confirmed: boolean;
}

/**
 * Inserts the user and its e-mail identity. Triggers on `auth.users` (the project's
 * `handle_new_user`) run inside the caller's transaction; when one raises, the whole
 * sign-up is rolled back and answered the way GoTrue answers it.
 */
export async function insertUser(tx: Queryable, user: NewUser, failureMessage: string): Promise<UserRow> {
  const appMetadata = { provider: 'email', providers: ['email'], ...user.appMetadata };
  let row: UserRow | undefined;
  try {
    const { rows } = await tx.query<UserRow>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
          raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1, $2,
          case when $3::boolean then now() end, $4::jsonb, $5::jsonb, now(), now(), false)
       returning ${USER_COLUMNS}`,
      [
        user.email,
        user.passwordHash ?? '',
        user.confirmed,
        JSON.stringify(appMetadata),
        JSON.stringify(user.userMetadata),
      ],
    );
    row = rows[0];
  } catch (error) {
    if (sqlState(error) === '23505')
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    throw unexpectedFailure(failureMessage, error);
  }
  if (!row) throw unexpectedFailure(failureMessage);
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1::text, $1::text::uuid, $2::jsonb, 'email', now(), now(), now())`,
    [row.id, JSON.stringify({ sub: row.id, email: user.email, email_verified: user.confirmed, phone_verified: false })],
  );
  return row;
}

/** Updates the named columns (values are parameters) and stamps `updated_at`; returns the new row. */
export async function updateUser(tx: Queryable, id: string, changes: Record<string, unknown>): Promise<UserRow> {
  const columns = Object.keys(changes);
  const assignments = columns.map((column, index) => `${column} = $${index + 2}`);
  const { rows } = await tx.query<UserRow>(
    `update auth.users set ${[...assignments, 'updated_at = now()'].join(', ')} where id = $1 returning ${USER_COLUMNS}`,
    [id, ...columns.map((column) => changes[column])],
  );
  if (!rows[0]) throw unexpectedFailure('Database error updating user');
  return rows[0];
}

/** Confirms the e-mail address, in the user row and in its e-mail identity. */
export async function confirmEmail(tx: Queryable, id: string): Promise<UserRow> {
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [id],
  );
  return updateUser(tx, id, { email_confirmed_at: new Date(), confirmation_token: '' });
}

function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
