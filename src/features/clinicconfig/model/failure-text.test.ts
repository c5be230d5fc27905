import { describe, expect, it } from 'vitest';
import { RequestError } from '@/lib/request-error';
import { ServiceError } from '@/lib/service-client';
import { isFinalRefusal, saveFailureReason, serviceReason } from './failure-text';

describe('saveFailureReason', () => {
  it('tells a refused save by kind, never with the server’s raw words', () => {
    expect(saveFailureReason({ code: '42501', message: 'new row violates row-level security policy' })).toBe(
      'Your role may not do this.',
    );
    expect(saveFailureReason({ code: '23514', message: 'violates check constraint "clinics_name_check"' })).toBe(
      'A value was refused. Check the fields and try again.',
    );
    expect(saveFailureReason(new RequestError('gone'))).toBe('This clinic is no longer available.');
    expect(saveFailureReason(new TypeError('Failed to fetch'))).toBe(
      'Could not reach the server. Please check your connection and try again.',
    );
  });

  it('adds nothing for a failure it cannot explain', () => {
    expect(saveFailureReason(new Error('boom'))).toBeUndefined();
    expect(saveFailureReason({ code: 'XX000', message: 'internal' })).toBeUndefined();
  });
});

describe('serviceReason', () => {
  it('is the service’s error text, unless it only repeats what is shown', () => {
    const taken = new ServiceError('This Facebook page is already connected to another clinic.', 409);
    expect(serviceReason(taken, 'Failed to connect selected Facebook page.')).toBe(
      'This Facebook page is already connected to another clinic.',
    );
    const same = new ServiceError('Failed to connect selected Facebook page.', 502);
    expect(serviceReason(same, 'Failed to connect selected Facebook page.')).toBeUndefined();
    expect(serviceReason(new Error('not from the service'), 'x')).toBeUndefined();
  });
});

describe('isFinalRefusal', () => {
  it('ends the poll on refusals asking again cannot fix, not on hiccups', () => {
    for (const status of [400, 401, 403, 404]) expect(isFinalRefusal(new ServiceError('no', status))).toBe(true);
    for (const status of [0, 429, 500, 502, 503]) expect(isFinalRefusal(new ServiceError('hm', status))).toBe(false);
    expect(isFinalRefusal(new Error('other'))).toBe(false);
  });
});
