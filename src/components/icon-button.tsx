import type { ReactNode } from 'react';

/**
 * A row action shown as an icon alone: `label` is what assistive technology reads, `title` the
 * hover hint. The look comes from the `icon-button` classes of the screen's stylesheet.
 */
export function IconButton({
  label,
  title,
  danger = false,
  busy,
  disabled,
  onClick,
  children,
}: {
  label: string;
  title: string;
  danger?: boolean;
  busy?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={danger ? 'icon-button icon-button-danger' : 'icon-button'}
      title={title}
      aria-label={label}
      aria-busy={busy || undefined}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
