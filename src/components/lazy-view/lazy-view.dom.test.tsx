// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyView } from './lazy-view';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const Patients = () => <p>Patients view</p>;

describe('lazyView', () => {
  it('shows a loading state, then the view', async () => {
    const View = lazyView(async () => ({ default: Patients }));
    render(<View />);
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(await screen.findByText('Patients view')).toBeTruthy();
  });

  it('shows an error with Retry when the chunk fails, and loads it on retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<{ default: typeof Patients }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: Patients });
    const View = lazyView(load);
    render(<View />);
    expect(await screen.findByText('This part of Ngiti could not be loaded.')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Retry' }).click());
    expect(await screen.findByText('Patients view')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up on a chunk that has not arrived after 120 s', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const View = lazyView(() => new Promise<never>(() => undefined));
    render(<View />);
    await act(() => vi.advanceTimersByTimeAsync(119_999));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('alert').textContent).toContain('This part of Ngiti is taking too long to load.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('renders a loaded view at once the next time', async () => {
    const View = lazyView(async () => ({ default: Patients }));
    const first = render(<View />);
    await screen.findByText('Patients view');
    first.unmount();
    render(<View />);
    expect(screen.getByText('Patients view')).toBeTruthy();
  });
});
