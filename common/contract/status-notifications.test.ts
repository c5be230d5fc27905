import { describe, expect, it } from 'vitest';
import { statusNotificationBodySchema, statusNotificationResponseSchema } from './status-notifications';

const firstProblem = (body: unknown) => statusNotificationBodySchema.safeParse(body).error?.issues[0]?.message;

describe('statusNotificationBodySchema', () => {
  it('when the body has a status, a message and a clinic, then it is accepted as sent', () => {
    const body = { status: 'Cancelled', message: 'See you soon.', clinic_id: 7 };
    expect(statusNotificationBodySchema.parse(body)).toEqual(body);
  });

  it('when the message is left out or null, then it is accepted (the service writes the default text)', () => {
    expect(statusNotificationBodySchema.parse({ status: 'Confirmed', clinic_id: 7 })).toEqual({
      status: 'Confirmed',
      clinic_id: 7,
    });
    expect(statusNotificationBodySchema.safeParse({ status: 'Confirmed', message: null, clinic_id: 7 }).success).toBe(
      true,
    );
  });

  it.each([
    [
      'a status that is not one of the five',
      { status: 'Done' },
      'status must be one of Scheduled, Confirmed, Completed, No Show, Cancelled.',
    ],
    ['no status', { status: undefined }, 'status must be one of Scheduled, Confirmed, Completed, No Show, Cancelled.'],
    ['a message that is not text', { message: 42 }, 'message must be text.'],
    ['a message over 1000 characters', { message: 'x'.repeat(1001) }, 'message must be at most 1000 characters.'],
    ['no clinic', { clinic_id: undefined }, 'clinic_id must be a positive whole number.'],
    ['a clinic id as text', { clinic_id: '7' }, 'clinic_id must be a positive whole number.'],
    ['a clinic id of 0', { clinic_id: 0 }, 'clinic_id must be a positive whole number.'],
    ['a fractional clinic id', { clinic_id: 1.5 }, 'clinic_id must be a positive whole number.'],
    ['a clinic id beyond safe integers', { clinic_id: 2 ** 53 }, 'clinic_id must be a positive whole number.'],
  ])('when the body has %s, then it is refused saying so', (_case, change, message) => {
    expect(firstProblem({ status: 'Confirmed', message: 'Hi', clinic_id: 7, ...change })).toBe(message);
  });
});

describe('statusNotificationResponseSchema', () => {
  it('when the service answers what it sent and how, then it is read', () => {
    const answer = { ok: true, messageId: 'm_1', via: 'template' };
    expect(statusNotificationResponseSchema.parse(answer)).toEqual(answer);
  });

  it.each([[{ ok: false }], [{ via: 'sms' }], [{ messageId: 1 }]])(
    'when the answer has %j, then it is refused',
    (change) => {
      expect(
        statusNotificationResponseSchema.safeParse({ ok: true, messageId: 'm_1', via: 'message', ...change }).success,
      ).toBe(false);
    },
  );
});
