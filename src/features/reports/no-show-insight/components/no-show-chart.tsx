/**
 * The no-show and late-cancel rates of the insight's groups (hours, months) as bar pairs (uPlot, a
 * small canvas charting library). This module is loaded lazily, so uPlot is its own chunk; it
 * imports nothing of the feature (texts, labels and the axis' top come as props), so the tab's
 * chunk and this one share no code. The section around it gives the chart its text alternative
 * and the table with the same numbers.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One bar pair: its place on the x axis, its label and its two rates in percent (null: nothing counted). */
export interface RatePoint {
  x: number;
  label: string;
  noShowRate: number | null;
  lateCancelRate: number | null;
}

const HEIGHT = 240;

export default function NoShowChart({
  points,
  ceiling,
  labels,
  testId,
}: {
  points: readonly RatePoint[];
  /** The top of the y axis, in percent. */
  ceiling: number;
  labels: { x: string; noShowRate: string; lateCancelRate: string };
  testId: string;
}) {
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = frame.current;
    if (!target) return undefined;
    const xs = points.map((point) => point.x);
    const noShows = points.map((point) => point.noShowRate);
    const lateCancels = points.map((point) => point.lateCancelRate);
    const xLabel = (x: number) => points.find((point) => point.x === x)?.label ?? '';
    // Two bars per group, side by side: no-shows left of its place, late cancels right of it.
    const leftBars = uPlot.paths.bars?.({ size: [0.4, 30], align: 1 });
    const rightBars = uPlot.paths.bars?.({ size: [0.4, 30], align: -1 });
    // A failure here (no canvas) reaches the section's error boundary, which says the table has the numbers.
    const chart = new uPlot(
      {
        width: Math.max(280, target.clientWidth),
        height: HEIGHT,
        scales: {
          x: { time: false, range: (_self, min, max) => [min - 0.5, max + 0.5] },
          y: { range: [0, ceiling] },
        },
        // The legend names the series; the numbers are in the table, not under the cursor.
        legend: { live: false },
        axes: [
          { values: (_self, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? xLabel(tick) : '')) },
          { values: (_self, ticks) => ticks.map((tick) => `${tick}%`), size: 50 },
        ],
        series: [
          { label: labels.x, value: (_self, value) => (value === null ? '' : xLabel(value)) },
          {
            label: labels.noShowRate,
            stroke: '#b91c1c',
            fill: 'rgba(185, 28, 28, 0.55)',
            paths: leftBars,
            value: (_self, value) => (value === null ? '—' : `${value.toFixed(1)}%`),
          },
          {
            label: labels.lateCancelRate,
            stroke: '#b45309',
            fill: 'rgba(180, 83, 9, 0.45)',
            paths: rightBars,
            value: (_self, value) => (value === null ? '—' : `${value.toFixed(1)}%`),
          },
        ],
      },
      [xs, noShows, lateCancels],
      target,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(280, target.clientWidth), height: HEIGHT }),
    );
    resize.observe(target);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [points, ceiling, labels]);

  return <div ref={frame} className="reports-chart" data-testid={testId} />;
}
