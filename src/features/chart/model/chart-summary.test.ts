import { describe, expect, it } from 'vitest';
import { describeMark, summariseByTooth, summaryOf, toothLabel, type ChartMark } from './chart-summary';

const mark = (values: Partial<ChartMark> & Pick<ChartMark, 'id' | 'tooth'>): ChartMark => ({
  surfaces: [],
  condition: 'caries',
  state: 'existing',
  note: null,
  appointment_id: null,
  recorded_at: '2026-03-10T02:00:00Z',
  recorded_by_name: 'Dr. Reyes',
  ...values,
});

describe('the chart by tooth', () => {
  it('keeps each surface’s latest mark and the whole-tooth mark apart', () => {
    const summaries = summariseByTooth([
      mark({ id: 1, tooth: 36, surfaces: ['M', 'O'] }),
      mark({ id: 2, tooth: 36, surfaces: ['O'], condition: 'filling', state: 'planned' }),
      mark({ id: 3, tooth: 48, condition: 'missing' }),
    ]);
    const tooth36 = summaryOf(summaries, 36);
    expect(tooth36.marks.map((m) => m.id)).toEqual([1, 2]);
    expect(tooth36.surfaces.M?.id).toBe(1);
    expect(tooth36.surfaces.O?.id).toBe(2);
    expect(tooth36.whole).toBeNull();
    expect(summaryOf(summaries, 48).whole?.condition).toBe('missing');
    expect(summaryOf(summaries, 11).marks).toEqual([]);
  });

  it('describes marks with their surfaces in chart order and their state', () => {
    expect(describeMark({ condition: 'caries', surfaces: ['O', 'M'], state: 'existing' })).toBe('Caries MO, existing');
    expect(describeMark({ condition: 'watch', surfaces: [], state: 'planned' })).toBe('To watch, planned');
  });

  it('names a tooth with its findings, or says it has none', () => {
    const summaries = summariseByTooth([mark({ id: 1, tooth: 36, surfaces: ['M', 'O'] })]);
    expect(toothLabel(36, summaryOf(summaries, 36), 'no findings')).toBe('Tooth 36: Caries MO, existing');
    expect(toothLabel(11, summaryOf(summaries, 11), 'no findings')).toBe('Tooth 11: no findings');
  });
});
