import { useLayoutEffect, useRef, useState } from 'react';
import { rowWindow, sameWindow, type RowWindow } from '@/lib/row-window';

const OVERSCAN = 10;

/**
 * Which rows of a long list in its own scroll box to render (10,000 invoices or 25,000 payments
 * would otherwise cost seconds): spacer rows stand in for the others, so the box scrolls as if
 * every row were there. Measured on the box's scroll and on resizes.
 */
export function useScrollWindow(count: number, rowHeight: number) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [range, setRange] = useState<RowWindow>(() =>
    rowWindow({ listTop: 0, viewportHeight: 800, rowHeight, count, overscan: OVERSCAN }),
  );

  useLayoutEffect(() => {
    const box = scrollRef.current;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const body = bodyRef.current;
      if (!box || !body) return;
      const boxTop = box.getBoundingClientRect().top;
      const next = rowWindow({
        listTop: body.getBoundingClientRect().top - boxTop,
        // jsdom (and a box not laid out yet) measures 0: render a screenful then.
        viewportHeight: box.clientHeight || 800,
        rowHeight,
        count,
        overscan: OVERSCAN,
      });
      setRange((current) => (sameWindow(current, next) ? current : next));
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
  }, [count, rowHeight]);

  return { scrollRef, bodyRef, start: Math.min(range.start, count), end: Math.min(range.end, count) };
}
