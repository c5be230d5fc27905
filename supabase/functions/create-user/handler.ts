import type { SupabaseClient } from '@supabase/supabase-js';
import { callerMayManageUsers } from '../_shared/authorize.ts';
import { jsonResponse } from '../_shared/cors.ts';
import { Refusal } from '../_shared/refusal.ts';
import { handleStaffRequest, readJsonBody, type Caller } from '../_shared/staff-request.ts';
import { createCallerClient, createServiceClient, type FunctionDeps } from '../_shared/supabase-clients.ts';

/**
 * The roles Users & Roles may give: every clinic role, never the superadmin. The same list as
 * CLINIC_ROLES of common/contract/permissions.ts (a test keeps them equal): a deployed function
 * bundles only what lies under supabase/functions.
 */
export const ASSIGNABLE_ROLES = ['admin', 'receptionist', 'dentist'] as const;
type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/**
 * The codes of create-user's own failures, beside the message in its reply (GoTrue's refusals carry
 * GoTrue's codes): the confirmation e-mail could not be sent, and the account was taken back
 * (nothing changed) or could not be (an unconfirmed account is left, to be deleted from the list).
 */
export const CREATE_USER_FAILURES = {
  mailFailed: 'confirmation_email_failed',
  accountKept: 'confirmation_email_failed_account_kept',
} as const;

/** What Add User sends. */
interface NewUser {
  name: string;
  email: string;
  password: string;
  role: AssignableRole;
  clinicId: number;
}

/** The profile's name column allows 200 characters (check constraint on public.users). */
const NAME_MAX_LENGTH = 200;

/**
 * `create-user`: POST {name, email, password, role, clinic_id}. The caller must be, in the
 * database, an admin of that clinic or the superadmin. The account is created with the service
 * role, unconfirmed, with app_metadata {clinic_id, role} (the sign-up trigger makes the profile
 * from it, in the same transaction) and user_metadata {name}; then the confirmation e-mail is
 * sent, and the new user can sign in once they have confirmed. GoTrue's refusals (taken e-mail,
 * malformed e-mail, weak password) are answered with GoTrue's status, `error` and `code`.
 */
export function handle(req: Request, deps: FunctionDeps): Promise<Response> {
  return handleStaffRequest(req, deps, {
    name: 'create-user',
    readInput: readNewUser,
    run: (input, caller) => createUser(req, deps, input, caller),
    failure: 'Unexpected error while creating the user',
  });
}

async function createUser(
  req: Request,
  deps: FunctionDeps,
  input: NewUser,
  { asCaller, user }: Caller,
): Promise<Response> {
  if (!(await callerMayManageUsers(asCaller, input.clinicId))) {
    throw new Refusal(403, 'Only an admin of this clinic or the superadmin can add users to it');
  }

  const service = createServiceClient(deps);
  // Only the superadmin may manage a clinic of which they hold no profile, so only they can get here.
  if (!(await clinicExists(service, input.clinicId))) throw new Refusal(404, 'Clinic not found');

  const { data: created, error: createError } = await service.auth.admin.createUser({
    email: input.email,
    password: input.password,
    email_confirm: false,
    user_metadata: { name: input.name },
    // created_by: the audit trail names who added the user (the profile is made by a trigger).
    app_metadata: { clinic_id: input.clinicId, role: input.role, created_by: user.id },
  });
  if (createError || !created.user) {
    const status = typeof createError?.status === 'number' && createError.status >= 400 ? createError.status : 500;
    return jsonResponse(
      { error: createError?.message ?? 'The account could not be created', code: createError?.code ?? null },
      status,
    );
  }
  const userId = created.user.id;

  const mailError = await sendConfirmation(deps, input.email, confirmationRedirect(req));
  if (mailError) {
    // Without the e-mail nobody could ever confirm the account: take it back, so Add User can be tried again.
    const { error: undoError } = await service.auth.admin.deleteUser(userId);
    if (undoError) {
      return jsonResponse(
        {
          error: `The confirmation e-mail could not be sent (${mailError}), and the new account could not be removed`,
          code: CREATE_USER_FAILURES.accountKept,
        },
        500,
      );
    }
    return jsonResponse(
      { error: `The confirmation e-mail could not be sent: ${mailError}`, code: CREATE_USER_FAILURES.mailFailed },
      502,
    );
  }

  return jsonResponse({
    user: {
      user_id: userId,
      email: created.user.email ?? input.email,
      name: input.name,
      role: input.role,
      clinic_id: input.clinicId,
    },
    confirmation_sent: true,
  });
}

async function readNewUser(req: Request): Promise<NewUser> {
  const body = await readJsonBody(req, '{"name", "email", "password", "role", "clinic_id"}');
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string) : '');
  const name = text('name').trim();
  const email = text('email').trim();
  const password = text('password');
  const role = text('role').trim();
  const clinicId = clinicIdOf(fields.clinic_id);
  if (!name || !email || !password || !role || fields.clinic_id === undefined || fields.clinic_id === null) {
    throw new Refusal(400, 'name, email, password, role and clinic_id are required');
  }
  if (name.length > NAME_MAX_LENGTH) throw new Refusal(400, `name can be at most ${NAME_MAX_LENGTH} characters`);
  if (role === 'superadmin') throw new Refusal(403, 'Nobody can create a superadmin');
  if (!(ASSIGNABLE_ROLES as readonly string[]).includes(role)) {
    throw new Refusal(400, `Unknown role "${role.slice(0, 40)}": use admin, receptionist or dentist`);
  }
  if (clinicId === null) throw new Refusal(400, 'clinic_id must be the id of a clinic (a whole number)');
  return { name, email, password, role: role as AssignableRole, clinicId };
}

function clinicIdOf(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

async function clinicExists(service: SupabaseClient, clinicId: number): Promise<boolean> {
  const { data, error } = await service.from('clinics').select('id').eq('id', clinicId).limit(1);
  if (error) throw new Error(`reading the clinic failed: ${error.message}`);
  return (data?.length ?? 0) > 0;
}

/** Where the confirmation link leads: the app's login page on the origin Add User was used from. */
function confirmationRedirect(req: Request): string | undefined {
  const origin = req.headers.get('Origin');
  return origin && /^https?:\/\/[^/\s]+$/i.test(origin) ? `${origin}/login` : undefined;
}

/**
 * The admin API creates the account without mailing anyone; GoTrue's `resend` sends the signup
 * confirmation for an unconfirmed account. Answers the failure text, or null once sent.
 */
async function sendConfirmation(
  deps: FunctionDeps,
  email: string,
  redirectTo: string | undefined,
): Promise<string | null> {
  const anon = createCallerClient(deps, `Bearer ${deps.anonKey}`);
  const { error } = await anon.auth.resend({
    type: 'signup',
    email,
    ...(redirectTo ? { options: { emailRedirectTo: redirectTo } } : {}),
  });
  return error ? error.message : null;
}
