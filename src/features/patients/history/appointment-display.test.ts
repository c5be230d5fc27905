import { describe, expect, it } from 'vitest';
import { splitReason, statusBadge } from './appointment-display';

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

describe('the procedure of an appointment', () => {
  it('is the reason as stored', () => {
    expect(splitReason('Oral Prophylaxis (Cleaning)')).toEqual({
      procedure: 'Oral Prophylaxis (Cleaning)',
      notes: null,
    });
  });

  it('keeps notes appended by the Appointments screen apart', () => {
    expect(splitReason('Tooth Extraction — Notes: Anxious patient, explain each step')).toEqual({
      procedure: 'Tooth Extraction',
      notes: 'Anxious patient, explain each step',
    });
  });

  it('is empty when there is no reason', () => {
    expect(splitReason(null)).toEqual({ procedure: '', notes: null });
  });
});
