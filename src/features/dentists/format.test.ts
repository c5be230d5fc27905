import { describe, expect, it } from 'vitest';
import { formatLongDate, formatMonthTitle, formatWeekday } from './format';

describe('display formats', () => {
  it('names dates and months without letting a zone shift them', () => {
    expect(formatLongDate('2030-01-07')).toBe('Monday, January 7, 2030');
    expect(formatWeekday('2030-01-07')).toBe('Monday');
    expect(formatMonthTitle('2030-12')).toBe('December 2030');
  });
});
