import { describe, expect, it } from 'vitest';
import { DATABASE_ERROR_CODES } from '@common/contract/error-codes';
import { REFUSAL_TEXT, refusalTextOf } from './refusal-text';
import { RequestError } from './request-error';

describe('the words for the database’s refusals', () => {
  it('has a sentence for every code of the contract, none of them Unknown', () => {
    for (const code of DATABASE_ERROR_CODES) {
      expect(REFUSAL_TEXT[code]).toMatch(/^[A-Z].*[.!]$/);
      expect(REFUSAL_TEXT[code]).not.toMatch(/unknown/i);
    }
  });

  it('reads the code on a PostgREST error or on the cause of a request error, and nothing else', () => {
    const refused = { code: '42501', message: 'reworded by the server', hint: 'superadmin_account_protected' };
    expect(refusalTextOf(refused)).toBe('Only the superadmin can change this account.');
    expect(refusalTextOf(new RequestError('forbidden', { cause: refused }))).toBe(
      'Only the superadmin can change this account.',
    );
    expect(refusalTextOf({ code: '42501', message: 'Only the superadmin can change this account.' })).toBeUndefined();
    expect(refusalTextOf({ hint: 'not_one_of_ours' })).toBeUndefined();
    expect(refusalTextOf(new Error('boom'))).toBeUndefined();
  });
});
