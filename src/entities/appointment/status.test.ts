import { describe, expect, it } from 'vitest';
import { statusBadge, statusColour } from './status';

describe('the status badge', () => {
  it.each([
    ['Confirmed', 'green', 'Confirmed'],
    ['Completed', 'blue', 'Completed'],
    ['No Show', 'orange', 'No Show'],
    ['Cancelled', 'red', 'Cancelled'],
  ])('shows %s in %s', (status, tone, label) => {
    expect(statusBadge(status)).toEqual({ tone, label });
  });

  it('shows Scheduled grey, under its own name', () => {
    expect(statusBadge('Scheduled')).toEqual({ tone: 'grey', label: 'Scheduled' });
  });

  it.each([[null], [undefined], [''], ['Rescheduled'], ['confirmed'], ['toString'], ['__proto__']])(
    "shows anything else (%s) grey as 'Unknown'",
    (status) => {
      expect(statusBadge(status)).toEqual({ tone: 'grey', label: 'Unknown' });
    },
  );
});

describe('the status colour', () => {
  it.each([
    ['Scheduled', 'grey'],
    ['Confirmed', 'green'],
    ['Completed', 'blue'],
    ['No Show', 'orange'],
    ['Cancelled', 'red'],
  ])('is the badge’s tone for %s (%s): one map for every screen', (status, colour) => {
    expect(statusColour(status)).toBe(colour);
    expect(statusBadge(status).tone).toBe(colour);
  });
});
