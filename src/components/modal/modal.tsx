import { createContext, useCallback, useContext, useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { isTopModal, pushModal } from './modal-stack';
import './modal.css';

/** Asked before the modal closes by Esc, × or Back: resolves false to keep it open. */
export type CloseGuard = () => Promise<boolean> | boolean;

const CloseGuardContext = createContext<((guard: CloseGuard | null) => void) | null>(null);

/**
 * Content with unsaved input asks before its modal closes (Esc, × or the browser's Back): pass a
 * guard while there is something to lose, null otherwise. Outside a modal it does nothing.
 */
export function useModalCloseGuard(guard: CloseGuard | null) {
  const setGuard = useContext(CloseGuardContext);
  useEffect(() => {
    if (!setGuard || !guard) return;
    setGuard(guard);
    return () => setGuard(null);
  }, [setGuard, guard]);
}

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  /** A secondary button first in the footer (Cancel, Close) that calls onClose. */
  closeLabel?: ReactNode;
  size?: 'small' | 'medium' | 'large';
  /** Element to focus first (default: the first focusable element inside the dialog). */
  initialFocus?: React.RefObject<HTMLElement | null>;
  /**
   * It confirms a destructive action (delete, void): focus starts on the `closeLabel` button, so
   * an Enter pressed again right after the opening click cannot confirm it.
   */
  destructive?: boolean;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.hasAttribute('disabled') && element.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * An accessible dialog: page scroll locked while open, Esc, × and the browser's Back close it
 * (asking first when its content holds a close guard), Tab stays inside, and focus goes back to
 * where it was when it closes.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  closeLabel,
  size = 'medium',
  initialFocus,
  destructive = false,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);
  const guardRef = useRef<CloseGuard | null>(null);
  const setGuard = useCallback((guard: CloseGuard | null) => {
    guardRef.current = guard;
  }, []);
  const askingRef = useRef(false);
  const requestClose = useCallback(async () => {
    const guard = guardRef.current;
    if (guard) {
      // A second Esc or Back while the question is open does not ask again.
      if (askingRef.current) return;
      askingRef.current = true;
      try {
        if (!(await guard())) return;
      } finally {
        askingRef.current = false;
      }
    }
    onCloseRef.current();
  }, []);

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const entry = pushModal({ onBack: () => void requestClose() });
    const dialog = dialogRef.current;
    if (dialog) {
      const first =
        initialFocus?.current ??
        (destructive ? closeButtonRef.current : null) ??
        focusableIn(dialog).find((el) => !el.dataset.modalClose) ??
        dialog;
      first.focus();
    }

    function onKeyDown(event: KeyboardEvent) {
      if (!isTopModal(entry.id) || !dialog) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        void requestClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = focusableIn(dialog);
      if (focusable.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const first = focusable[0]!;
      const last = focusable[focusable.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }
    /** Focus that escapes (a click on the backdrop, a script) is brought back. */
    function onFocusIn(event: FocusEvent) {
      if (!isTopModal(entry.id) || !dialog) return;
      if (event.target instanceof Node && !dialog.contains(event.target)) dialog.focus();
    }
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      entry.release();
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
    // initialFocus and destructive are read once when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className="modal-backdrop">
      <div
        ref={dialogRef}
        className={`modal modal-${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          <button
            type="button"
            className="modal-close"
            aria-label="Close"
            data-modal-close="true"
            onClick={() => void requestClose()}
          >
            ×
          </button>
        </header>
        <CloseGuardContext.Provider value={setGuard}>
          <div className="modal-body">{children}</div>
          {footer || closeLabel ? (
            <footer className="modal-footer">
              {closeLabel ? (
                <button ref={closeButtonRef} type="button" className="button button-secondary" onClick={onClose}>
                  {closeLabel}
                </button>
              ) : null}
              {footer}
            </footer>
          ) : null}
        </CloseGuardContext.Provider>
      </div>
    </div>,
    document.body,
  );
}
