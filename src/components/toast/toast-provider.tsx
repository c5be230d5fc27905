import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useAnyModalOpen } from '../modal/modal-stack';
import { TOAST_DURATION_MS, ToastContext, type ToastAction, type ToastOptions, type ToastTone } from './toast-context';
import './toast.css';

interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
  action?: ToastAction;
}

/**
 * Short notices at the bottom centre of the window, clear of each screen's toolbar and the
 * tablet's tabs, announced politely to screen readers, gone after 1800 ms by default. They never
 * lie over an open modal: while one is open, the newest notice alone stays in the band the modal
 * layer leaves free at the top (toast.css, --modal-top-gap), so a modal's buttons and its content
 * (a reminder log) are never under a toast and never move.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const docked = useAnyModalOpen();
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
  }, []);

  const show = useCallback(
    (message: string, options: ToastOptions = {}) => {
      const id = nextId.current++;
      setToasts((current) => [
        ...current.slice(-3),
        { id, message, tone: options.tone ?? 'success', action: options.action },
      ]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), options.durationMs ?? TOAST_DURATION_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div
        className={docked ? 'toast-region toast-region-docked' : 'toast-region'}
        role="status"
        aria-live="polite"
        data-testid="toast-region"
      >
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast-${toast.tone}`}>
            <span className="toast-message" title={toast.message}>
              {toast.message}
            </span>
            {toast.action && (
              <button
                type="button"
                className="toast-action"
                onClick={() => {
                  toast.action?.onClick();
                  dismiss(toast.id);
                }}
              >
                {toast.action.label}
              </button>
            )}
            <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
