import type { ReactNode } from 'react';
import './states.css';

/** A decorative spinner; the text next to it is what assistive technology reads. */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}

/** Something is on its way; announced to screen readers. */
export function LoadingState({ label = 'Loading…', fullPage = false }: { label?: string; fullPage?: boolean }) {
  return (
    <div className={fullPage ? 'state state-full-page' : 'state'} role="status" aria-live="polite">
      <Spinner />
      <span className="state-text">{label}</span>
    </div>
  );
}

/** A list with nothing in it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state-empty">
      <p className="state-title">{title}</p>
      {children ? <div className="state-text">{children}</div> : null}
    </div>
  );
}

/** Something failed; offers a retry when one makes sense. */
export function ErrorState({
  title,
  children,
  onRetry,
  retryLabel = 'Retry',
  fullPage = false,
}: {
  title: string;
  children?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  fullPage?: boolean;
}) {
  return (
    <div className={fullPage ? 'state state-error state-full-page' : 'state state-error'} role="alert">
      <p className="state-title">{title}</p>
      {children ? <div className="state-text">{children}</div> : null}
      {onRetry ? (
        <button type="button" className="button button-primary" onClick={onRetry}>
          {retryLabel}
        </button>
      ) : null}
    </div>
  );
}

/**
 * A refresh failed under what is still shown: says the rows are not the latest, with a retry, so
 * nobody works from an old list taken for current.
 */
export function StaleState({
  text,
  onRetry,
  retryLabel = 'Retry',
  className,
}: {
  text: string;
  onRetry: () => void;
  retryLabel?: string;
  className?: string;
}) {
  return (
    <div className={className ? `state-stale ${className}` : 'state-stale'} role="alert">
      <p>{text}</p>
      <button type="button" className="button button-small" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
