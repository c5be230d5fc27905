import { useSyncExternalStore } from 'react';

/**
 * The open modals, innermost last. Page scrolling is locked while any is open, only the innermost
 * one answers Esc, and header messages hide while the stack is not empty, so no message shows behind a dialog.
 *
 * Each open modal also holds one browser-history entry (a "layer" above the page's own entry), so
 * the Back button or the Android back gesture closes the innermost modal instead of leaving the
 * app; a modal closed any other way takes its entry back off. A page may also hold one guard layer
 * (the dashboard does): Back with no modal open then lands on the page's own entry and the page is
 * asked whether to leave. Why the layers are kept this way: docs/adr/0039-back-closes-the-open-modal.md.
 */
interface Entry {
  id: symbol;
  /** Closes the modal through its normal path (which may ask first). Without it, Back keeps it open. */
  onBack?: () => void;
}

const stack: Entry[] = [];
const listeners = new Set<() => void>();
let savedOverflow = '';
let savedPaddingRight = '';

function notify() {
  for (const listener of listeners) listener();
}

function lockScroll() {
  const body = document.body;
  const scrollbar = window.innerWidth - document.documentElement.clientWidth;
  savedOverflow = body.style.overflow;
  savedPaddingRight = body.style.paddingRight;
  body.style.overflow = 'hidden';
  // Keep the layout from shifting when the scrollbar disappears.
  if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  body.dataset.modalOpen = 'true';
}

function unlockScroll() {
  const body = document.body;
  body.style.overflow = savedOverflow;
  body.style.paddingRight = savedPaddingRight;
  delete body.dataset.modalOpen;
}

/** Registers an open modal; `release` unregisters it (and takes its history entry back off). */
export function pushModal(options: { onBack?: () => void } = {}): { id: symbol; release: () => void } {
  const id = Symbol('modal');
  if (stack.length === 0) lockScroll();
  stack.push({ id, onBack: options.onBack });
  notify();
  scheduleHistorySync();
  return {
    id,
    release() {
      const index = stack.findIndex((entry) => entry.id === id);
      if (index === -1) return;
      stack.splice(index, 1);
      if (stack.length === 0) unlockScroll();
      notify();
      scheduleHistorySync();
    },
  };
}

export function isTopModal(id: symbol): boolean {
  return stack[stack.length - 1]?.id === id;
}

export function openModalCount(): number {
  return stack.length;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while any modal (or confirmation dialog) is open. */
export function useAnyModalOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => stack.length > 0,
    () => false,
  );
}

// ---------------------------------------------------------------------------------------------
// Browser history layers
// ---------------------------------------------------------------------------------------------

/** The key in history.state that numbers our layers (1 = the lowest); the page's own entry has none. */
const LAYER_KEY = 'ngitiLayer';

/** Our layer count as of the entry the browser is on. */
let depth = 0;
/** history.go() calls of ours whose popstate has not arrived yet. */
let pendingPops = 0;
let syncQueued = false;
let started = false;

interface BackGuard {
  /** Back went past the guard: resolves true to leave the page, false to stay. */
  onLeave: () => Promise<boolean>;
}
let guard: BackGuard | null = null;
/**
 * Set once the user has touched the page: Chromium skips history entries a page adds without a
 * user gesture when Back is pressed, so the guard layer is only added after one.
 */
let guardArmed = false;
/** The user chose to leave: our layers come off, then Back goes one entry further. */
let leaving = false;

function layerOf(state: unknown): number {
  if (typeof state !== 'object' || state === null) return 0;
  const layer = (state as Record<string, unknown>)[LAYER_KEY];
  return typeof layer === 'number' ? layer : 0;
}

function wantedDepth(): number {
  if (leaving) return 0;
  return (guard && guardArmed ? 1 : 0) + stack.length;
}

function start() {
  if (started || typeof window === 'undefined') return;
  started = true;
  // A reload keeps history.state: an old layer on the entry we load on is no longer ours.
  if (layerOf(window.history.state) > 0) {
    const state = { ...(window.history.state as Record<string, unknown>) };
    delete state[LAYER_KEY];
    window.history.replaceState(state, '');
  }
  window.addEventListener('popstate', onPopState);
  window.addEventListener('pointerdown', armGuard, true);
  window.addEventListener('keydown', armGuard, true);
}

function armGuard() {
  if (!guard || guardArmed || leaving) return;
  guardArmed = true;
  scheduleHistorySync();
}

/** History changes wait for the end of the current task's work, so an open and a close in one go cancel out. */
function scheduleHistorySync() {
  start();
  if (syncQueued || !started) return;
  syncQueued = true;
  queueMicrotask(syncHistory);
}

function syncHistory() {
  syncQueued = false;
  if (pendingPops > 0) return;
  // A navigation that replaced our entry (a redirect after sign-out) took its layers with it.
  depth = layerOf(window.history.state);
  const wanted = wantedDepth();
  if (wanted > depth) {
    for (let layer = depth + 1; layer <= wanted; layer++) {
      window.history.pushState({ ...(window.history.state as object | null), [LAYER_KEY]: layer }, '');
    }
    depth = wanted;
  } else if (wanted < depth) {
    pendingPops++;
    window.history.go(wanted - depth);
  } else if (leaving) {
    leaving = false;
    window.history.back();
  }
}

function onPopState(event: PopStateEvent) {
  const before = depth;
  depth = layerOf(event.state);
  if (pendingPops > 0) {
    pendingPops--;
    syncHistory();
    return;
  }
  // Forward onto an old layer, or a route change of the page: settle on the layers wanted now.
  if (depth >= before) {
    scheduleHistorySync();
    return;
  }
  const top = stack[stack.length - 1];
  if (top) {
    // The innermost modal closes through its own path; layers still wanted (it asked first and
    // the user kept it, or outer modals stay open) come back once that has happened.
    top.onBack?.();
    setTimeout(scheduleHistorySync, 0);
    return;
  }
  if (guard && depth === 0) {
    guardArmed = false;
    const asked = guard;
    void asked.onLeave().then((leave) => {
      if (guard !== asked) return;
      if (leave) leaving = true;
      else guardArmed = true;
      scheduleHistorySync();
    });
  }
}

/**
 * Keeps Back from leaving the page by accident while the caller holds it: Back with no modal open
 * calls `onLeave`, which decides (e.g. by asking) whether to go on. Returns the release function.
 */
export function holdBackGuard(onLeave: () => Promise<boolean>): () => void {
  const held: BackGuard = { onLeave };
  guard = held;
  guardArmed = false;
  leaving = false;
  start();
  return () => {
    if (guard !== held) return;
    guard = null;
    guardArmed = false;
    scheduleHistorySync();
  };
}
