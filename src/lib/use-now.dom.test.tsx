// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOW_REFRESH_MS, useClinicToday } from './use-now';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

let renders = 0;
function Today({ timeZone }: { timeZone: string }) {
  renders += 1;
  return <p data-testid="today">{useClinicToday(timeZone)}</p>;
}

describe('useClinicToday', () => {
  it("moves to the next day at the clinic's midnight, and renders again only then", () => {
    vi.useFakeTimers();
    // 23:58 on Saturday 1 June 2030 in Manila (15:58 UTC; the browser's own zone plays no part).
    vi.setSystemTime(new Date('2030-06-01T15:58:00Z'));
    renders = 0;
    render(<Today timeZone="Asia/Manila" />);
    expect(screen.getByTestId('today').textContent).toBe('2030-06-01');
    const rendersBefore = renders;

    act(() => vi.advanceTimersByTime(NOW_REFRESH_MS));
    expect(screen.getByTestId('today').textContent).toBe('2030-06-01');
    expect(renders).toBe(rendersBefore);

    act(() => vi.advanceTimersByTime(NOW_REFRESH_MS));
    expect(screen.getByTestId('today').textContent).toBe('2030-06-02');
    expect(renders).toBe(rendersBefore + 1);
  });
});
