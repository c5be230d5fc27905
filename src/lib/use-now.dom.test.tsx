// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOW_REFRESH_MS, useClinicToday } from './use-now';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Today({ timeZone }: { timeZone: string }) {
  return <p data-testid="today">{useClinicToday(timeZone)}</p>;
}

describe('useClinicToday', () => {
  it("moves to the next day at the clinic's midnight, and renders again only then", () => {
    vi.useFakeTimers();
    // 23:58 on Saturday 1 June 2030 in Manila (15:58 UTC; the browser's own zone plays no part).
    vi.setSystemTime(new Date('2030-06-01T15:58:00Z'));
    const rendered = vi.fn();
    render(
      <Profiler id="today" onRender={rendered}>
        <Today timeZone="Asia/Manila" />
      </Profiler>,
    );
    expect(screen.getByTestId('today').textContent).toBe('2030-06-01');
    const rendersBefore = rendered.mock.calls.length;

    act(() => vi.advanceTimersByTime(NOW_REFRESH_MS));
    expect(screen.getByTestId('today').textContent).toBe('2030-06-01');
    expect(rendered).toHaveBeenCalledTimes(rendersBefore);

    act(() => vi.advanceTimersByTime(NOW_REFRESH_MS));
    expect(screen.getByTestId('today').textContent).toBe('2030-06-02');
    expect(rendered).toHaveBeenCalledTimes(rendersBefore + 1);
  });
});
