import type { ChartCondition, ChartEntryState } from '@/lib/database.types';
import { CONDITION_LABELS, STATE_LABELS } from './messages';

export const SURFACES = ['M', 'O', 'D', 'B', 'L'] as const;
export type Surface = (typeof SURFACES)[number];

/** What the chart shows of one entry. */
export interface ChartMark {
  id: number;
  tooth: number;
  surfaces: readonly string[];
  condition: ChartCondition;
  state: ChartEntryState;
  note: string | null;
  appointment_id: number | null;
  recorded_at: string;
  recorded_by_name: string | null;
  /** The appointment it was charted at, when one was named. */
  appointment?: { appointment_time: string } | null;
}

export interface ToothSummary {
  /** Oldest first, as recorded. */
  marks: readonly ChartMark[];
  /** Each marked surface's latest mark. */
  surfaces: Partial<Record<Surface, ChartMark>>;
  /** The latest mark without surfaces (the whole tooth), if any. */
  whole: ChartMark | null;
}

const EMPTY: ToothSummary = { marks: [], surfaces: {}, whole: null };

/** The chart's entries by tooth (entries arrive by tooth and time, from public.chart_as_of). */
export function summariseByTooth(marks: readonly ChartMark[]): ReadonlyMap<number, ToothSummary> {
  const byTooth = new Map<
    number,
    { marks: ChartMark[]; surfaces: Partial<Record<Surface, ChartMark>>; whole: ChartMark | null }
  >();
  for (const mark of marks) {
    let summary = byTooth.get(mark.tooth);
    if (!summary) {
      summary = { marks: [], surfaces: {}, whole: null };
      byTooth.set(mark.tooth, summary);
    }
    summary.marks.push(mark);
    if (mark.surfaces.length === 0) summary.whole = mark;
    for (const surface of mark.surfaces) summary.surfaces[surface as Surface] = mark;
  }
  return byTooth;
}

export const summaryOf = (summaries: ReadonlyMap<number, ToothSummary>, tooth: number): ToothSummary =>
  summaries.get(tooth) ?? EMPTY;

/** 'Caries MO, existing'; 'Missing, existing'. */
export function describeMark(mark: Pick<ChartMark, 'condition' | 'state' | 'surfaces'>): string {
  const surfaces = SURFACES.filter((surface) => mark.surfaces.includes(surface)).join('');
  return `${CONDITION_LABELS[mark.condition]}${surfaces ? ` ${surfaces}` : ''}, ${STATE_LABELS[mark.state].toLowerCase()}`;
}

/** The tooth button's accessible name: 'Tooth 36: Caries MO, existing; Crown, planned' or 'Tooth 36: no findings'. */
export function toothLabel(tooth: number, summary: ToothSummary, noFindings: string): string {
  const findings = summary.marks.map(describeMark).join('; ');
  return `Tooth ${tooth}: ${findings || noFindings}`;
}
