import { describe, expect, it } from 'vitest';
import { RequestError, toRequestError } from '@/lib/request-error';
import { failureReason } from './failure-reason';

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
