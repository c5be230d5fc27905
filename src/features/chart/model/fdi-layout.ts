/**
 * Where each tooth sits on the chart (FDI two-digit numbering), as the dentist faces the patient:
 * the patient's right on the left of the screen, upper arch above, primary teeth between the
 * permanent rows in a mixed dentition. Pure layout and keyboard movement; which numbers are
 * valid is the database's rule (public.is_fdi_tooth), this only lays out the ones it accepts.
 */

export type Dentition = 'permanent' | 'mixed' | 'primary';

export interface ToothRow {
  arch: 'upper' | 'lower';
  set: 'permanent' | 'primary';
  /** Left to right on the screen. */
  teeth: readonly number[];
}

const quadrant = (first: number, count: number, towardMidline: boolean): number[] => {
  const teeth = Array.from({ length: count }, (_, index) => first * 10 + index + 1);
  return towardMidline ? teeth.reverse() : teeth;
};

const UPPER_PERMANENT: ToothRow = {
  arch: 'upper',
  set: 'permanent',
  teeth: [...quadrant(1, 8, true), ...quadrant(2, 8, false)],
};
const UPPER_PRIMARY: ToothRow = {
  arch: 'upper',
  set: 'primary',
  teeth: [...quadrant(5, 5, true), ...quadrant(6, 5, false)],
};
const LOWER_PRIMARY: ToothRow = {
  arch: 'lower',
  set: 'primary',
  teeth: [...quadrant(8, 5, true), ...quadrant(7, 5, false)],
};
const LOWER_PERMANENT: ToothRow = {
  arch: 'lower',
  set: 'permanent',
  teeth: [...quadrant(4, 8, true), ...quadrant(3, 8, false)],
};

/** The rows of the chart, top to bottom. */
export function chartRows(dentition: Dentition): readonly ToothRow[] {
  switch (dentition) {
    case 'permanent':
      return [UPPER_PERMANENT, LOWER_PERMANENT];
    case 'primary':
      return [UPPER_PRIMARY, LOWER_PRIMARY];
    case 'mixed':
      return [UPPER_PERMANENT, UPPER_PRIMARY, LOWER_PRIMARY, LOWER_PERMANENT];
  }
}

/** Primary teeth: quadrants 5 to 8. */
export const isPrimaryTooth = (tooth: number): boolean => Math.floor(tooth / 10) >= 5;

/** The dentition that shows every charted tooth: permanent unless a primary tooth is charted. */
export function dentitionFor(teeth: Iterable<number>, preferred: Dentition = 'permanent'): Dentition {
  if (preferred !== 'permanent') return preferred;
  for (const tooth of teeth) if (isPrimaryTooth(tooth)) return 'mixed';
  return 'permanent';
}

/** A primary row's 10 teeth sit under the permanent row's middle 10 (canine to canine and the molars). */
const columnOf = (row: ToothRow, index: number): number => (row.set === 'primary' ? index + 3 : index);

export type ChartKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End';

export const CHART_KEYS: readonly string[] = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'];

/**
 * The tooth the arrow keys move to from `tooth`: left and right along its row (stopping at the
 * ends), up and down to the nearest tooth of the next row, Home and End to the row's ends. A tooth
 * not on the chart stays where it is.
 */
export function toothAfterKey(rows: readonly ToothRow[], tooth: number, key: ChartKey): number {
  const rowIndex = rows.findIndex((row) => row.teeth.includes(tooth));
  const row = rows[rowIndex];
  if (!row) return tooth;
  const index = row.teeth.indexOf(tooth);
  switch (key) {
    case 'ArrowLeft':
      return row.teeth[Math.max(0, index - 1)]!;
    case 'ArrowRight':
      return row.teeth[Math.min(row.teeth.length - 1, index + 1)]!;
    case 'Home':
      return row.teeth[0]!;
    case 'End':
      return row.teeth[row.teeth.length - 1]!;
    case 'ArrowUp':
    case 'ArrowDown': {
      const next = rows[rowIndex + (key === 'ArrowUp' ? -1 : 1)];
      if (!next) return tooth;
      const column = columnOf(row, index);
      let best = 0;
      next.teeth.forEach((_, candidate) => {
        if (Math.abs(columnOf(next, candidate) - column) < Math.abs(columnOf(next, best) - column)) best = candidate;
      });
      return next.teeth[best]!;
    }
  }
}

/** Whether the tooth's mesial side (toward the midline) is on the right of the screen. */
export const mesialOnTheRight = (tooth: number): boolean => [1, 4, 5, 8].includes(Math.floor(tooth / 10));

/** Incisors and canines (positions 1–3) have an incisal edge where back teeth have an occlusal surface. */
export const isAnterior = (tooth: number): boolean => tooth % 10 <= 3;
