import { describe, expect, it } from 'vitest';
import { BROWSER_TIME_ZONES, fixSystemClock, inBrowserTimeZone } from '@common/clinic-calendar/testing/browser-zone';
import { reminderLogRows, reminderProblem, type ReminderLogEntry } from './log';
import { SENT_A_DAY_AHEAD } from './testing/log-entry';

fixSystemClock();

const MANILA = 'Asia/Manila';

const entry = (overrides: Partial<ReminderLogEntry> = {}): ReminderLogEntry => ({
  id: 1,
  sent_on: '2026-11-22T01:05:00Z',
  ...SENT_A_DAY_AHEAD,
  ...overrides,
});

describe('the date a reminder was sent', () => {
  it('reads in clinic time, the same in every browser time zone', () => {
    // 16:30Z on the 22nd is already the 23rd in Manila.
    const late = entry({ sent_on: '2026-11-22T16:30:00Z' });
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(zone, () => reminderLogRows([late], MANILA)[0]!.sentOn),
        zone,
      ).toBe('Nov 23, 2026, 12:30 AM');
    }
  });
});

describe('a reminder that was not delivered', () => {
  it('says it failed and why', () => {
    expect(reminderProblem({ outcome: 'failed', error: 'The patient has no Messenger ID.' })).toBe(
      'Failed: The patient has no Messenger ID.',
    );
    expect(reminderProblem({ outcome: 'failed', error: '  ' })).toBe('Failed: no reason was recorded');
  });

  it('says so for an outcome the service adds later, too', () => {
    expect(reminderProblem({ outcome: 'pending', error: null })).toBe('Pending: not delivered yet');
    expect(reminderProblem({ outcome: 'pending', error: 'Meta is busy, retrying' })).toBe(
      'Pending: Meta is busy, retrying',
    );
  });

  it('when an automated reminder was skipped, then the reason is shown as the service wrote it, marked as a skip', () => {
    const skipped = entry({
      outcome: 'skipped',
      error: 'Not sent: a manual reminder already went out to this recipient today.',
    });
    expect(reminderLogRows([skipped], MANILA)[0]).toMatchObject({
      problem: 'Not sent: a manual reminder already went out to this recipient today.',
      skipped: true,
    });
    expect(reminderProblem({ outcome: 'skipped', error: null })).toBe('Not sent: it was not needed.');
    expect(reminderLogRows([entry()], MANILA)[0]!.skipped).toBe(false);
  });

  it('is nothing to report when sent', () => {
    expect(reminderProblem({ outcome: 'sent', error: null })).toBeNull();
  });
});

describe('the log rows', () => {
  it('tell manual from automated, keep the order given and show N/A for a missing Messenger id', () => {
    const rows = reminderLogRows(
      [
        entry({ id: 9, is_manual: true, sent_on: '2026-11-22T03:00:00Z', days_ahead: 2 }),
        entry({ id: 4, messenger_id: null, outcome: 'failed', error: 'No Messenger ID' }),
      ],
      MANILA,
    );
    expect(rows).toEqual([
      {
        id: 9,
        sentOn: 'Nov 22, 2026, 11:00 AM',
        daysAhead: 2,
        messengerId: '24680135792468',
        kind: 'manual',
        problem: null,
        skipped: false,
      },
      {
        id: 4,
        sentOn: 'Nov 22, 2026, 9:05 AM',
        daysAhead: 1,
        messengerId: 'N/A',
        kind: 'automated',
        problem: 'Failed: No Messenger ID',
        skipped: false,
      },
    ]);
  });
});
