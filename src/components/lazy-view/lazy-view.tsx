import { startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { whenIdle } from '@/lib/when-idle';
import { whenPainted } from '@/lib/when-painted';
import { CHUNK_TIMEOUT_MS, TimeoutError, withTimeout } from '@/lib/with-timeout';
import { ErrorState, LoadingState } from '../states/states';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

interface LoadState<P> {
  component?: ComponentType<P>;
  failure?: 'timeout' | 'failed';
}

/**
 * The loader of a chunk's named export, as `lazyView` takes it:
 * `lazyView(namedExport(() => import('./signup-page'), 'SignupPage'))`. The `import()` stays
 * written out at the call, where the bundler sees which chunk it is.
 */
export function namedExport<M, K extends keyof M>(load: () => Promise<M>, name: K): () => Promise<{ default: M[K] }> {
  return () => load().then((module) => ({ default: module[name] }));
}

/**
 * A view whose code is a separate script chunk, loaded on first render. A chunk that fails to
 * load, or has not arrived after 120 s, shows an error with a Retry button instead of a blank
 * screen; a retry asks for the chunk again. Loaded views stay cached for later renders.
 * `preload()` starts loading the chunk before the view is rendered (a failure then is left to the
 * render, which asks again). Meanwhile it shows a spinner with `label`, or what `placeholder` draws.
 */
export function lazyView<P extends object>(
  load: Loader<P>,
  options: {
    timeoutMs?: number;
    label?: string;
    placeholder?: () => ReactNode;
    /** Where the spinner or the error is drawn while the view is not there (a modal's frame). */
    frame?: (content: ReactNode, props: P) => ReactNode;
  } = {},
) {
  const frame = options.frame ?? ((content: ReactNode) => content);
  const timeoutMs = options.timeoutMs ?? CHUNK_TIMEOUT_MS;
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;

  function start(): Promise<ComponentType<P>> {
    pending ??= withTimeout(load(), timeoutMs).then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  }

  function LazyView(props: P) {
    const [state, setState] = useState<LoadState<P>>(() => ({ component: loaded }));
    const [attempt, setAttempt] = useState(0);

    useEffect(() => {
      // Not skipped when the code is loaded by now: it may have arrived (preloaded) after the first
      // render read "not loaded", and then nothing else would ever show the view.
      let live = true;
      start().then(
        // A transition: the view's first render (a whole tab) is done in slices between which the
        // browser can answer input, not in one long task.
        (component) =>
          live &&
          startTransition(() => setState((current) => (current.component === component ? current : { component }))),
        (error: unknown) => {
          if (!live) return;
          console.error('Ngiti: a script chunk did not load', error);
          setState({ failure: error instanceof TimeoutError ? 'timeout' : 'failed' });
        },
      );
      return () => {
        live = false;
      };
    }, [attempt]);

    if (state.component) {
      const View = state.component;
      return <View {...props} />;
    }
    if (state.failure) {
      return frame(
        <ErrorState
          title={
            state.failure === 'timeout'
              ? 'This part of Ngiti is taking too long to load.'
              : 'This part of Ngiti could not be loaded.'
          }
          onRetry={() => {
            setState({});
            setAttempt((n) => n + 1);
          }}
        >
          Check your internet connection, then try again.
        </ErrorState>,
        props,
      );
    }
    return frame(
      options.placeholder ? options.placeholder() : <LoadingState label={options.label ?? 'Loading…'} />,
      props,
    );
  }
  LazyView.displayName = 'LazyView';
  return Object.assign(LazyView, {
    preload() {
      start().catch(() => undefined);
    },
  });
}

/**
 * Runs `preload` (lazy views' `preload()`) once the screen's first read has been painted and the
 * browser is idle: a tap on a tablet (no pointer passing over first) then opens them at once, and
 * their download never competes with that read or its paint.
 */
export function usePreloadOnceRead(read: boolean, preload: () => void): void {
  const painted = useAfterFirstPaint(read);
  useEffect(() => {
    if (painted) return whenIdle(preload);
  }, [painted, preload]);
}

/**
 * False until the screen that calls it has been painted once (once `ready`, when given: painted
 * with what it waited for, not with a spinner). A part below the fold, or a read the first screen
 * does not need, waits for it: started while the first screen is still being drawn, its requests
 * compete with that paint on a slow phone.
 */
export function useAfterFirstPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    return whenPainted(() => setPainted(true));
  }, [ready, painted]);
  return painted;
}

/**
 * Renders `children` once the screen has been painted with this element in place. Rendered beside
 * the part it must not compete with (a form, a day sheet), it waits for that part's first paint,
 * not for the paint of a spinner shown while that part's data was still on its way.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useAfterFirstPaint() ? children : null;
}
