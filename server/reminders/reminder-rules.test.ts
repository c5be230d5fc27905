import { describe, expect, it } from 'vitest';
import {
  CLINIC_NOT_CONNECTED,
  NO_GUARDIAN_MESSENGER_ID,
  NO_PATIENT_MESSENGER_ID,
  clinicReminderDay,
  daysUntilAppointment,
  dueDaysAhead,
  manualReminderSentToday,
  nextPassDelayMs,
  noLongerDueReason,
  rateLimitPauseMs,
  reminderRecipient,
  reminderText,
  verdictFor,
  type ReminderCandidate,
} from './reminder-rules';

const MANILA = { timeZone: 'Asia/Manila', reminderTime: '09:00:00' };
// Monday 2031-03-10, 09:30 in Manila (01:30 UTC); still Sunday evening in New York.
const MONDAY_0930_MANILA = new Date('2031-03-10T01:30:00Z');

const candidate = (overrides: Partial<ReminderCandidate> = {}): ReminderCandidate => ({
  // Tuesday 2031-03-11, 10:00 in Manila
  appointmentTime: '2031-03-11T02:00:00+00:00',
  status: 'Scheduled',
  deleted: false,
  reminderEnabled: true,
  reminderDays: [1],
  ...overrides,
});

describe('clinicReminderDay', () => {
  it("when the clinic's local time is past its reminder time, then today's reminders are due", () => {
    expect(clinicReminderDay(MONDAY_0930_MANILA, MANILA)).toEqual({
      today: '2031-03-10',
      reached: true,
      msUntilReminderTime: 0,
    });
  });

  it('when the reminder time is a minute away in clinic time, then it is not reached and says how long', () => {
    const at0859 = new Date('2031-03-10T00:59:00Z');
    expect(clinicReminderDay(at0859, MANILA)).toEqual({
      today: '2031-03-10',
      reached: false,
      msUntilReminderTime: 60_000,
    });
  });

  it('when it is exactly the reminder time, then it is reached', () => {
    expect(clinicReminderDay(new Date('2031-03-10T01:00:00Z'), MANILA).reached).toBe(true);
  });

  it("when the UTC date differs from the clinic's, then the clinic's date is today", () => {
    // 2031-03-10 20:00 UTC is already 04:00 on the 11th in Manila: before 09:00 there.
    expect(clinicReminderDay(new Date('2031-03-10T20:00:00Z'), MANILA)).toMatchObject({
      today: '2031-03-11',
      reached: false,
    });
    // The same instant in a New York clinic is 16:00 on the 10th: past 09:00.
    expect(
      clinicReminderDay(new Date('2031-03-10T20:00:00Z'), { timeZone: 'America/New_York', reminderTime: '09:00' }),
    ).toMatchObject({ today: '2031-03-10', reached: true });
  });
});

describe('clinicReminderDay across a daylight-saving change', () => {
  it('when the clocks spring forward before the reminder time, then the wait is an hour shorter than the wall clock says', () => {
    // New York, Sunday 2031-03-09: 00:00 EST is 05:00Z; 09:00 EDT is 13:00Z, eight hours later.
    expect(
      clinicReminderDay(new Date('2031-03-09T05:00:00Z'), { timeZone: 'America/New_York', reminderTime: '09:00' }),
    ).toEqual({ today: '2031-03-09', reached: false, msUntilReminderTime: 8 * 3_600_000 });
  });

  it('when the reminder time or the zone cannot be read, then it throws a RangeError', () => {
    expect(() => clinicReminderDay(MONDAY_0930_MANILA, { timeZone: 'Asia/Manila', reminderTime: '9am' })).toThrow(
      RangeError,
    );
    expect(() => clinicReminderDay(MONDAY_0930_MANILA, { timeZone: 'Mars/Olympus', reminderTime: '09:00' })).toThrow(
      RangeError,
    );
  });
});

