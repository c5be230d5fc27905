import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/functions-js';
import { useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { failureDetail } from '../../model/function-failure';
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
    throw new CreateUserError(failureDetail(response.status, await jsonBodyOf(response)));
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

/** One Add User at a time per clinic; the list is read again after a success. */
export function useCreateUser(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: userKeys.create(clinicId),
    mutationFn: (input: AddUserInput) => createUser(clinicId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list(clinicId) }),
  });
}
