// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_RESTORED_NOTICE_MS, LiveConnectionNotice } from './live-connection-notice';

const RECONNECTING = 'Live updates paused — reconnecting…';
const BACK_ON = 'Live updates are back on.';

describe('the live connection notice', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('says nothing while the first connection is made', () => {
    const { rerender, container } = render(<LiveConnectionNotice status="connecting" />);
    rerender(<LiveConnectionNotice status="connected" />);
    expect(container.textContent).toBe('');
  });

  it('says the updates are paused while reconnecting, then that they are back, for a few seconds', () => {
    const { rerender, container } = render(<LiveConnectionNotice status="connected" />);
    rerender(<LiveConnectionNotice status="reconnecting" />);
    expect(screen.getByRole('status').textContent).toBe(RECONNECTING);

    rerender(<LiveConnectionNotice status="connected" />);
    expect(screen.getByRole('status').textContent).toBe(BACK_ON);
    act(() => vi.advanceTimersByTime(LIVE_RESTORED_NOTICE_MS - 1));
    expect(screen.getByRole('status').textContent).toBe(BACK_ON);
    act(() => vi.advanceTimersByTime(1));
    expect(container.textContent).toBe('');
  });

  it('drops the "back on" line at once when the connection is lost again', () => {
    const { rerender } = render(<LiveConnectionNotice status="reconnecting" />);
    rerender(<LiveConnectionNotice status="connected" />);
    rerender(<LiveConnectionNotice status="reconnecting" />);
    expect(screen.getByRole('status').textContent).toBe(RECONNECTING);
    rerender(<LiveConnectionNotice status="connected" />);
    expect(screen.getByRole('status').textContent).toBe(BACK_ON);
  });
});
