import { createContext, useContext } from 'react';

/** Toasts last this long unless told otherwise. */
export const TOAST_DURATION_MS = 1800;

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastAction {
  label: string;
  onClick(): void;
}

export interface ToastOptions {
  tone?: ToastTone;
  durationMs?: number;
  /** A button in the toast (e.g. 'View'); clicking it runs the action and closes the toast. */
  action?: ToastAction;
}

export type ShowToast = (message: string, options?: ToastOptions) => void;

export const ToastContext = createContext<ShowToast | null>(null);

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast is used outside <ToastProvider>');
  return show;
}
