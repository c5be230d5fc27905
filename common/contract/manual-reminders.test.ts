import { describe, expect, it } from 'vitest';
import { manualReminderBodySchema, manualReminderResponseSchema } from './manual-reminders';

const valid = { days_ahead: 2, message_override: 'Bring your X-rays.', recipient_override: '2400000000000001' };
const firstProblem = (body: unknown) => manualReminderBodySchema.safeParse(body).error?.issues[0]?.message;

describe('manualReminderBodySchema', () => {
  it('when the body has days ahead and both overrides, then it is accepted as sent', () => {
    expect(manualReminderBodySchema.parse(valid)).toEqual(valid);
  });

  it('when the overrides are left out, null or blank, then it is accepted (the defaults apply)', () => {
    expect(manualReminderBodySchema.parse({ days_ahead: 1 })).toEqual({ days_ahead: 1 });
    expect(
      manualReminderBodySchema.safeParse({ days_ahead: 365, message_override: null, recipient_override: null }).success,
    ).toBe(true);
    expect(
      manualReminderBodySchema.safeParse({ days_ahead: 1, message_override: '', recipient_override: '  ' }).success,
    ).toBe(true);
  });

  it.each([
    ['no days ahead', { days_ahead: undefined }, 'days_ahead must be a whole number of days from 1 to 365.'],
    ['0 days ahead', { days_ahead: 0 }, 'days_ahead must be a whole number of days from 1 to 365.'],
    ['366 days ahead', { days_ahead: 366 }, 'days_ahead must be a whole number of days from 1 to 365.'],
    ['fractional days ahead', { days_ahead: 1.5 }, 'days_ahead must be a whole number of days from 1 to 365.'],
    ['days ahead as text', { days_ahead: '2' }, 'days_ahead must be a whole number of days from 1 to 365.'],
    ['a message override that is not text', { message_override: ['x'] }, 'message_override must be text.'],
    [
      'a message override over 1000 characters',
      { message_override: 'x'.repeat(1001) },
      'message_override must be at most 1000 characters.',
    ],
    [
      'a recipient override that is not text',
      { recipient_override: 2400000000000001 },
      'recipient_override must be a Messenger ID.',
    ],
    [
      'a recipient override over 100 characters',
      { recipient_override: '1'.repeat(101) },
      'recipient_override must be at most 100 characters.',
    ],
    [
      'a recipient override with spaces inside',
      { recipient_override: '2400 0001' },
      'recipient_override must be a Messenger ID (letters, digits, ".", "_", ":" or "-").',
    ],
  ])('when the body has %s, then it is refused saying so', (_case, change, message) => {
    expect(firstProblem({ ...valid, ...change })).toBe(message);
  });
});

describe('manualReminderResponseSchema', () => {
  const answer = {
    ok: true,
    messageId: 'm_1',
    via: 'message',
    reminder: {
      id: 12,
      sent_on: '2026-11-21T01:00:00.000Z',
      days_ahead: 2,
      messenger_id: '2400000000000001',
      is_manual: true,
    },
  };

  it('when the service answers the send and its log row, then it is read', () => {
    expect(manualReminderResponseSchema.parse(answer)).toEqual(answer);
  });

  it.each([
    ['an automated log row', { is_manual: false }],
    ['a sent_on that is not an instant', { sent_on: 'yesterday' }],
    ['a text id', { id: '12' }],
  ])('when the log row is %s, then it is refused', (_case, change) => {
    expect(
      manualReminderResponseSchema.safeParse({ ...answer, reminder: { ...answer.reminder, ...change } }).success,
    ).toBe(false);
  });
});
