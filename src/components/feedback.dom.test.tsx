// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEADER_MESSAGE_MS, HeaderMessage, useHeaderMessage } from './header-message/header-message';
import { pushModal } from './modal/modal-stack';
import { useToast } from './toast/toast-context';
import { ToastProvider } from './toast/toast-provider';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toasts', () => {
  function Toaster({ durationMs }: { durationMs?: number }) {
    const toast = useToast();
    return <button onClick={() => toast('Saved!', durationMs ? { durationMs } : undefined)}>Save</button>;
  }

  it('disappear after 1800 ms by default', () => {
    render(
      <ToastProvider>
        <Toaster />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    expect(screen.getByText('Saved!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1799));
    expect(screen.queryByText('Saved!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved!')).toBeNull();
  });

  it('can last longer when asked', () => {
    render(
      <ToastProvider>
        <Toaster durationMs={5000} />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByText('Saved!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved!')).toBeNull();
  });
});

describe('toast actions', () => {
  it('run once and close the toast', () => {
    const viewed = vi.fn();
    function Notifier() {
      const toast = useToast();
      return (
        <button
          onClick={() => toast('Maria: Cancelled', { tone: 'error', action: { label: 'View', onClick: viewed } })}
        >
          Notify
        </button>
      );
    }
    render(
      <ToastProvider>
        <Notifier />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Notify' }).click());
    expect(screen.getByText('Maria: Cancelled').parentElement?.className).toContain('toast-error');
    act(() => screen.getByRole('button', { name: 'View' }).click());
    expect(viewed).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Maria: Cancelled')).toBeNull();
  });
});

describe('header messages', () => {
  function Screen() {
    const header = useHeaderMessage();
    return (
      <>
        <HeaderMessage message={header.message} onDismiss={header.clear} onExpire={header.expire} />
        <button onClick={() => header.showSuccess('Patient added!')}>ok</button>
        <button onClick={() => header.showSuccess('Patient updated!')}>again</button>
        <button onClick={() => header.showError('Error creating patient.')}>fail</button>
      </>
    );
  }

  const click = (name: string) => act(() => screen.getByRole('button', { name }).click());
  /** A modal of the app's one stack, open over the screen; answers how to close it. */
  function openModal(): () => void {
    let release = () => {};
    act(() => {
      release = pushModal().release;
    });
    closers.push(release);
    return () => act(() => release());
  }
  let closers: (() => void)[] = [];
  afterEach(() => {
    for (const release of closers) release();
    closers = [];
  });

  it('count a success set behind a modal from when the modal closes and it is seen', () => {
    render(<Screen />);
    const closeModal = openModal();
    click('ok');
    act(() => vi.advanceTimersByTime(5 * HEADER_MESSAGE_MS));
    expect(screen.queryByText('Patient added!')).toBeNull();
    closeModal();
    expect(screen.queryByText('Patient added!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(HEADER_MESSAGE_MS - 1));
    expect(screen.queryByText('Patient added!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Patient added!')).toBeNull();
  });

  it('give a replacing success its own time, which a modal opened over it does not stop', () => {
    render(<Screen />);
    click('ok');
    act(() => vi.advanceTimersByTime(HEADER_MESSAGE_MS / 2));
    click('again');
    act(() => vi.advanceTimersByTime(HEADER_MESSAGE_MS / 2));
    expect(screen.queryByText('Patient updated!')).toBeTruthy();
    const closeModal = openModal();
    act(() => vi.advanceTimersByTime(HEADER_MESSAGE_MS / 2));
    closeModal();
    expect(screen.queryByText('Patient updated!')).toBeNull();
  });

  it('show success for 1200 ms', () => {
    render(<Screen />);
    act(() => screen.getByRole('button', { name: 'ok' }).click());
    expect(screen.getByRole('status').textContent).toBe('Patient added!');
    act(() => vi.advanceTimersByTime(1199));
    expect(screen.queryByText('Patient added!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Patient added!')).toBeNull();
  });

  it('keep errors until they are dismissed', () => {
    render(<Screen />);
    act(() => screen.getByRole('button', { name: 'fail' }).click());
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('alert').textContent).toContain('Error creating patient.');
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