describe('daysUntilAppointment', () => {
  it('when the appointment is on the next clinic date, then it is 1 day ahead whatever the hour', () => {
    expect(daysUntilAppointment('2031-03-10T16:30:00Z', '2031-03-10', 'Asia/Manila')).toBe(1); // 00:30 on the 11th
    expect(daysUntilAppointment('2031-03-11T15:59:00Z', '2031-03-10', 'Asia/Manila')).toBe(1); // 23:59 on the 11th
  });

  it('when counting across a daylight-saving change, then whole calendar days are counted', () => {
    // New York moves to daylight time on 2031-03-09.
    expect(daysUntilAppointment('2031-03-10T14:00:00Z', '2031-03-08', 'America/New_York')).toBe(2);
  });
});

describe('dueDaysAhead', () => {
  it('when the appointment is tomorrow in clinic time and 1 is a reminder day, then it is due 1 day ahead', () => {
    expect(dueDaysAhead(candidate(), MONDAY_0930_MANILA, 'Asia/Manila')).toBe(1);
  });

  it('when the whole days until it are not in reminder_days, then it is not due', () => {
    expect(dueDaysAhead(candidate({ reminderDays: [2, 3] }), MONDAY_0930_MANILA, 'Asia/Manila')).toBeNull();
  });

  it('when 0 is a reminder day and the appointment is later today, then it is due 0 days ahead', () => {
    const laterToday = candidate({ appointmentTime: '2031-03-10T06:00:00Z', reminderDays: [0, 1] });
    expect(dueDaysAhead(laterToday, MONDAY_0930_MANILA, 'Asia/Manila')).toBe(0);
  });

  it('when the appointment has already started, then it is not due', () => {
    const earlierToday = candidate({ appointmentTime: '2031-03-10T01:00:00Z', reminderDays: [0] });
    expect(dueDaysAhead(earlierToday, MONDAY_0930_MANILA, 'Asia/Manila')).toBeNull();
  });

  it.each([
    ['reminders are off', { reminderEnabled: false }],
    ['it is deleted', { deleted: true }],
    ['it is Cancelled', { status: 'Cancelled' }],
    ['it is Completed', { status: 'Completed' }],
    ['it is a No Show', { status: 'No Show' }],
  ])('when %s, then it is not due', (_, overrides) => {
    expect(dueDaysAhead(candidate(overrides), MONDAY_0930_MANILA, 'Asia/Manila')).toBeNull();
  });

  it('when it is Confirmed, then it is due like a Scheduled one', () => {
    expect(dueDaysAhead(candidate({ status: 'Confirmed' }), MONDAY_0930_MANILA, 'Asia/Manila')).toBe(1);
  });

  it("when the clinic is in another zone, then that zone's dates count, not the server's", () => {
    // At 01:30 UTC it is still the 9th in New York, and 2031-03-11 02:00 UTC is the 10th, 22:00 there: 1 day.
    expect(dueDaysAhead(candidate({ reminderDays: [1] }), MONDAY_0930_MANILA, 'America/New_York')).toBe(1);
    expect(dueDaysAhead(candidate({ reminderDays: [2] }), MONDAY_0930_MANILA, 'America/New_York')).toBeNull();
  });
});

describe('reminderRecipient', () => {
  it("when the recipient is the patient, then the patient's Messenger ID is used", () => {
    expect(
      reminderRecipient({ recipientType: 'patient', patientMessengerId: 'psid-p', guardianMessengerId: 'psid-g' }),
    ).toEqual({ ok: true, messengerId: 'psid-p' });
  });

  it("when the recipient is the guardian, then the appointment's guardian Messenger ID is used", () => {
    expect(
      reminderRecipient({ recipientType: 'guardian', patientMessengerId: 'psid-p', guardianMessengerId: 'psid-g' }),
    ).toEqual({ ok: true, messengerId: 'psid-g' });
  });

  it('when the chosen recipient has no Messenger ID, then the reason says whose is missing', () => {
    expect(reminderRecipient({ recipientType: 'patient', patientMessengerId: null, guardianMessengerId: 'g' })).toEqual(
      {
        ok: false,
        error: NO_PATIENT_MESSENGER_ID,
      },
    );
    expect(
      reminderRecipient({ recipientType: 'guardian', patientMessengerId: 'p', guardianMessengerId: null }),
    ).toEqual({
      ok: false,
      error: NO_GUARDIAN_MESSENGER_ID,
    });
    expect(CLINIC_NOT_CONNECTED).toMatch(/not connected to a Facebook page/);
  });
});

