import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import './row-popover.css';

const GAP = 4;
const EDGE = 8;

/** Where the panel goes: below the button, or above it when there is no room below; never off-screen. */
export function panelPlacement(
  button: Pick<DOMRect, 'top' | 'bottom' | 'left'>,
  panel: { width: number; height: number },
  viewport: { width: number; height: number },
): { top: number; left: number } {
  const below = button.bottom + GAP;
  const above = button.top - GAP - panel.height;
  const top = below + panel.height <= viewport.height - EDGE || above < EDGE ? below : above;
  const left = Math.max(EDGE, Math.min(button.left, viewport.width - EDGE - panel.width));
  return { top: Math.max(EDGE, top), left };
}

/**
 * A button in a row that shows more in a small panel next to it, by click, tap or keyboard (no
 * hover-only tooltips: tablets have no hover). The panel follows the button in the DOM, so Tab
 * goes from the button into it; it is fixed to the window, so the table's scrolling box does not
 * clip it. Esc, a click elsewhere or the button again close it.
 */
export function RowPopover({
  className,
  label,
  buttonLabel,
  trigger,
  children,
}: {
  className?: string;
  /** The panel's accessible name. */
  label: string;
  /** The button's accessible name, when its text alone does not say whose it is (it starts with that text). */
  buttonLabel?: string;
  trigger: ReactNode;
  /** The panel's content; `close` closes it (after an action). */
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const close = useCallback(() => {
    setOpen(false);
    setPlace(null);
  }, []);

  const reposition = useCallback(() => {
    const button = buttonRef.current;
    const panel = panelRef.current;
    if (!button || !panel) return;
    setPlace(
      panelPlacement(
        button.getBoundingClientRect(),
        { width: panel.offsetWidth, height: panel.offsetHeight },
        { width: window.innerWidth, height: window.innerHeight },
      ),
    );
  }, []);

  // Measured before the browser paints, so the panel never shows in the wrong place.
  useLayoutEffect(() => {
    if (open) reposition();
  }, [open, reposition]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (buttonRef.current?.contains(target) || panelRef.current?.contains(target)) return;
      close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      close();
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('scroll', reposition, true);
    window.addEventListener('resize', reposition);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('scroll', reposition, true);
      window.removeEventListener('resize', reposition);
    };
  }, [open, reposition, close]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={className}
        aria-label={buttonLabel}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {trigger}
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="group"
          aria-label={label}
          className="row-popover"
          style={place ? { top: place.top, left: place.left } : { visibility: 'hidden' }}
        >
          {children(close)}
        </div>
      ) : null}
    </>
  );
}
