import { describe, expect, it } from 'vitest';
import { chartRows, dentitionFor, mesialOnTheRight, toothAfterKey } from './fdi-layout';

describe('the FDI chart layout', () => {
  it('lays out 32 permanent teeth, patient’s right on the screen’s left, upper above lower', () => {
    const [upper, lower] = chartRows('permanent');
    expect(upper?.teeth).toEqual([18, 17, 16, 15, 14, 13, 12, 11, 21, 22, 23, 24, 25, 26, 27, 28]);
    expect(lower?.teeth).toEqual([48, 47, 46, 45, 44, 43, 42, 41, 31, 32, 33, 34, 35, 36, 37, 38]);
  });

  it('lays out 20 primary teeth (51–85)', () => {
    const [upper, lower] = chartRows('primary');
    expect(upper?.teeth).toEqual([55, 54, 53, 52, 51, 61, 62, 63, 64, 65]);
    expect(lower?.teeth).toEqual([85, 84, 83, 82, 81, 71, 72, 73, 74, 75]);
  });

  it('puts the primary rows between the permanent ones in a mixed dentition', () => {
    expect(chartRows('mixed').map((row) => `${row.arch} ${row.set}`)).toEqual([
      'upper permanent',
      'upper primary',
      'lower primary',
      'lower permanent',
    ]);
  });

  it('shows a mixed dentition once a primary tooth is charted, unless another was chosen', () => {
    expect(dentitionFor([16, 36])).toBe('permanent');
    expect(dentitionFor([16, 75])).toBe('mixed');
    expect(dentitionFor([16], 'primary')).toBe('primary');
  });

  it('moves along a row with the arrow keys and stops at its ends', () => {
    const rows = chartRows('permanent');
    expect(toothAfterKey(rows, 11, 'ArrowRight')).toBe(21);
    expect(toothAfterKey(rows, 21, 'ArrowLeft')).toBe(11);
    expect(toothAfterKey(rows, 18, 'ArrowLeft')).toBe(18);
    expect(toothAfterKey(rows, 28, 'ArrowRight')).toBe(28);
    expect(toothAfterKey(rows, 36, 'Home')).toBe(48);
    expect(toothAfterKey(rows, 46, 'End')).toBe(38);
  });

  it('moves up and down to the tooth in the same place of the next row', () => {
    const permanent = chartRows('permanent');
    expect(toothAfterKey(permanent, 26, 'ArrowDown')).toBe(36);
    expect(toothAfterKey(permanent, 36, 'ArrowUp')).toBe(26);
    expect(toothAfterKey(permanent, 26, 'ArrowUp')).toBe(26);
    const mixed = chartRows('mixed');
    expect(toothAfterKey(mixed, 16, 'ArrowDown')).toBe(55);
    expect(toothAfterKey(mixed, 11, 'ArrowDown')).toBe(51);
    expect(toothAfterKey(mixed, 18, 'ArrowDown')).toBe(55);
    expect(toothAfterKey(mixed, 75, 'ArrowDown')).toBe(35);
  });

  it('keeps a tooth that is not on the chart where it is', () => {
    expect(toothAfterKey(chartRows('permanent'), 55, 'ArrowRight')).toBe(55);
  });

  it('puts the mesial side toward the midline', () => {
    expect(mesialOnTheRight(16)).toBe(true);
    expect(mesialOnTheRight(46)).toBe(true);
    expect(mesialOnTheRight(26)).toBe(false);
    expect(mesialOnTheRight(75)).toBe(false);
  });
});
