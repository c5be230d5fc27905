import { useLayoutEffect, useRef, useState } from 'react';
import { rowWindow } from '@/lib/row-window';

const OVERSCAN = 10;

/** Where the table's first row is in its box, and how tall the box is (px). */
interface Placement {
  listTop: number;
  viewportHeight: number;
}

/** Until the first measurement (and in jsdom, which measures 0): a screenful from the top. */
const INITIAL_PLACEMENT: Placement = { listTop: 0, viewportHeight: 800 };

/**
 * Which rows of a long list in its own scroll box to render (10,000 invoices or 25,000 payments
 * would otherwise cost seconds): spacer rows stand in for the others, so the box scrolls as if
 * every row were there. The box's scroll position and height are measured (on scroll and resize);
 * the rows follow from them and the current count in the same render. A window kept from the last
 * count instead would, when a live re-read adds a row, leave the last row out for one render:
 * unmounted and mounted again, its buttons and any dialog it opened with them.
 */
export function useScrollWindow(count: number, rowHeight: number) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [placement, setPlacement] = useState<Placement>(INITIAL_PLACEMENT);

  useLayoutEffect(() => {
    const box = scrollRef.current;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const body = bodyRef.current;
      if (!box || !body) return;
      const next = {
        listTop: body.getBoundingClientRect().top - box.getBoundingClientRect().top,
        viewportHeight: box.clientHeight || INITIAL_PLACEMENT.viewportHeight,
      };
      setPlacement((current) =>
        current.listTop === next.listTop && current.viewportHeight === next.viewportHeight ? current : next,
      );
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    measure();
    box?.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      box?.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [count]);

  const { start, end } = rowWindow({ ...placement, rowHeight, count, overscan: OVERSCAN });
  return { scrollRef, bodyRef, start, end };
}
