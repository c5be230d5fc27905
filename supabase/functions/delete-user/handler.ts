import type { SupabaseClient } from '@supabase/supabase-js';
import { callerMayManageUsers } from '../_shared/authorize.ts';
import { jsonResponse } from '../_shared/cors.ts';
import { Refusal } from '../_shared/refusal.ts';
import { handleStaffRequest, readJsonBody, type Caller } from '../_shared/staff-request.ts';
import { createServiceClient, type FunctionDeps } from '../_shared/supabase-clients.ts';

/** The profile columns this function reads from `public.users`. */
interface Profile {
  id: string | number;
  user_id: string | null;
  role: string;
  clinic_id: string | null;
}

/** One step's outcome, in the shape the Users & Roles screen reads. */
interface StepResult {
  success: boolean;
  details: string | null;
  error: string | null;
}

const PROFILE_COLUMNS = 'id, user_id, role, clinic_id';
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The answer's `code` when the account is its clinic's last admin (the SPA words it for people):
 * the code (hint) delete_staff_account refuses it with, passed on as it is.
 */
export const LAST_ADMIN_CODE = 'last_admin';

/**
 * The answer's `code` when an admin asks to delete the superadmin: the database's code for an
 * admin's change of that profile (guard_user_profile), common/contract/error-codes.ts.
 */
export const SUPERADMIN_ACCOUNT_CODE = 'superadmin_account_protected';

/** delete_staff_account's code (hint) for an account that is gone, as in common/contract/error-codes.ts. */
const REFUSED_NOT_FOUND = 'user_not_found';

/**
 * `delete-user`: POST {user_id}. The caller must be the superadmin, or an admin of the
 * clinic the user belongs to, and may not delete themselves; only the superadmin deletes the
 * superadmin (403, code `superadmin_account_protected`). The account is deleted by the
 * database's delete_staff_account (service role), which records the caller as who removed it
 * and deletes the account with its profile in one transaction: the database refuses the
 * clinic's last admin there (409, code `last_admin`), under a lock, however many deletions run
 * at once. A UUID is read in any case. Answers {auth_delete, db_delete}, each {success, details, error}.
 */
export function handle(req: Request, deps: FunctionDeps): Promise<Response> {
  return handleStaffRequest(req, deps, {
    name: 'delete-user',
    readInput: readTargetId,
    run: (targetId, caller) => deleteUser(deps, targetId, caller),
    failure: 'Unexpected error while deleting the user',
  });
}

async function deleteUser(deps: FunctionDeps, targetId: string, { asCaller, user }: Caller): Promise<Response> {
  const callerId = user.id.toLowerCase();
  if (targetId === callerId) throw new Refusal(400, 'You cannot delete your own account');

  const caller = await readProfile(asCaller, callerId);
  if (!caller || !(await callerMayManageUsers(asCaller, caller.clinic_id))) {
    throw new Refusal(403, 'Only an admin or the superadmin can delete users');
  }
  const callerIsSuperadmin = caller.role === 'superadmin';
  // Read through the caller's client: RLS decides which profiles the caller can see at all.
  const target = await readProfile(asCaller, targetId);
  if (target?.role === 'superadmin' && !callerIsSuperadmin) {
    throw new Refusal(403, 'Only the superadmin can change this account.', SUPERADMIN_ACCOUNT_CODE);
  }
  const service = createServiceClient(deps);
  const allowed =
    target === null
      ? callerIsSuperadmin
      : // The caller's own clinic was answered just above.
        target.clinic_id === caller.clinic_id || (await callerMayManageUsers(asCaller, target.clinic_id));
  if (!allowed || target === null) {
    // "No such user" is told apart from "not yours" only now that the caller is a proven admin.
    const exists = target !== null || (await authUserExists(service, targetId));
    if (!exists) throw new Refusal(404, 'User not found');
    if (!allowed) throw new Refusal(403, 'You can only delete users of your own clinic');
  }

  const profiles = await deleteAccount(service, targetId, callerId);
  return jsonResponse({
    auth_delete: { success: true, details: `Auth user ${targetId} deleted`, error: null },
    db_delete: {
      success: true,
      details: profiles === 0 ? 'No profile row to remove' : `${profiles} profile row(s) removed with the auth user`,
      error: null,
    },
  } satisfies Record<string, StepResult>);
}

async function readTargetId(req: Request): Promise<string> {
  const body = await readJsonBody(req, '{"user_id": "<uuid>"}');
  const userId = (body as { user_id?: unknown } | null)?.user_id;
  if (typeof userId !== 'string' || userId === '') throw new Refusal(400, 'user_id is required');
  if (!UUID_PATTERN.test(userId)) throw new Refusal(400, 'user_id must be a UUID');
  // A UUID names the same account in any case; GoTrue and Postgres write it in lower case.
  return userId.toLowerCase();
}

async function readProfile(client: SupabaseClient, userId: string): Promise<Profile | null> {
  const { data, error } = await client.from('users').select(PROFILE_COLUMNS).eq('user_id', userId).limit(1);
  if (error) throw new Error(`reading the profile failed: ${error.message}`);
  return (data?.[0] as Profile | undefined) ?? null;
}

async function authUserExists(service: SupabaseClient, userId: string): Promise<boolean> {
  const { data, error } = await service.auth.admin.getUserById(userId);
  if (error?.status === 404) return false;
  if (error) throw new Error(`looking up the auth user failed: ${error.message}`);
  return data.user !== null;
}

/** Deletes the account and its profile as `requestedBy`, in one transaction; answers how many profile rows went. */
async function deleteAccount(service: SupabaseClient, userId: string, requestedBy: string): Promise<number> {
  const { data, error } = await service.rpc('delete_staff_account', { p_user_id: userId, p_requested_by: requestedBy });
  if (error?.hint === LAST_ADMIN_CODE) {
    throw new Refusal(409, 'A clinic must keep at least one admin.', LAST_ADMIN_CODE);
  }
  if (error?.hint === REFUSED_NOT_FOUND) throw new Refusal(404, 'User not found');
  if (error) throw new Error(`deleting the account failed: ${error.code} ${error.message}`);
  return Number(data ?? 0);
}
