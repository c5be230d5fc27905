import { useEffect, useRef, useState, type RefObject } from 'react';
import { cardRowOffsets, listWindows, type CardShape } from '../row-window';
import { CARD_GEOMETRY, OVERSCAN_ROWS, WINDOWING_THRESHOLD } from './list-geometry';
import { useViewport } from './viewport';

/** Where the cards really are: the container's top on the page and, per dentist, how far off the geometry was. */
interface MeasuredPlacement {
  pageTop: number;
  drift: ReadonlyMap<number, number>;
}

/** Until the first measurement: about where the cards start below the header, summary and filters. */
const INITIAL_PLACEMENT: MeasuredPlacement = { pageTop: 260, drift: new Map() };
/** Differences below this (px) are rounding, not worth a render. */
const DRIFT_TOLERANCE = 2;

function samePlacement(a: MeasuredPlacement, b: MeasuredPlacement): boolean {
  if (Math.abs(a.pageTop - b.pageTop) >= 1 || a.drift.size !== b.drift.size) return false;
  for (const [dentistId, drift] of a.drift) {
    if (Math.abs(drift - (b.drift.get(dentistId) ?? Number.NaN)) >= DRIFT_TOLERANCE || !b.drift.has(dentistId))
      return false;
  }
  return true;
}

/**
 * Which rows of each long card to render. Where the cards are follows from their fixed heights
 * and order (row-window.ts), so a filter change renders the right rows at once without reading
 * the layout; the real placement is measured after the browser has drawn the frame (when reading
 * it costs nothing) and corrects the next render if the page moved (filters wrapping on a narrow
 * screen, a horizontal scrollbar under a table). After a filter change (`view`: the period and
 * the dentist) the first frame draws only the rows on screen; the rows just off it (OVERSCAN_ROWS,
 * so scrolling and tabbing never meet a gap) follow in a render after that frame — on a slow
 * tablet a row costs several ms, and most of a filter change's rows were off screen
 * (bench/tablet.bench.ts).
 */
export function useCardWindows(
  cardsRef: RefObject<HTMLDivElement | null>,
  groups: readonly { dentistId: number }[],
  shapes: readonly CardShape[],
  view: string,
) {
  const viewport = useViewport();
  const [placement, setPlacement] = useState<MeasuredPlacement>(INITIAL_PLACEMENT);
  // The view last drawn (null: none yet): a view already drawn gets the off-screen rows too.
  const [drawnView, setDrawnView] = useState<string | null>(null);
  const windows = listWindows({
    cards: shapes,
    geometry: CARD_GEOMETRY,
    containerTop: placement.pageTop - viewport.scrollY,
    viewportHeight: viewport.height,
    overscan: drawnView === null || drawnView === view ? OVERSCAN_ROWS : 0,
    threshold: WINDOWING_THRESHOLD,
    drift: groups.map((group) => placement.drift.get(group.dentistId) ?? 0),
  });

  const rendered = useRef({ groups, shapes, view });
  useEffect(() => {
    rendered.current = { groups, shapes, view };
  });
  useEffect(() => {
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timeout = setTimeout(() => {
        const container = cardsRef.current;
        if (!container) return;
        const box = container.getBoundingClientRect();
        const { groups: cards, shapes: cardShapes, view: drawn } = rendered.current;
        const offsets = cardRowOffsets(cardShapes, CARD_GEOMETRY);
        const drift = new Map<number, number>();
        cards.forEach((card, index) => {
          const offset = offsets[index];
          if (offset === null || offset === undefined || cardShapes[index]!.rowCount <= WINDOWING_THRESHOLD) return;
          const body = container.querySelector(`[data-dentist-id="${card.dentistId}"] tbody`);
          if (body) drift.set(card.dentistId, Math.round(body.getBoundingClientRect().top - box.top - offset));
        });
        const next = { pageTop: Math.round(box.top + window.scrollY), drift };
        setPlacement((current) => (samePlacement(current, next) ? current : next));
        setDrawnView(drawn);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timeout);
    };
  });
  return windows;
}
