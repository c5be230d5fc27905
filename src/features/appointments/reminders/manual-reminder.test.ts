import { describe, expect, it } from 'vitest';
import { BROWSER_TIME_ZONES, fixSystemClock, inBrowserTimeZone } from '@common/clinic-calendar/testing/browser-zone';
import { ServiceError } from '@/lib/service-client';
import { manualReminderRequest, sendFailureText } from './manual-reminder';
import { SEND_NO_REASON_TEXT } from './messages';

fixSystemClock();

const MANILA = 'Asia/Manila';
// Friday 20 November 2026, 23:30 in Manila (15:30Z).
const LATE_FRIDAY = new Date('2026-11-20T15:30:00Z');
const MONDAY_NINE = '2026-11-23T09:00:00+08:00';
const blank = { message: '', recipientOverride: '' };

describe('the manual reminder request', () => {
  it('carries the whole days to the appointment and leaves blank overrides out', () => {
    expect(manualReminderRequest(blank, MONDAY_NINE, LATE_FRIDAY, MANILA)).toEqual({
      ok: true,
      body: { days_ahead: 3 },
    });
  });

  it('carries the trimmed custom message and Messenger id when given', () => {
    expect(
      manualReminderRequest(
        { message: '  Please come 10 minutes early.  ', recipientOverride: ' 24680135792468 ' },
        MONDAY_NINE,
        LATE_FRIDAY,
        MANILA,
      ),
    ).toEqual({
      ok: true,
      body: { days_ahead: 3, message_override: 'Please come 10 minutes early.', recipient_override: '24680135792468' },
    });
  });

  it('asks for at least one day, also for an appointment today or without a date', () => {
    const today = manualReminderRequest(blank, '2026-11-20T09:00:00+08:00', LATE_FRIDAY, MANILA);
    expect(today.ok && today.body.days_ahead).toBe(1);
    const none = manualReminderRequest(blank, null, LATE_FRIDAY, MANILA);
    expect(none.ok && none.body.days_ahead).toBe(1);
  });

  it('gives the same days in every browser time zone', () => {
    for (const zone of BROWSER_TIME_ZONES) {
      const result = inBrowserTimeZone(zone, () => manualReminderRequest(blank, MONDAY_NINE, LATE_FRIDAY, MANILA));
      expect(result, zone).toEqual({ ok: true, body: { days_ahead: 3 } });
    }
  });

  it('refuses a message over 1000 characters, a Messenger id over 100 or with other characters', () => {
    expect(manualReminderRequest({ ...blank, message: 'a'.repeat(1001) }, MONDAY_NINE, LATE_FRIDAY, MANILA)).toEqual({
      ok: false,
      problem: 'message-too-long',
    });
    expect(
      manualReminderRequest({ ...blank, recipientOverride: '1'.repeat(101) }, MONDAY_NINE, LATE_FRIDAY, MANILA),
    ).toEqual({ ok: false, problem: 'recipient-too-long' });
    expect(manualReminderRequest({ ...blank, recipientOverride: '123 456' }, MONDAY_NINE, LATE_FRIDAY, MANILA)).toEqual(
      { ok: false, problem: 'recipient-invalid' },
    );
    expect(
      manualReminderRequest({ ...blank, recipientOverride: '<script>' }, MONDAY_NINE, LATE_FRIDAY, MANILA),
    ).toEqual({ ok: false, problem: 'recipient-invalid' });
    const allowed = manualReminderRequest(
      { ...blank, recipientOverride: 'psid_1.2:3-4' },
      MONDAY_NINE,
      LATE_FRIDAY,
      MANILA,
    );
    expect(allowed.ok && allowed.body.recipient_override).toBe('psid_1.2:3-4');
  });

  it('counts the message as the service does, so 1000 emoji pass and 1001 do not', () => {
    const emoji = (count: number) => ({ ...blank, message: '😀'.repeat(count) });
    const atLimit = manualReminderRequest(emoji(1000), MONDAY_NINE, LATE_FRIDAY, MANILA);
    expect(atLimit.ok && atLimit.body.message_override).toBe('😀'.repeat(1000));
    expect(manualReminderRequest(emoji(1001), MONDAY_NINE, LATE_FRIDAY, MANILA)).toEqual({
      ok: false,
      problem: 'message-too-long',
    });
  });

  it('refuses an appointment more than 365 days away, which the service would refuse', () => {
    // Friday 20 November 2026 in Manila: 365 days later is Saturday 20 November 2027.
    const lastDay = manualReminderRequest(blank, '2027-11-20T09:00:00+08:00', LATE_FRIDAY, MANILA);
    expect(lastDay.ok && lastDay.body.days_ahead).toBe(365);
    expect(manualReminderRequest(blank, '2027-11-22T09:00:00+08:00', LATE_FRIDAY, MANILA)).toEqual({
      ok: false,
      problem: 'too-far-ahead',
    });
  });
});

describe('the text of a failed send', () => {
  it("is the service's error text", () => {
    expect(sendFailureText(new ServiceError('The patient has no Messenger ID.', 422))).toBe(
      'The patient has no Messenger ID.',
    );
    expect(sendFailureText(new ServiceError('Failed to send reminder.', 500))).toBe('Failed to send reminder.');
  });

  it('asks to try again when the service could not be reached or there is no text', () => {
    expect(sendFailureText(new ServiceError('Failed to send reminder.', 0))).toBe(SEND_NO_REASON_TEXT);
    expect(sendFailureText(new Error('boom'))).toBe(SEND_NO_REASON_TEXT);
    expect(SEND_NO_REASON_TEXT).toBe('Could not send the reminder. Please try again.');
  });
});
