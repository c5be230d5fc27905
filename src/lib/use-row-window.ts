import { useLayoutEffect, useRef, useState } from 'react';
import { rowWindow } from './row-window';

/** Extra rows rendered above and below the screen, so scrolling and tabbing never meet a gap. */
const OVERSCAN = 10;

/** Where the list's first row is relative to what scrolls it, and how tall that is (px). */
interface Placement {
  listTop: number;
  viewportHeight: number;
}

/** Until the first measurement, and for a box jsdom (or a box not laid out yet) measures as 0. */
const FALLBACK_HEIGHT = 800;

/**
 * Which rows of a long, fixed-row-height table to render (10,000 patients, 10,000 invoices or
 * 25,000 payments would otherwise cost seconds): spacer rows stand in for the others, so the
 * page or the box scrolls as if every row were there. `scrolls`: 'page' when the window scrolls
 * the table (Patients), 'box' when it has a scroll box of its own (Billing; put `scrollRef` on it).
 *
 * Only the placement is measured (on scroll and resize); the rows follow from it and the current
 * count in the same render. A window kept from the last count instead would, when a live re-read
 * adds a row, leave the last row out for one render: unmounted and mounted again, its buttons and
 * any dialog it opened with them.
 */
export function useRowWindow(count: number, rowHeight: number, scrolls: 'page' | 'box') {
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [placement, setPlacement] = useState<Placement>(() => ({
    listTop: 0,
    viewportHeight: scrolls === 'page' && typeof window !== 'undefined' ? window.innerHeight : FALLBACK_HEIGHT,
  }));

  useLayoutEffect(() => {
    const box = scrolls === 'box' ? scrollRef.current : null;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const body = bodyRef.current;
      if (!body || (scrolls === 'box' && !box)) return;
      const next = box
        ? {
            listTop: body.getBoundingClientRect().top - box.getBoundingClientRect().top,
            viewportHeight: box.clientHeight || FALLBACK_HEIGHT,
          }
        : { listTop: body.getBoundingClientRect().top, viewportHeight: window.innerHeight };
      setPlacement((current) =>
        current.listTop === next.listTop && current.viewportHeight === next.viewportHeight ? current : next,
      );
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    const scroller: HTMLElement | Window | null = scrolls === 'box' ? box : window;
    measure();
    scroller?.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      scroller?.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [count, scrolls]);

  const { start, end } = rowWindow({ ...placement, rowHeight, count, overscan: OVERSCAN });
  return { scrollRef, bodyRef, start, end };
}
