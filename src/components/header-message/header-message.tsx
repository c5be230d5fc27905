import { useCallback, useEffect, useRef, useState } from 'react';
import { useAnyModalOpen } from '../modal/modal-stack';
import './header-message.css';

/** Success messages in a screen's header last this long. */
export const HEADER_MESSAGE_MS = 1200;

export interface HeaderMessageState {
  tone: 'success' | 'error';
  text: string;
}

/**
 * A screen header's message: success texts disappear HEADER_MESSAGE_MS after they are first on
 * screen, errors stay until replaced or dismissed. Render it with <HeaderMessage>, which shows it
 * only while no modal is open and hands a shown success back to `expire` when its time is up.
 */
export function useHeaderMessage() {
  const [message, setMessage] = useState<HeaderMessageState | null>(null);

  const clear = useCallback(() => setMessage(null), []);
  const showSuccess = useCallback((text: string) => setMessage({ tone: 'success', text }), []);
  const showError = useCallback((text: string) => setMessage({ tone: 'error', text }), []);
  /** Drops `shown`, unless another message has taken its place meanwhile. */
  const expire = useCallback(
    (shown: HeaderMessageState) => setMessage((current) => (current === shown ? null : current)),
    [],
  );

  return { message, showSuccess, showError, clear, expire };
}

/**
 * The message, while no modal is open. A success's time starts when it is first shown, not when
 * it was set: one set as a modal closes (a save) would otherwise lose the moments the modal took
 * to go, and one set behind an open modal would never be seen. Once started, the time runs on
 * even if a modal opens over it.
 */
export function HeaderMessage({
  message,
  onDismiss,
  onExpire,
}: {
  message: HeaderMessageState | null;
  onDismiss?: () => void;
  onExpire?: (shown: HeaderMessageState) => void;
}) {
  const modalOpen = useAnyModalOpen();
  const shown = modalOpen ? null : message;
  const timer = useRef<{ message: HeaderMessageState; id: ReturnType<typeof setTimeout> } | null>(null);

  useEffect(() => {
    if (shown?.tone !== 'success' || !onExpire || timer.current?.message === shown) return;
    if (timer.current) clearTimeout(timer.current.id);
    timer.current = { message: shown, id: setTimeout(() => onExpire(shown), HEADER_MESSAGE_MS) };
  }, [shown, onExpire]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current.id);
    },
    [],
  );

  if (!shown) return null;
  return (
    <div className={`header-message header-message-${shown.tone}`} role={shown.tone === 'error' ? 'alert' : 'status'}>
      <span>{shown.text}</span>
      {onDismiss && shown.tone === 'error' ? (
        <button type="button" className="header-message-dismiss" aria-label="Dismiss" onClick={onDismiss}>
          ×
        </button>
      ) : null}
    </div>
  );
}
