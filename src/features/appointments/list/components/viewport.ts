import { useSyncExternalStore } from 'react';

/** The page's scroll position and viewport height, as the list's row windows need them. */
export interface Viewport {
  scrollY: number;
  height: number;
}

const DEFAULT_VIEWPORT: Viewport = Object.freeze({ scrollY: 0, height: 800 });

let current: Viewport = DEFAULT_VIEWPORT;
const listeners = new Set<() => void>();

/**
 * Reads the position in scroll and resize events, where the layout is already up to date (the
 * browser fires scroll events once per frame, before drawing it), never during a render.
 */
function read() {
  const next = { scrollY: window.scrollY, height: window.innerHeight };
  if (next.scrollY === current.scrollY && next.height === current.height) return;
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    window.addEventListener('scroll', read, { passive: true });
    window.addEventListener('resize', read);
    read();
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('scroll', read);
      window.removeEventListener('resize', read);
    }
  };
}

const snapshot = () => current;

/** The page's scroll position and viewport height, following scroll and resize. */
export function useViewport(): Viewport {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
