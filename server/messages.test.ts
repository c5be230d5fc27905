import { describe, expect, it } from 'vitest';
import { BROWSER_TIME_ZONES, fixSystemClock, inBrowserTimeZone } from '@common/clinic-calendar/testing/browser-zone';
import { APPOINTMENT_STATUSES } from '@common/contract';
import { customText, defaultReminderText, statusNoticeText } from './messages';

fixSystemClock();

const facts = {
  patientName: 'Maria Santos',
  clinicName: 'Smile Dental',
  dentistName: 'Dr. Andrea Villanueva',
  // 09:00 in Manila (+08:00) on a Saturday.
  appointmentTime: new Date('2026-11-21T01:00:00Z'),
  timeZone: 'Asia/Manila',
};

// Monday 23 November 2026 in Manila (+08:00).
const at = (manilaTime: string) => new Date(`${manilaTime}+08:00`);
const laterToday = { ...facts, appointmentTime: at('2026-11-23T17:40:00') };

describe('statusNoticeText', () => {
  it('names the patient, the dentist, the clinic and the time for every status', () => {
    for (const status of APPOINTMENT_STATUSES) {
      const text = statusNoticeText({ ...facts, status });
      expect(text, status).toMatch(/^Hi Maria Santos, /);
      expect(text, status).toContain('Dr. Andrea Villanueva');
      expect(text, status).toContain('Smile Dental');
      expect(text, status).toContain('Saturday, 21 November 2026 at 9:00 AM');
    }
  });

  it('says what happened, in words a patient understands', () => {
    expect(statusNoticeText({ ...facts, status: 'Cancelled' })).toBe(
      'Hi Maria Santos, your appointment with Dr. Andrea Villanueva at Smile Dental on Saturday, 21 November 2026 at 9:00 AM has been cancelled. Please message us if you would like to book a new time.',
    );
    expect(statusNoticeText({ ...facts, status: 'Confirmed' })).toContain('is confirmed. See you then!');
    expect(statusNoticeText({ ...facts, status: 'Scheduled' })).toContain('is scheduled for Saturday');
    expect(statusNoticeText({ ...facts, status: 'Completed' })).toContain('thank you for visiting Smile Dental');
    expect(statusNoticeText({ ...facts, status: 'No Show' })).toContain('we missed you');
  });

  it('when the appointment is later today, then the notice names its date, never "tomorrow"', () => {
    expect(statusNoticeText({ ...laterToday, status: 'Cancelled' })).toBe(
      'Hi Maria Santos, your appointment with Dr. Andrea Villanueva at Smile Dental on Monday, 23 November 2026 at 5:40 PM has been cancelled. Please message us if you would like to book a new time.',
    );
    for (const status of APPOINTMENT_STATUSES) {
      expect(statusNoticeText({ ...laterToday, status }), status).not.toMatch(/\b(today|tomorrow)\b/);
    }
  });
});

describe('defaultReminderText', () => {
  it('says when, from the clinic date of the appointment, and what the quick replies do', () => {
    expect(defaultReminderText({ ...facts, now: at('2026-11-20T09:00:00') })).toBe(
      'Hi Maria Santos, this is a reminder of your appointment with Dr. Andrea Villanueva at Smile Dental tomorrow, Saturday, 21 November 2026 at 9:00 AM. Tap Confirm to confirm it, or Cancel if you cannot come.',
    );
    expect(defaultReminderText({ ...facts, now: at('2026-11-21T07:00:00') })).toContain(
      'at Smile Dental today, Saturday',
    );
    expect(defaultReminderText({ ...facts, now: at('2026-11-18T23:00:00') })).toContain(
      'at Smile Dental in 3 days, Saturday',
    );
  });

  it('when the appointment is later today, then it says "today", not "tomorrow"', () => {
    expect(defaultReminderText({ ...laterToday, now: at('2026-11-23T09:15:00') })).toBe(
      'Hi Maria Santos, this is a reminder of your appointment with Dr. Andrea Villanueva at Smile Dental today, Monday, 23 November 2026 at 5:40 PM. Tap Confirm to confirm it, or Cancel if you cannot come.',
    );
  });

  it('when it is a minute before midnight in Manila, then the next day is "tomorrow"; a minute after, "today"', () => {
    const earlyTomorrow = { ...facts, appointmentTime: at('2026-11-24T09:00:00') };
    expect(defaultReminderText({ ...earlyTomorrow, now: at('2026-11-23T23:59:00') })).toContain(
      'Smile Dental tomorrow, Tuesday, 24 November 2026 at 9:00 AM.',
    );
    expect(defaultReminderText({ ...earlyTomorrow, now: at('2026-11-24T00:01:00') })).toContain(
      'Smile Dental today, Tuesday, 24 November 2026 at 9:00 AM.',
    );
  });

  it("counts days in the clinic's zone, not UTC's: 07:00 Manila is still the previous day in UTC", () => {
    // 2026-11-23T23:30Z is Tuesday 07:30 in Manila; in UTC it is still Monday.
    const tuesdayMorning = { ...facts, appointmentTime: at('2026-11-24T10:00:00') };
    expect(defaultReminderText({ ...tuesdayMorning, now: new Date('2026-11-23T23:30:00Z') })).toContain(
      'Smile Dental today, Tuesday',
    );
    expect(
      defaultReminderText({ ...tuesdayMorning, timeZone: 'America/New_York', now: new Date('2026-11-23T23:30:00Z') }),
    ).toContain('today, Monday, 23 November 2026 at 9:00 PM');
  });

  it('says the same whatever time zone the service itself runs in, and never reads the clock', () => {
    const text = defaultReminderText({ ...laterToday, now: at('2026-11-23T23:59:00') });
    expect(text).toContain('Smile Dental today, Monday, 23 November 2026 at 5:40 PM.');
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(zone, () => defaultReminderText({ ...laterToday, now: at('2026-11-23T23:59:00') })),
        zone,
      ).toBe(text);
    }
  });

  it('when the appointment day has passed, then it names the date without a relative word', () => {
    expect(defaultReminderText({ ...facts, now: at('2026-11-22T09:00:00') })).toContain(
      'at Smile Dental on Saturday, 21 November 2026 at 9:00 AM.',
    );
  });
});

describe('customText', () => {
  it('treats missing and blank messages as "use the default" and trims the rest', () => {
    expect(customText(undefined)).toBeNull();
    expect(customText(null)).toBeNull();
    expect(customText('  \n ')).toBeNull();
    expect(customText('  See you!  ')).toBe('See you!');
  });
});
