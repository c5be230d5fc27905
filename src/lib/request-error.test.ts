import { describe, expect, it } from 'vitest';
import { firstRowOrGone, RequestError, requestErrorOf, throwOnError, toRequestError } from './request-error';
import { TimeoutError } from './with-timeout';

const postgrestError = (code: string, message = 'x') => ({ code, message, details: '', hint: '' });

describe('classifying a PostgREST answer', () => {
  it('takes status 0 (nothing answered) as unreachable, whatever the code and message', () => {
    const error = toRequestError(postgrestError('', 'TypeError: Failed to fetch'), 0);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ kind: 'unreachable', code: undefined, status: 0 });
    expect(toRequestError(postgrestError('23P01'), 0).kind).toBe('unreachable');
  });

  it.each([
    ['PT404', 404, 'gone'],
    ['P0002', 500, 'gone'],
    ['PT409', 409, 'changed'],
    ['PT403', 403, 'forbidden'],
    ['23P01', 400, 'conflict'],
    ['23514', 400, 'constraint'],
    ['23505', 409, 'duplicate'],
    ['42501', 403, 'forbidden'],
    ['42501', 401, 'forbidden'],
    ['PGRST301', 401, 'unauthenticated'],
    ['PGRST303', 401, 'unauthenticated'],
    ['23503', 409, 'failed'],
    ['PGRST000', 503, 'failed'],
    ['XX000', 500, 'failed'],
  ] as const)('takes %s (HTTP %i) as %s', (code, status, kind) => {
    expect(toRequestError(postgrestError(code), status)).toMatchObject({ kind, code, status });
  });

  it('takes HTTP 403 without a known code as forbidden', () => {
    expect(toRequestError(postgrestError(''), 403).kind).toBe('forbidden');
  });

  it("takes PGRST116 ('0 rows' of .single()) as gone only for a write that must hit a row", () => {
    expect(toRequestError(postgrestError('PGRST116'), 406).kind).toBe('failed');
    expect(toRequestError(postgrestError('PGRST116'), 406, { noRowIsGone: true }).kind).toBe('gone');
  });

  it('keeps the answer as the cause and names the kind and code in its message, not the server text', () => {
    const answer = postgrestError('23P01', 'This slot may already be taken');
    const error = toRequestError(answer, 409);
    expect(error.cause).toBe(answer);
    expect(error.message).toBe('request conflict (23P01)');
    expect(error.name).toBe('RequestError');
  });
});

describe('classifying anything thrown', () => {
  it('keeps a RequestError as it is', () => {
    const error = new RequestError('changed');
    expect(requestErrorOf(error)).toBe(error);
  });

  it("takes fetch's TypeError and timeouts as unreachable", () => {
    expect(requestErrorOf(new TypeError('Failed to fetch')).kind).toBe('unreachable');
    expect(requestErrorOf(new TimeoutError(15_000)).kind).toBe('unreachable');
    expect(requestErrorOf(new DOMException('signal timed out', 'TimeoutError')).kind).toBe('unreachable');
  });

  it('reads a PostgREST error object thrown as it is by its code; without a code, a failed fetch is unreachable', () => {
    expect(requestErrorOf(postgrestError('P0002'))).toMatchObject({ kind: 'gone', code: 'P0002' });
    expect(requestErrorOf(postgrestError('42501')).kind).toBe('forbidden');
    expect(requestErrorOf(postgrestError('', 'TypeError: Failed to fetch')).kind).toBe('unreachable');
    expect(requestErrorOf(postgrestError('', 'Bad gateway')).kind).toBe('failed');
  });

  it('takes anything else as failed, keeping it as the cause', () => {
    const thrown = new Error('boom');
    expect(requestErrorOf(thrown)).toMatchObject({ kind: 'failed', cause: thrown });
    expect(requestErrorOf('weird').kind).toBe('failed');
    expect(requestErrorOf(undefined).kind).toBe('failed');
  });
});

describe('throwing on a failed answer', () => {
  it("answers the data of a successful answer, and throws a failed one's error classified", () => {
    expect(throwOnError({ data: [{ id: 1 }], error: null, status: 200 })).toEqual([{ id: 1 }]);
    expect(() => throwOnError({ data: null, error: postgrestError('23505'), status: 409 })).toThrow(
      expect.objectContaining({ kind: 'duplicate', code: '23505', status: 409 }),
    );
    expect(() =>
      throwOnError({ data: null, error: postgrestError('PGRST116'), status: 406 }, { noRowIsGone: true }),
    ).toThrow(expect.objectContaining({ kind: 'gone' }));
  });

  it('takes a write that asked its row back and got none as gone', () => {
    expect(firstRowOrGone([{ id: 7 }, { id: 8 }])).toEqual({ id: 7 });
    expect(() => firstRowOrGone([])).toThrow(expect.objectContaining({ kind: 'gone', code: undefined }));
  });
});