describe('reminderText', () => {
  it('when the appointment has its own message, then that message is sent', () => {
    expect(reminderText('See you at 10!', () => 'default')).toBe('See you at 10!');
  });

  it('when the message is null or blank, then the default is sent', () => {
    expect(reminderText(null, () => 'default')).toBe('default');
    expect(reminderText('   ', () => 'default')).toBe('default');
  });
});

describe('verdictFor', () => {
  const transient = { ok: false as const, error: 'Meta is not answering right now.', transient: true };

  it('when Meta accepted the message, then it is sent', () => {
    expect(verdictFor({ ok: true, messageId: 'm1', via: 'message' }, 1)).toEqual({ outcome: 'sent' });
  });

  it('when a transient error comes on the 1st, 2nd and 3rd attempt, then it is retried after 1, 5 and 15 minutes', () => {
    expect(verdictFor(transient, 1)).toEqual({ outcome: 'retry', retryInMs: 60_000 });
    expect(verdictFor(transient, 2)).toEqual({ outcome: 'retry', retryInMs: 300_000 });
    expect(verdictFor(transient, 3)).toEqual({ outcome: 'retry', retryInMs: 900_000 });
  });

  it('when the 4th attempt fails transiently too, then it has failed with the reason and the count', () => {
    expect(verdictFor(transient, 4)).toEqual({
      outcome: 'failed',
      error: 'Meta is not answering right now. (gave up after 4 attempts)',
    });
  });

  it('when the error is permanent, then it fails at once with the staff-readable reason', () => {
    expect(
      verdictFor({ ok: false, error: 'This person is not available.', transient: false, metaCode: 551 }, 1),
    ).toEqual({
      outcome: 'failed',
      error: 'This person is not available.',
    });
  });

  it.each([4, 17, 32, 613])('when Meta answers rate limit code %i, then the message waits and is resent', (code) => {
    expect(verdictFor({ ok: false, error: 'Too many messages', transient: true, metaCode: code }, 3)).toEqual({
      outcome: 'rate-limited',
    });
  });
});

