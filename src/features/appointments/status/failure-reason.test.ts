import { describe, expect, it } from 'vitest';
import { RequestError, toRequestError } from '@/lib/request-error';
import { canRetry, failureReason } from './failure-reason';

describe('the reason under a failed row action', () => {
  it('says the appointment is gone, was changed meanwhile, or the server could not be reached', () => {
    expect(failureReason(new RequestError('gone'))).toBe(
      'This appointment no longer exists. It may have been deleted in another tab or by another user. The list has been refreshed.',
    );
    expect(failureReason(new RequestError('changed'))).toBe(
      'Someone else changed this appointment meanwhile. The list now shows its latest state; please try again.',
    );
    expect(failureReason(toRequestError({ code: '', message: 'TypeError: Failed to fetch' }, 0))).toBe(
      'Please check your connection and try again.',
    );
  });

  it("says the role may not do it for the database's 42501", () => {
    expect(failureReason(toRequestError({ code: '42501', message: 'permission denied' }, 403))).toBe(
      'Your role may not change this appointment.',
    );
  });

  it('adds nothing for other failures, nor for errors that are not request errors', () => {
    expect(failureReason(toRequestError({ code: 'XX000', message: 'boom' }, 500))).toBeUndefined();
    expect(failureReason(toRequestError({ code: '23P01', message: 'x' }, 409))).toBeUndefined();
    expect(failureReason(new Error('boom'))).toBeUndefined();
  });
});

describe('whether a failed request is worth retrying', () => {
  it('is, when nothing answered or the server failed without a refusal', () => {
    expect(canRetry(toRequestError({ code: '', message: 'TypeError: Failed to fetch' }, 0))).toBe(true);
    expect(canRetry(toRequestError({ code: 'XX000', message: 'boom' }, 500))).toBe(true);
    expect(canRetry(toRequestError({ code: '57014', message: 'statement timeout' }, 500))).toBe(true);
  });

  it("is not, for the database's refusals, a missing row, a role that may not, or anything else", () => {
    const closed = { code: 'PT409', message: 'done or declined', hint: 'plan_item_closed' };
    expect(canRetry(toRequestError(closed, 409))).toBe(false);
    expect(canRetry(toRequestError({ code: 'P0001', message: 'x', hint: 'plan_item_closed' }, 500))).toBe(false);
    expect(canRetry(toRequestError({ code: 'PT404', message: 'gone' }, 404))).toBe(false);
    expect(canRetry(toRequestError({ code: '42501', message: 'permission denied' }, 403))).toBe(false);
    expect(canRetry(new Error('boom'))).toBe(false);
  });
});
