import type { SupabaseClient } from '@supabase/supabase-js';
import { jsonResponse, preflightResponse } from '../_shared/cors.ts';
import { bearerTokenOf, Refusal, refusalResponse } from '../_shared/refusal.ts';
import { createCallerClient, createServiceClient, type FunctionDeps } from '../_shared/supabase-clients.ts';

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
 * `delete-user`: POST {user_id}. The caller must be the superadmin, or an admin of the
 * clinic the user belongs to, and may not delete themselves. The auth user is deleted with
 * the service role (the profile row goes with it, `on delete cascade`); any profile row
 * still left is deleted too. A clinic's last admin is not deleted (409). The audit trail records
 * the caller as who removed the account. Answers {auth_delete, db_delete}, each {success, details, error}.
 */
export async function handle(req: Request, deps: FunctionDeps): Promise<Response> {
  if (req.method === 'OPTIONS') return preflightResponse();
  try {
    if (req.method !== 'POST') throw new Refusal(405, 'Method not allowed');
    const authorization = req.headers.get('Authorization') ?? '';
    const token = bearerTokenOf(authorization);
    if (!token) throw new Refusal(401, 'Missing authorization header');
    const targetId = await readTargetId(req);

    const asCaller = createCallerClient(deps, authorization);
    const { data: auth, error: authError } = await asCaller.auth.getUser(token);
    if (authError || !auth.user) throw new Refusal(401, 'Invalid or expired session');
    const callerId = auth.user.id;
    if (targetId === callerId) throw new Refusal(400, 'You cannot delete your own account');

    const caller = await readProfile(asCaller, callerId);
    if (!caller || (caller.role !== 'admin' && caller.role !== 'superadmin')) {
      throw new Refusal(403, 'Only an admin or the superadmin can delete users');
    }
    // Read through the caller's client: RLS decides which profiles the caller can see at all.
    const target = await readProfile(asCaller, targetId);
    const service = createServiceClient(deps);
    const allowed =
      caller.role === 'superadmin' ||
      (target !== null && target.clinic_id === caller.clinic_id && target.role !== 'superadmin');
    if (!allowed || target === null) {
      // "No such user" is told apart from "not yours" only now that the caller is a proven admin.
      const exists = target !== null || (await authUserExists(service, targetId));
      if (!exists) throw new Refusal(404, 'User not found');
      if (!allowed) throw new Refusal(403, 'You can only delete users of your own clinic');
    }

    if (target?.role === 'admin' && target.clinic_id !== null && !(await hasOtherAdmin(service, target))) {
      throw new Refusal(409, 'A clinic must keep at least one admin');
    }

    // The profile row goes with the auth user in the auth server's transaction: the audit trail
    // learns who asked from this note (migration 20261126000500_user_deletion_actor.sql).
    await noteRequester(service, targetId, callerId);
    const authDelete = await deleteAuthUser(service, targetId);
    const dbDelete = await deleteProfiles(service, targetId);
    return jsonResponse({ auth_delete: authDelete, db_delete: dbDelete });
  } catch (error) {
    if (error instanceof Refusal) return refusalResponse(error);
    console.error('delete-user failed:', error);
    return jsonResponse({ error: 'Unexpected error while deleting the user' }, 500);
  }
}

async function readTargetId(req: Request): Promise<string> {
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    throw new Refusal(400, 'Request body must be JSON: {"user_id": "<uuid>"}');
  }
  const userId = (body as { user_id?: unknown } | null)?.user_id;
  if (typeof userId !== 'string' || userId === '') throw new Refusal(400, 'user_id is required');
  if (!UUID_PATTERN.test(userId)) throw new Refusal(400, 'user_id must be a UUID');
  return userId;
}

async function readProfile(client: SupabaseClient, userId: string): Promise<Profile | null> {
  const { data, error } = await client.from('users').select(PROFILE_COLUMNS).eq('user_id', userId).limit(1);
  if (error) throw new Error(`reading the profile failed: ${error.message}`);
  return (data?.[0] as Profile | undefined) ?? null;
}

/** Another admin profile in the target's clinic (the last admin of a clinic is never deleted). */
async function hasOtherAdmin(service: SupabaseClient, target: Profile): Promise<boolean> {
  const { data, error } = await service
    .from('users')
    .select('id')
    .eq('clinic_id', target.clinic_id)
    .eq('role', 'admin')
    .neq('id', target.id)
    .limit(1);
  if (error) throw new Error(`counting the clinic's admins failed: ${error.message}`);
  return (data?.length ?? 0) > 0;
}

async function authUserExists(service: SupabaseClient, userId: string): Promise<boolean> {
  const { data, error } = await service.auth.admin.getUserById(userId);
  if (error?.status === 404) return false;
  if (error) throw new Error(`looking up the auth user failed: ${error.message}`);
  return data.user !== null;
}

/** Notes who asked for the deletion, for the users audit trigger; a failure stops the deletion. */
async function noteRequester(service: SupabaseClient, userId: string, requestedBy: string): Promise<void> {
  const { error } = await service
    .from('user_deletion_requests')
    .upsert({ user_id: userId, requested_by: requestedBy, requested_at: new Date().toISOString() });
  if (error) throw new Error(`noting who asked for the deletion failed: ${error.message}`);
}

async function deleteAuthUser(service: SupabaseClient, userId: string): Promise<StepResult> {
  const { error } = await service.auth.admin.deleteUser(userId);
  if (error) return { success: false, details: null, error: error.message };
  return { success: true, details: `Auth user ${userId} deleted`, error: null };
}

async function deleteProfiles(service: SupabaseClient, userId: string): Promise<StepResult> {
  const { data, error } = await service.from('users').delete().eq('user_id', userId).select('id');
  if (error) return { success: false, details: null, error: error.message };
  const count = data?.length ?? 0;
  return {
    success: true,
    details: count === 0 ? 'Profile row removed with the auth user' : `${count} remaining profile row(s) deleted`,
    error: null,
  };
}
