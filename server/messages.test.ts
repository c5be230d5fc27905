import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES } from '@common/contract';
import { customText, defaultReminderText, statusNoticeText } from './messages';

const facts = {
  patientName: 'Maria Santos',
  clinicName: 'Smile Dental',
  dentistName: 'Dr. Andrea Villanueva',
  // 09:00 in Manila (+08:00) on a Saturday.
  appointmentTime: new Date('2026-11-21T01:00:00Z'),
  timeZone: 'Asia/Manila',
};

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
});

describe('defaultReminderText', () => {
  it('says when, relative to the day it is sent, and what the quick replies do', () => {
    expect(defaultReminderText({ ...facts, daysAhead: 1 })).toBe(
      'Hi Maria Santos, this is a reminder of your appointment with Dr. Andrea Villanueva at Smile Dental tomorrow, Saturday, 21 November 2026 at 9:00 AM. Tap Confirm to confirm it, or Cancel if you cannot come.',
    );
    expect(defaultReminderText({ ...facts, daysAhead: 0 })).toContain('at Smile Dental today, Saturday');
    expect(defaultReminderText({ ...facts, daysAhead: 3 })).toContain('at Smile Dental in 3 days, Saturday');
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
