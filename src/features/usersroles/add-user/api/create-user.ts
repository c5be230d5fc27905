import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/functions-js';
import { useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { failureDetail, isObject } from '../../model/function-failure';
import { USERS_EXTRA_TEXT } from '../../model/messages';
import { userKeys } from '../../model/query-keys';
import type { AddUserInput } from '../../model/user-form';

/** Add User failed; `detail` is the auth server's or the function's reason, shown on a second line. */
export class CreateUserError extends Error {
  constructor(readonly detail: string | undefined) {
    super(detail ?? 'create-user failed');
    this.name = 'CreateUserError';
  }
}

/**
 * create-user's own failures, by the code of its reply (CREATE_USER_FAILURES in
 * supabase/functions/create-user/handler.ts; a test keeps the two in step), in staff's words.
 */
const CREATE_USER_FAILURE_TEXT: ReadonlyMap<string, string> = new Map([
  ['confirmation_email_failed', USERS_EXTRA_TEXT.confirmationMailFailed],
  ['confirmation_email_failed_account_kept', USERS_EXTRA_TEXT.confirmationMailFailedAccountKept],
]);

/** The lines under 'User creation failed' for a reply with `status` and `body`. */
export function createFailureDetail(status: number, body: unknown): string | undefined {
  const code = isObject(body) && typeof body.code === 'string' ? body.code : undefined;
  return (code === undefined ? undefined : CREATE_USER_FAILURE_TEXT.get(code)) ?? failureDetail(status, body);
}

/**
 * Add User: the `create-user` edge function with {name, email, password, role, clinic_id}. It
 * checks the caller in the database, creates the account with app_metadata {clinic_id, role}
 * and sends the confirmation e-mail (supabase/functions/create-user).
 */
export async function createUser(clinicId: number, input: AddUserInput): Promise<void> {
  const { error } = await getSupabase().functions.invoke('create-user', {
    body: { ...input, clinic_id: clinicId },
  });
  if (!error) return;
  if (error instanceof FunctionsHttpError || error instanceof FunctionsRelayError) {
    const response = error.context as Response;
    throw new CreateUserError(createFailureDetail(response.status, await jsonBodyOf(response)));
  }
  if (error instanceof FunctionsFetchError) throw new CreateUserError(USERS_EXTRA_TEXT.tryAgain);
  throw new CreateUserError(undefined);
}

/** The reply's JSON body, or undefined when it is not JSON (a proxy's HTML page, say). */
async function jsonBodyOf(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * One Add User at a time per clinic; the list is read again after it, whatever the outcome: a
 * failure may still have left an account behind (confirmation_email_failed_account_kept).
 */
export function useCreateUser(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: userKeys.create(clinicId),
    mutationFn: (input: AddUserInput) => createUser(clinicId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.list(clinicId) }),
  });
}
