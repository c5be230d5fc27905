import { describe, expect, it } from 'vitest';
import { RequestError, toRequestError } from '@/lib/request-error';
import { failureDetail } from './failure-detail';

describe('the second line under a dentist failure', () => {
  it('says the dentist is gone for P0002 or a write that hit no row', () => {
    const gone = 'This dentist no longer exists. It may have been deleted in another tab.';
    expect(failureDetail(toRequestError({ code: 'P0002' }, 400))).toBe(gone);
    expect(failureDetail(new RequestError('gone'))).toBe(gone);
  });

  it('says the role may not change dentists when the database refuses it', () => {
    expect(failureDetail(toRequestError({ code: '42501' }, 403))).toBe('Your role may not change dentists.');
  });

  it('asks to check the connection when nothing answered', () => {
    const again = 'Please check your connection and try again.';
    expect(failureDetail(toRequestError({ code: '', message: 'TypeError: Failed to fetch' }, 0))).toBe(again);
    expect(failureDetail(new TypeError('Failed to fetch'))).toBe(again);
  });

  it('adds nothing for any other failure', () => {
    expect(failureDetail(toRequestError({ code: 'XX000' }, 500))).toBeUndefined();
    expect(failureDetail(new Error('boom'))).toBeUndefined();
  });
});
