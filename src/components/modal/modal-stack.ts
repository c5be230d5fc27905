import { useSyncExternalStore } from 'react';

/**
 * The open modals, innermost last. Page scrolling is locked while any is open, only the innermost
 * one answers Esc, and header messages hide while the stack is not empty (spec §2).
 */
const stack: symbol[] = [];
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

/** Registers an open modal; the returned function unregisters it. */
export function pushModal(): { id: symbol; release: () => void } {
  const id = Symbol('modal');
  if (stack.length === 0) lockScroll();
  stack.push(id);
  notify();
  return {
    id,
    release() {
      const index = stack.indexOf(id);
      if (index === -1) return;
      stack.splice(index, 1);
      if (stack.length === 0) unlockScroll();
      notify();
    },
  };
}

export function isTopModal(id: symbol): boolean {
  return stack[stack.length - 1] === id;
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