describe('rateLimitPauseMs', () => {
  it('when rate limits continue, then the pause doubles up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => rateLimitPauseMs(n, 1_000, 30_000))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('nextPassDelayMs', () => {
  const passStartedAt = new Date('2031-03-10T00:58:00Z'); // 08:58 in Manila

  it('when no reminder time comes sooner, then the next pass is one interval after the last one started', () => {
    const now = new Date('2031-03-10T01:30:02Z');
    expect(
      nextPassDelayMs({ now, passStartedAt: new Date('2031-03-10T01:30:00Z'), intervalMs: 60_000, clinics: [MANILA] }),
    ).toBe(58_000);
  });

  it("when a clinic's reminder time comes before the interval ends, then the next pass starts on it", () => {
    const now = new Date('2031-03-10T00:59:30Z'); // 08:59:30 in Manila
    expect(nextPassDelayMs({ now, passStartedAt: now, intervalMs: 60_000, clinics: [MANILA] })).toBe(30_000);
  });

  it('when the pass took longer than the interval, then the next starts at once', () => {
    const now = new Date('2031-03-10T00:59:10Z');
    expect(nextPassDelayMs({ now, passStartedAt, intervalMs: 60_000, clinics: [] })).toBe(0);
  });

  it('when a clinic has an unknown time zone, then it is left out rather than breaking the schedule', () => {
    const now = new Date('2031-03-10T01:30:00Z');
    expect(
      nextPassDelayMs({
        now,
        passStartedAt: now,
        intervalMs: 60_000,
        clinics: [{ timeZone: 'Mars/Olympus', reminderTime: '09:00' }],
      }),
    ).toBe(60_000);
  });
});

describe('noLongerDueReason', () => {
  // The reminder claimed on Monday, a day before the appointment as it then was.
  const claim = { daysAhead: 1, forAppointmentTime: candidate().appointmentTime };

  it('when the claimed day is still due, then there is no reason', () => {
    expect(noLongerDueReason(candidate(), claim, MONDAY_0930_MANILA, 'Asia/Manila')).toBeNull();
  });

  it.each([
    ['deleted', { deleted: true }, 'Not sent: the appointment was deleted before the reminder could go out.'],
    ['cancelled', { status: 'Cancelled' }, 'Not sent: the appointment was cancelled before the reminder could go out.'],
    [
      'marked No Show',
      { status: 'No Show' },
      'Not sent: the appointment was marked No Show before the reminder could go out.',
    ],
    [
      'marked Completed',
      { status: 'Completed' },
      'Not sent: the appointment was marked Completed before the reminder could go out.',
    ],
    [
      'in the past',
      { appointmentTime: '2031-03-10T01:00:00+00:00' },
      'Not sent: the appointment had passed before the reminder could go out.',
    ],
    [
      'no longer reminded',
      { reminderEnabled: false },
      'Not sent: reminders were turned off for the appointment before the reminder could go out.',
    ],
    [
      'moved to another day',
      { appointmentTime: '2031-03-13T02:00:00+00:00' },
      'Not sent: the appointment was moved before the reminder could go out.',
    ],
    [
      'given other reminder days',
      { reminderDays: [2] },
      "Not sent: the appointment's reminder days were changed before the reminder could go out.",
    ],
  ] as const)('when the appointment was %s since the claim, then the log says so', (_case, change, reason) => {
    expect(noLongerDueReason(candidate(change), claim, MONDAY_0930_MANILA, 'Asia/Manila')).toBe(reason);
  });

  it("when a retry of Monday's reminder is taken up after the clinic's midnight, then the log says its day ended", () => {
    // Tuesday 00:30 in Manila: the appointment is today, unchanged; Monday's reminder is late.
    const tuesdayAfterMidnight = new Date('2031-03-10T16:30:00Z');
    expect(noLongerDueReason(candidate(), claim, tuesdayAfterMidnight, 'Asia/Manila')).toBe(
      'Not sent: the day it was due ended before the reminder could go out.',
    );
  });
});

describe('manualReminderSentToday', () => {
  const psid = '2400000000000001';
  // Monday 2031-03-10 in Manila: 08:10 there, and 23:50 the evening before.
  const thisMorning = '2031-03-10T00:10:00+00:00';
  const lastNight = '2031-03-09T15:50:00+00:00';

  it("when a manual reminder reached the same recipient on the clinic's today, then the automated one is not needed", () => {
    expect(
      manualReminderSentToday([{ messengerId: psid, sentOn: thisMorning }], psid, MONDAY_0930_MANILA, 'Asia/Manila'),
    ).toBe(true);
  });

  it('when it went to someone else, or on the clinic day before (even minutes before midnight), then it is needed', () => {
    const sends = [
      { messengerId: '2400000000000002', sentOn: thisMorning },
      { messengerId: psid, sentOn: lastNight },
      { messengerId: null, sentOn: thisMorning },
    ];
    expect(manualReminderSentToday(sends, psid, MONDAY_0930_MANILA, 'Asia/Manila')).toBe(false);
    expect(manualReminderSentToday([], psid, MONDAY_0930_MANILA, 'Asia/Manila')).toBe(false);
  });

  it("compares dates in the clinic's zone: for a New York clinic both instants are on Sunday 9 March", () => {
    expect(
      manualReminderSentToday([{ messengerId: psid, sentOn: lastNight }], psid, MONDAY_0930_MANILA, 'America/New_York'),
    ).toBe(true);
  });
});
