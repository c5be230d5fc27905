import { memo } from 'react';
import type { ChartMark, Surface, ToothSummary } from '../../model/chart-summary';
import { mesialOnTheRight } from '../../model/fdi-layout';

/** The five surfaces as trapezoids around the occlusal square, in a 40 × 40 box. */
const SIDES = {
  top: '0,0 40,0 28,12 12,12',
  bottom: '0,40 40,40 28,28 12,28',
  left: '0,0 12,12 12,28 0,40',
  right: '40,0 28,12 28,28 40,40',
} as const;

/**
 * Which side of the drawing is which surface: buccal (B) faces out of the mouth (up on the upper
 * arch, down on the lower), mesial (M) faces the midline.
 */
function surfaceAt(tooth: number, upper: boolean): Record<keyof typeof SIDES, Surface> {
  const mesialRight = mesialOnTheRight(tooth);
  return {
    top: upper ? 'B' : 'L',
    bottom: upper ? 'L' : 'B',
    left: mesialRight ? 'D' : 'M',
    right: mesialRight ? 'M' : 'D',
  };
}

const markClass = (mark: ChartMark | undefined | null) =>
  mark ? `chart-mark chart-c-${mark.condition} chart-s-${mark.state}` : 'chart-surface-empty';

/** A whole-tooth condition drawn over the surfaces. */
function WholeToothMark({ mark }: { mark: ChartMark }) {
  const className = `chart-whole chart-c-${mark.condition} chart-s-${mark.state}`;
  switch (mark.condition) {
    case 'missing':
    case 'extracted':
      return <path className={className} d="M3 3 L37 37 M37 3 L3 37" />;
    case 'crown':
      return <circle className={className} cx="20" cy="20" r="17" />;
    case 'root_canal':
      return <path className={className} d="M20 2 L20 38" />;
    case 'bridge':
      return <path className={className} d="M0 4 L40 4 M0 36 L40 36" />;
    case 'implant':
      return <path className={className} d="M14 6 L26 6 M20 6 L20 34 M14 34 L26 34" />;
    default:
      return <rect className={className} x="2" y="2" width="36" height="36" rx="4" />;
  }
}

/** One tooth's drawing: its surfaces coloured by their latest condition, and any whole-tooth mark. */
export const ToothDiagram = memo(function ToothDiagram({
  tooth,
  upper,
  summary,
}: {
  tooth: number;
  upper: boolean;
  summary: ToothSummary;
}) {
  const sides = surfaceAt(tooth, upper);
  return (
    <svg className="chart-tooth-diagram" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      {(Object.keys(SIDES) as (keyof typeof SIDES)[]).map((side) => (
        <polygon
          key={side}
          points={SIDES[side]}
          className={markClass(summary.surfaces[sides[side]])}
          data-surface={sides[side]}
        />
      ))}
      <rect x="12" y="12" width="16" height="16" className={markClass(summary.surfaces.O)} data-surface="O" />
      {summary.whole ? <WholeToothMark mark={summary.whole} /> : null}
    </svg>
  );
});
