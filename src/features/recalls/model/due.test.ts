import { describe, expect, it } from 'vitest';
import { addCalendarMonths, isRecallDue, overdueBy, overdueText, recallAction, recallDueDate } from './due';

const MANILA = 'Asia/Manila';

describe('recall due dates', () => {
  it('are the last visit clinic date plus the interval, a missing day clamped to the month end', () => {
    expect(addCalendarMonths('2026-05-15', 6)).toBe('2026-11-15');
    expect(addCalendarMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addCalendarMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addCalendarMonths('2026-12-31', 1)).toBe('2027-01-31');
  });

  it("count from the clinic's date of the visit, not the browser's or UTC's", () => {
    // 23:30 UTC on 31 May is already 1 June in Manila.
    expect(recallDueDate('2026-05-31T23:30:00Z', 6, MANILA)).toBe('2026-12-01');
    expect(recallDueDate('2026-05-31T23:30:00Z', 6, 'America/New_York')).toBe('2026-11-30');
  });

  it('make a patient due from the first minute of the due date in clinic time', () => {
    const visit = '2026-05-20T02:00:00Z'; // 20 May, 10:00 in Manila: due 20 Nov
    // 19 Nov 23:59 in Manila is 15:59 UTC: not yet.
    expect(isRecallDue(visit, 6, new Date('2026-11-19T15:59:00Z'), MANILA)).toBe(false);
    // 20 Nov 00:00 in Manila is 16:00 UTC on the 19th: due.
    expect(isRecallDue(visit, 6, new Date('2026-11-19T16:00:00Z'), MANILA)).toBe(true);
  });

  it('follow the clinic setting', () => {
    const now = new Date('2026-11-26T04:00:00Z');
    expect(isRecallDue('2026-10-20T02:00:00Z', 1, now, MANILA)).toBe(true);
    expect(isRecallDue('2026-10-20T02:00:00Z', 2, now, MANILA)).toBe(false);
    expect(isRecallDue('2023-11-26T02:00:00Z', 36, now, MANILA)).toBe(true);
  });
});

describe('how overdue a patient is', () => {
  it('is counted in whole months, then days', () => {
    expect(overdueBy('2026-11-26', '2026-11-26')).toEqual({ months: 0, days: 0 });
    expect(overdueBy('2026-11-14', '2026-11-26')).toEqual({ months: 0, days: 12 });
    expect(overdueBy('2026-08-22', '2026-11-26')).toEqual({ months: 3, days: 4 });
    expect(overdueBy('2026-01-31', '2026-02-28')).toEqual({ months: 1, days: 0 });
  });

  it('reads as staff say it', () => {
    expect(overdueText('2026-11-26', '2026-11-26')).toBe('Due today');
    expect(overdueText('2026-11-25', '2026-11-26')).toBe('1 day');
    expect(overdueText('2026-10-26', '2026-11-26')).toBe('1 month');
    expect(overdueText('2026-08-22', '2026-11-26')).toBe('3 months 4 days');
  });
});

describe("a row's Send recall", () => {
  const now = new Date('2026-11-26T04:00:00Z');

  it('is offered to a patient with a Messenger id who was not recalled in the last 30 days', () => {
    expect(recallAction({ has_messenger_id: true, last_recall_at: null, recalled_until: null }, now, MANILA)).toEqual({
      kind: 'send',
    });
    // Recalled 31 days ago: the block ended yesterday.
    expect(
      recallAction(
        { has_messenger_id: true, last_recall_at: '2026-10-26T03:00:00Z', recalled_until: '2026-11-25T03:00:00Z' },
        now,
        MANILA,
      ),
    ).toEqual({ kind: 'send' });
  });

  it('says "Recalled <date>" in clinic time within 30 days of a recall', () => {
    const action = recallAction(
      { has_messenger_id: true, last_recall_at: '2026-11-09T17:00:00Z', recalled_until: '2026-12-09T17:00:00Z' },
      now,
      MANILA,
    );
    expect(action).toEqual({
      kind: 'recalled',
      on: 'Nov 10',
      reason: 'Another recall can be sent from Dec 10, 2026.',
    });
  });

  it('is disabled with a reason for a patient without a Messenger id', () => {
    expect(recallAction({ has_messenger_id: false, last_recall_at: null, recalled_until: null }, now, MANILA)).toEqual({
      kind: 'no-messenger',
      reason: "No Messenger ID: add it on the patient's record to send a recall.",
    });
  });
});
