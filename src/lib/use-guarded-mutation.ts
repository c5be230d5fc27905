import {
  useMutation,
  useQueryClient,
  type DefaultError,
  type MutationKey,
  type QueryClient,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { KeyedGuard, type AlreadyPending } from './keyed-guard';

export { ALREADY_PENDING, type AlreadyPending } from './keyed-guard';

/** One guard per QueryClient: a write is refused while the same key is in flight anywhere in the app. */
const guards = new WeakMap<QueryClient, KeyedGuard<MutationKey>>();

function guardOf(queryClient: QueryClient): KeyedGuard<MutationKey> {
  let guard = guards.get(queryClient);
  if (!guard) {
    guard = new KeyedGuard<MutationKey>();
    guards.set(queryClient, guard);
  }
  return guard;
}

export interface GuardedMutationOptions<TData, TError, TVariables, TContext> extends Omit<
  UseMutationOptions<TData, TError, TVariables, TContext>,
  'mutationKey'
> {
  /**
   * The write's key, per form or record (e.g. ['appointments', 'save', appointmentId]); a
   * function of the variables for a hook that writes many records, one key per record.
   */
  mutationKey: MutationKey | ((variables: TVariables) => MutationKey);
}

export interface GuardedMutationResult<TData, TError, TVariables, TContext> extends Omit<
  UseMutationResult<TData, TError, TVariables, TContext>,
  'mutate' | 'mutateAsync' | 'isPending'
> {
  /** Starts the write, unless one with the same key is in flight; failures land in `error`. */
  mutate(variables: TVariables): void;
  /** Resolves with the write's result, or ALREADY_PENDING at once for a call it ignored. */
  mutateAsync(variables: TVariables): Promise<TData | AlreadyPending>;
  /** A write started through this hook is in flight (for 'Saving...' labels). */
  isPending: boolean;
  /** A write with this key is in flight, started through any hook of the same QueryClient. */
  isPendingFor(key: MutationKey): boolean;
}

/**
 * TanStack Query's useMutation with a double-submit guard: a second mutate/mutateAsync with the
 * same key while one is in flight is ignored, so a double click writes once; another key (another
 * form, another row) is not held up. The key is held until the mutation has settled, its
 * onSuccess/onError/onSettled included.
 *
 * networkMode defaults to 'always': a write made offline fails at once, as fetch does, and the
 * screen says so, instead of waiting paused until the browser is back online.
 */
export function useGuardedMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: GuardedMutationOptions<TData, TError, TVariables, TContext>,
): GuardedMutationResult<TData, TError, TVariables, TContext> {
  const queryClient = useQueryClient();
  const guard = guardOf(queryClient);
  const { mutationKey, ...mutationOptions } = options;
  const mutation = useMutation<TData, TError, TVariables, TContext>(
    {
      networkMode: 'always',
      ...mutationOptions,
      ...(typeof mutationKey === 'function' ? {} : { mutationKey }),
    },
    queryClient,
  );
  // Re-render when any key is taken or let go: isPending and isPendingFor read the guard.
  useSyncExternalStore(guard.subscribe, guard.held, guard.held);
  const [owner] = useState(() => ({}));

  // The latest key and mutation, read when called: `mutateAsync` keeps its identity across
  // renders even when the key is an inline function (rows memoised on their callbacks stay so).
  const latest = useRef({ mutationKey, run: mutation.mutateAsync });
  useLayoutEffect(() => {
    latest.current = { mutationKey, run: mutation.mutateAsync };
  });

  const mutateAsync = useCallback(
    async (variables: TVariables): Promise<TData | AlreadyPending> => {
      const { mutationKey: keyOf, run } = latest.current;
      const key = typeof keyOf === 'function' ? keyOf(variables) : keyOf;
      return guard.run(key, () => run(variables), owner);
    },
    [guard, owner],
  );
  const mutate = useCallback(
    (variables: TVariables) => {
      // Like useMutation's mutate: the failure is in `error` and the callbacks, not a rejection.
      mutateAsync(variables).catch(() => undefined);
    },
    [mutateAsync],
  );
  const isPendingFor = useCallback((key: MutationKey) => guard.isHeld(key), [guard]);

  return { ...mutation, mutate, mutateAsync, isPending: guard.holdsFor(owner), isPendingFor };
}
