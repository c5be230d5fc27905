// @vitest-environment jsdom
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAction } from './use-action';
import { ALREADY_PENDING, useGuardedMutation } from './use-guarded-mutation';

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
});

/** A promise settled from outside, to hold a write in flight. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderWithClient(ui: ReactNode, queryClient = new QueryClient()) {
  render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  return queryClient;
}

const wrapperOf =
  (queryClient: QueryClient) =>
  ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

/** A form's Save button that is never disabled: only the guard stands between a double click and two writes. */
function SaveButton({ write, noteId = 1 }: { write: (text: string) => Promise<string>; noteId?: number }) {
  const save = useGuardedMutation({ mutationKey: ['notes', 'save', noteId], mutationFn: write });
  return (
    <button type="button" onClick={() => save.mutate('hello')}>
      {save.isPending ? `Saving ${noteId}...` : `Save ${noteId}`}
    </button>
  );
}

describe('a guarded mutation', () => {
  it("writes once when Save is double-clicked, shows 'Saving...' meanwhile, and writes again once settled", async () => {
    const user = userEvent.setup();
    const held = deferred<string>();
    const write = vi.fn(() => held.promise);
    renderWithClient(<SaveButton write={write} />);

    await user.dblClick(screen.getByRole('button', { name: 'Save 1' }));
    expect(write).toHaveBeenCalledTimes(1);
    expect(write).toHaveBeenCalledWith('hello', expect.anything());
    expect(screen.getByRole('button', { name: 'Saving 1...' })).toBeTruthy();

    await act(async () => held.resolve('saved'));
    await user.click(await screen.findByRole('button', { name: 'Save 1' }));
    expect(write).toHaveBeenCalledTimes(2);
  });

  it('does not hold up a write with another key, and holds the same key across components', async () => {
    const user = userEvent.setup();
    const held = deferred<string>();
    const write = vi.fn(() => held.promise);
    renderWithClient(
      <>
        <SaveButton write={write} noteId={1} />
        <SaveButton write={write} noteId={2} />
        <SaveButton write={write} noteId={1} />
      </>,
    );

    await user.click(screen.getAllByRole('button', { name: 'Save 1' })[0]!);
    await user.click(screen.getByRole('button', { name: 'Save 2' }));
    expect(write).toHaveBeenCalledTimes(2);
    // The other form of note 1 is held up: the write of note 1 is still in flight.
    await user.click(screen.getByRole('button', { name: 'Save 1' }));
    expect(write).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Saving 2...' })).toBeTruthy();
    await act(async () => held.resolve('saved'));
  });

  it('takes the key from the variables for a hook that writes many records', async () => {
    const held = deferred();
    const write = vi.fn((_rowId: number) => held.promise);
    const { result } = renderHook(
      () => useGuardedMutation({ mutationKey: (rowId: number) => ['rows', 'delete', rowId], mutationFn: write }),
      { wrapper: wrapperOf(new QueryClient()) },
    );

    let first!: Promise<unknown>;
    let again!: Promise<unknown>;
    let other!: Promise<unknown>;
    act(() => {
      first = result.current.mutateAsync(7);
      again = result.current.mutateAsync(7);
      other = result.current.mutateAsync(8);
    });
    expect(await again).toBe(ALREADY_PENDING);
    expect(write.mock.calls.map(([rowId]) => rowId)).toEqual([7, 8]);
    expect(result.current.isPending).toBe(true);
    expect(result.current.isPendingFor(['rows', 'delete', 7])).toBe(true);
    expect(result.current.isPendingFor(['rows', 'delete', 9])).toBe(false);

    await act(async () => held.resolve());
    await expect(first).resolves.toBeUndefined();
    await expect(other).resolves.toBeUndefined();
    expect(result.current.isPending).toBe(false);
    expect(result.current.isPendingFor(['rows', 'delete', 7])).toBe(false);
  });

  it('holds the key until onSuccess has run, and lets it go after a failure', async () => {
    const afterSuccess = deferred();
    let fail = false;
    const write = vi.fn(async () => {
      if (fail) throw new Error('refused');
      return 'saved';
    });
    const { result } = renderHook(
      () => useGuardedMutation({ mutationKey: ['form'], mutationFn: write, onSuccess: () => afterSuccess.promise }),
      { wrapper: wrapperOf(new QueryClient()) },
    );

    let first!: Promise<unknown>;
    act(() => {
      first = result.current.mutateAsync();
    });
    await waitFor(() => expect(write).toHaveBeenCalledTimes(1));
    await act(async () => expect(await result.current.mutateAsync()).toBe(ALREADY_PENDING));
    await act(async () => afterSuccess.resolve());
    expect(await first).toBe('saved');

    fail = true;
    await act(async () => {
      await expect(result.current.mutateAsync()).rejects.toThrow('refused');
    });
    expect(result.current.isPending).toBe(false);
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.error?.message).toBe('refused'));
    expect(write).toHaveBeenCalledTimes(3);
  });

  it('writes while the browser says it is offline, so that the failure shows at once instead of waiting', async () => {
    onlineManager.setOnline(false);
    const write = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const { result } = renderHook(() => useGuardedMutation({ mutationKey: ['form'], mutationFn: write }), {
      wrapper: wrapperOf(new QueryClient()),
    });
    await act(async () => {
      await expect(result.current.mutateAsync()).rejects.toThrow('Failed to fetch');
    });
    expect(write).toHaveBeenCalledTimes(1);
  });
});

describe('useAction (forms outside the QueryClient: the sign-in screens)', () => {
  it("runs once when submitted twice, with 'pending' meanwhile, answering undefined for the ignored submit", async () => {
    const held = deferred<string>();
    const operation = vi.fn((_email: string) => held.promise);
    const { result } = renderHook(() => useAction(operation));

    let first!: Promise<string | undefined>;
    let second!: Promise<string | undefined>;
    act(() => {
      first = result.current.run('ana@example.test');
      second = result.current.run('ana@example.test');
    });
    expect(await second).toBeUndefined();
    expect(operation).toHaveBeenCalledTimes(1);
    expect(result.current.pending).toBe(true);

    await act(async () => held.resolve('signed in'));
    expect(await first).toBe('signed in');
    expect(result.current.pending).toBe(false);
  });
});
