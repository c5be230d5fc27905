import type { NextFunction, Request, Response, Router } from 'express';
import { headerValue } from '../caller.ts';
import { AuthError, forbidden, notFound, unexpectedFailure, unprocessable, validationFailed } from './errors.ts';
import { checkPasswordStrength, hashPassword } from './passwords.ts';
import { bodyOf, optionalMetadata, optionalString, type AuthDeps } from './request.ts';
import { bearerToken, verifyBearer } from './sessions.ts';
import {
  confirmEmail,
  findUserByEmail,
  findUserById,
  insertUser,
  isUuid,
  listUsers,
  mergeMetadata,
  updateUser,
  userWithIdentities,
  validateEmail,
  type Metadata,
  type UserRow,
} from './users.ts';

/** The roles GoTrue lets use the admin API (`GOTRUE_JWT_ADMIN_ROLES`). */
const ADMIN_ROLES = ['service_role', 'supabase_admin'];

/** `/admin/users`: what `supabase.auth.admin.*` calls with the service-role key. */
export function mountAdminRoutes(router: Router, deps: AuthDeps): void {
  const { db, config } = deps;

  function requireAdmin(req: Request, _res: Response, next: NextFunction) {
    const claims = verifyBearer(bearerToken(headerValue(req, 'authorization')), config);
    if (typeof claims.role !== 'string' || !ADMIN_ROLES.includes(claims.role))
      throw forbidden('not_admin', 'User not allowed');
    next();
  }

  async function loadUser(req: Request): Promise<UserRow> {
    const id = String(req.params.id);
    if (!isUuid(id)) throw notFound('validation_failed', 'user_id must be an UUID');
    const user = await findUserById(db, id);
    if (!user) throw notFound('user_not_found', 'User not found');
    return user;
  }

  router.use('/admin', requireAdmin);

  /**
   * What the project's `handle_new_user` trigger accepts in `app_metadata` (a staff invite):
   * `role` one of the staff roles and `clinic_id` an existing clinic, both or neither. Checked
   * here so a bad value is the caller's 422, not the trigger's "Database error creating new user".
   */
  async function checkStaffAppMetadata(appMetadata: Metadata): Promise<void> {
    const { role, clinic_id: clinicId } = appMetadata;
    if (role !== undefined && role !== null && (typeof role !== 'string' || !STAFF_ROLES.includes(role))) {
      throw unprocessable('validation_failed', `app_metadata.role must be one of ${STAFF_ROLES.join(', ')}`);
    }
    if (clinicId === undefined || clinicId === null) return;
    const id = typeof clinicId === 'string' && /^\d{1,18}$/.test(clinicId) ? Number(clinicId) : clinicId;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) {
      throw unprocessable('validation_failed', 'app_metadata.clinic_id must be the id of a clinic (a whole number)');
    }
    const { rows } = await db.query<{ id: string }>(`select id::text from public.clinics where id = $1`, [id]);
    if (!rows[0]) throw unprocessable('validation_failed', `app_metadata.clinic_id ${id}: no such clinic`);
  }

  /** On creation the trigger also needs either both staff fields, or a clinic name and a name to found a clinic. */
  async function checkStaffMetadata(appMetadata: Metadata, userMetadata: Metadata): Promise<void> {
    await checkStaffAppMetadata(appMetadata);
    const hasRole = typeof appMetadata.role === 'string';
    const hasClinic = appMetadata.clinic_id !== undefined && appMetadata.clinic_id !== null;
    if (hasRole !== hasClinic) {
      throw unprocessable('validation_failed', 'app_metadata needs both role and clinic_id, or neither');
    }
    if (hasRole) return;
    const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
    if (!text(userMetadata.clinic_name) || !text(userMetadata.name)) {
      throw unprocessable(
        'validation_failed',
        'A staff account needs app_metadata {role, clinic_id}, or user_metadata {name, clinic_name} to found a clinic',
      );
    }
  }

  router.get('/admin/users', async (req: Request, res: Response) => {
    const page = paginationParameter(req, 'page', 1);
    const perPage = Math.min(paginationParameter(req, 'per_page', 50), 1000);
    if ((page - 1) * perPage > MAX_OFFSET) throw validationFailed('Bad Pagination Parameters: page is out of range');
    const { users: rows, total } = await listUsers(db, perPage, (page - 1) * perPage);
    const users = [];
    for (const user of rows) users.push(await userWithIdentities(db, user));
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const links: string[] = [];
    if (page < lastPage) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
    res.setHeader('X-Total-Count', String(total));
    res.setHeader('Link', links.join(', '));
    res.json({ users, aud: 'authenticated' });
  });

  router.post('/admin/users', async (req: Request, res: Response) => {
    const body = bodyOf(req);
    if (body.email === undefined || body.email === '') {
      throw validationFailed('Cannot create a user without either an email or phone');
    }
    const email = validateEmail(body.email);
    const password = optionalString(body, 'password');
    if (password !== undefined) checkPasswordStrength(password);
    const userMetadata = optionalMetadata(body, 'user_metadata') ?? {};
    const appMetadata = optionalMetadata(body, 'app_metadata') ?? {};
    const bannedUntil = banUntil(body.ban_duration);
    if (await findUserByEmail(db, email)) throw emailExists();
    await checkStaffMetadata(appMetadata, userMetadata);
    const passwordHash = password === undefined ? null : await hashPassword(password);
    const created = await db.transaction(async (tx) => {
      let user = await insertUser(
        tx,
        { email, passwordHash, userMetadata, appMetadata, confirmed: body.email_confirm === true },
        'Database error creating new user',
      );
      if (bannedUntil !== undefined) user = await updateUser(tx, user.id, { banned_until: bannedUntil });
      return userWithIdentities(tx, user);
    });
    res.json(created);
  });

  router.get('/admin/users/:id', async (req: Request, res: Response) => {
    res.json(await userWithIdentities(db, await loadUser(req)));
  });

  router.put('/admin/users/:id', async (req: Request, res: Response) => {
    const user = await loadUser(req);
    const body = bodyOf(req);
    const changes: Record<string, unknown> = {};
    if (body.email !== undefined && body.email !== '') {
      const email = validateEmail(body.email);
      if (email !== user.email?.toLowerCase()) {
        const holder = await findUserByEmail(db, email);
        if (holder && holder.id !== user.id) throw emailExists();
        changes.email = email;
      }
    }
    const password = optionalString(body, 'password');
    if (password !== undefined) {
      checkPasswordStrength(password);
      changes.encrypted_password = await hashPassword(password);
    }
    const userMetadata = optionalMetadata(body, 'user_metadata');
    if (userMetadata) changes.raw_user_meta_data = JSON.stringify(mergeMetadata(user.raw_user_meta_data, userMetadata));
    const appMetadata = optionalMetadata(body, 'app_metadata');
    if (appMetadata) await checkStaffAppMetadata(appMetadata);
    if (appMetadata) changes.raw_app_meta_data = JSON.stringify(mergeMetadata(user.raw_app_meta_data, appMetadata));
    const bannedUntil = banUntil(body.ban_duration);
    if (bannedUntil !== undefined) changes.banned_until = bannedUntil;

    const updated = await db.transaction(async (tx) => {
      let row = user;
      if (Object.keys(changes).length > 0) row = await updateUser(tx, user.id, changes);
      if (typeof changes.email === 'string') {
        await tx.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
            where user_id = $1 and provider = 'email'`,
          [user.id, changes.email],
        );
      }
      if (body.email_confirm === true && row.email_confirmed_at === null) row = await confirmEmail(tx, user.id);
      // A banned user's sessions end at once.
      if (bannedUntil) await tx.query(`delete from auth.sessions where user_id = $1`, [user.id]);
      return userWithIdentities(tx, row);
    });
    res.json(updated);
  });

  router.delete('/admin/users/:id', async (req: Request, res: Response) => {
    const user = await loadUser(req);
    const body = bodyOf(req);
    try {
      await db.transaction(async (tx) => {
        if (body.should_soft_delete === true) {
          // GoTrue's soft delete: the row stays (for foreign keys) but can no longer sign in or be found.
          await tx.query(`delete from auth.sessions where user_id = $1`, [user.id]);
          await tx.query(`delete from auth.identities where user_id = $1`, [user.id]);
          await tx.query(
            `update auth.users set deleted_at = now(), updated_at = now(), encrypted_password = '',
                email = 'deleted-' || id::text || '@deleted.invalid', confirmation_token = '', recovery_token = ''
              where id = $1`,
            [user.id],
          );
        } else {
          await tx.query(`delete from auth.users where id = $1`, [user.id]);
        }
      });
    } catch (error) {
      if (error instanceof AuthError) throw error;
      throw unexpectedFailure('Database error deleting user', error);
    }
    res.json({});
  });
}

const emailExists = () => unprocessable('email_exists', 'A user with this email address has already been registered');

/** The roles of the staff profile (public.users.role's enum, staff_role). */
const STAFF_ROLES = ['superadmin', 'admin', 'receptionist', 'dentist'];
/** Past this an offset is no page of a real user list (and Postgres' bigint ends near 9.2e18). */
const MAX_OFFSET = Number.MAX_SAFE_INTEGER;

/**
 * `page` / `per_page` as GoTrue reads them (an unsigned integer; absent or 0 takes the default);
 * anything else is 400 "Bad Pagination Parameters", as GoTrue answers a failed ParseUint.
 */
function paginationParameter(req: Request, name: string, fallback: number): number {
  const raw = req.query[name];
  if (raw === undefined || raw === '') return fallback;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) {
    throw validationFailed(`Bad Pagination Parameters: ${name} must be a whole number`);
  }
  const value = Number(raw);
  return value > 0 ? value : fallback;
}

const MAX_BAN_MILLISECONDS = 290 * 365 * 24 * 3_600_000;

const DURATION_UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** `ban_duration` as GoTrue reads it: a Go duration ("24h", "1h30m") or "none" to lift a ban. */
function banUntil(value: unknown): Date | null | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (value === 'none') return null;
  const text = String(value);
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== text) {
    throw validationFailed(`invalid format for ban duration: time: invalid duration "${text}"`);
  }
  const milliseconds = parts.reduce((sum, part) => sum + Number(part[1]) * DURATION_UNITS[part[2]!]!, 0);
  // Go's durations end near 292 years; past that (or past what a Date can hold) is no duration.
  if (!Number.isFinite(milliseconds) || milliseconds > MAX_BAN_MILLISECONDS) {
    throw validationFailed(`invalid format for ban duration: time: invalid duration "${text}"`);
  }
  return new Date(Date.now() + milliseconds);
}
