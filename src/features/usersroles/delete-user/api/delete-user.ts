import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/functions-js';
import { useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { EdgeFunctionError, readDeleteReply, type DeleteOutcome, type FunctionAnswer } from '../../model/delete-reply';
import { userKeys } from '../../model/query-keys';
import { DELETE_USER_RETRIES, withRetries, type Sleep } from '../retry';

/** One POST of {user_id} to the delete-user function, as an answer to be read. */
export async function callDeleteUser(authUserId: string): Promise<FunctionAnswer> {
  const { data, error, response } = await getSupabase().functions.invoke('delete-user', {
    body: { user_id: authUserId },
  });
  if (error instanceof FunctionsFetchError) return { kind: 'unreachable', cause: error };
  if (error instanceof FunctionsHttpError || error instanceof FunctionsRelayError) {
    return answerOf(error.context as Response, await (error.context as Response).text());
  }
  if (error) {
    // functions-js parses a JSON content type itself: a body that is not JSON fails there.
    return { kind: 'answered', status: response?.status ?? 200, json: false, text: '' };
  }
  if (typeof data === 'string') return answerOf(response, data);
  return { kind: 'answered', status: response?.status ?? 200, json: true, body: data };
}

function answerOf(response: Response | undefined, text: string): FunctionAnswer {
  const status = response?.status ?? 200;
  try {
    return { kind: 'answered', status, json: true, body: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'answered', status, json: false, text };
  }
}

/**
 * Deletes a user through delete-user: retried up to 2 more times, 400 ms × the attempt number
 * apart, when there was no answer or a gateway answered 502–504 without reaching a working
 * function (worthRetrying, ADR 0008). Anything else ends it: a refusal (4xx), a failure of the
 * function itself (the delete is one transaction, a second call would not help), a reply that
 * is not JSON, or a readable outcome.
 */
export function deleteUser(authUserId: string, sleep?: Sleep): Promise<DeleteOutcome> {
  return withRetries(async () => readDeleteReply(await callDeleteUser(authUserId)), {
    ...DELETE_USER_RETRIES,
    shouldRetry: (error) => error instanceof EdgeFunctionError && error.retryable,
    sleep,
  });
}

export interface UserDeletion {
  id: number;
  authUserId: string;
}

export function useDeleteUser(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: ({ id }: UserDeletion) => userKeys.remove(clinicId, id),
    mutationFn: ({ authUserId }: UserDeletion) => deleteUser(authUserId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.list(clinicId) }),
  });
}
