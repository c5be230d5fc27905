// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AfterFirstPaint, lazyView, namedExport, useAfterFirstPaint } from './lazy-view';

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

  it("shows a chunk's named export, with the props it is given", async () => {
    const chunk = { Greeting: ({ name }: { name: string }) => <p>Hello, {name}</p>, Patients };
    const View = lazyView(namedExport(async () => chunk, 'Greeting'));
    render(<View name="Rosa" />);
    expect(await screen.findByText('Hello, Rosa')).toBeTruthy();
  });

  it('shows what its placeholder draws while the code loads, then the view', async () => {
    const View = lazyView(async () => ({ default: Patients }), { placeholder: () => <h1>Patients</h1> });
    render(<View />);
    expect(screen.getByRole('heading', { name: 'Patients' })).toBeTruthy();
    expect(await screen.findByText('Patients view')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Patients' })).toBeNull();
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

  it('shows the view when its preloaded code arrives between the first render and the effects', async () => {
    // A reload on a saved tab: the dashboard preloads the tab's chunk, and the chunk lands after the
    // view's first render read "not loaded" but before its effect ran. Rendered outside act(), as
    // in the browser: the passive effects run in a later task than the render.
    let arrive!: (module: { default: typeof Patients }) => void;
    const View = lazyView(() => new Promise<{ default: typeof Patients }>((resolve) => (arrive = resolve)));
    View.preload();
    function ArrivesDuringRender() {
      arrive({ default: Patients });
      return null;
    }
    const previous = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      root.render(
        <>
          <ArrivesDuringRender />
          <View />
        </>,
      );
      await waitFor(() => expect(container.textContent).toBe('Patients view'));
    } finally {
      root.unmount();
      container.remove();
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = previous;
    }
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

describe('useAfterFirstPaint', () => {
  it('turns true only after a frame has been drawn with the screen that asks', async () => {
    function BelowTheFold() {
      return useAfterFirstPaint() ? <p>Below the fold</p> : <p>First screen</p>;
    }
    render(<BelowTheFold />);
    expect(screen.getByText('First screen')).toBeTruthy();
    expect(await screen.findByText('Below the fold')).toBeTruthy();
  });

  it('counts frames only from `ready` on, and waits for the frame after the paint to reach the screen', () => {
    const frames: FrameRequestCallback[] = [];
    const request = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const nextFrame = () => act(() => frames.splice(0).forEach((callback) => callback(0)));
    function Rows({ read }: { read: boolean }) {
      return <p>{useAfterFirstPaint(read) ? 'Years read' : 'Years waiting'}</p>;
    }
    try {
      const view = render(<Rows read={false} />);
      expect(frames).toHaveLength(0);
      view.rerender(<Rows read />);
      nextFrame();
      expect(screen.getByText('Years waiting')).toBeTruthy();
      nextFrame();
      expect(screen.getByText('Years read')).toBeTruthy();
    } finally {
      request.mockRestore();
    }
  });
});

describe('AfterFirstPaint', () => {
  it('waits for a paint after it is mounted, not after the screen first mounted', async () => {
    function Screen({ loaded }: { loaded: boolean }) {
      if (!loaded) return <p>Loading</p>;
      return (
        <>
          <p>Form</p>
          <AfterFirstPaint>
            <p>Below the form</p>
          </AfterFirstPaint>
        </>
      );
    }
    const view = render(<Screen loaded={false} />);
    // The spinner's own frame passes first.
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    view.rerender(<Screen loaded />);
    expect(screen.getByText('Form')).toBeTruthy();
    expect(screen.queryByText('Below the form')).toBeNull();
    expect(await screen.findByText('Below the form')).toBeTruthy();
  });
});
