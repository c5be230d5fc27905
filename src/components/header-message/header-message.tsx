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
 * A screen header's message: success texts disappear after 1200 ms, errors stay until replaced
 * or dismissed. Render it with <HeaderMessage>, which shows it only while no modal is open.
 */
export function useHeaderMessage() {
  const [message, setMessage] = useState<HeaderMessageState | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  const showSuccess = useCallback((text: string) => {
    clearTimeout(timer.current);
    setMessage({ tone: 'success', text });
    timer.current = setTimeout(() => setMessage(null), HEADER_MESSAGE_MS);
  }, []);
  const showError = useCallback((text: string) => {
    clearTimeout(timer.current);
    setMessage({ tone: 'error', text });
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  return { message, showSuccess, showError, clear };
}

export function HeaderMessage({ message, onDismiss }: { message: HeaderMessageState | null; onDismiss?: () => void }) {
  const modalOpen = useAnyModalOpen();
  if (!message || modalOpen) return null;
  return (
    <div
      className={`header-message header-message-${message.tone}`}
      role={message.tone === 'error' ? 'alert' : 'status'}
    >
      <span>{message.text}</span>
      {onDismiss && message.tone === 'error' ? (
        <button type="button" className="header-message-dismiss" aria-label="Dismiss" onClick={onDismiss}>
          ×
        </button>
      ) : null}
    </div>
  );
}
