import { describe, expect, it } from 'vitest';
import { RequestError, toRequestError } from '@/lib/request-error';
import { pgError } from '@/testing/network';
import { updateFailureDetail } from './update-failure';

const refusal = (code: string, message: string, hint?: string) => {
  const error = pgError(code, message, { hint: hint ?? null });
  return toRequestError(error.body, error.status);
};

describe('the reason under a failed profile update', () => {
  it('words the database’s coded refusals, whatever their message says', () => {
    expect(updateFailureDetail(refusal('PT409', 'any text', 'last_admin'))).toBe(
      'A clinic must keep at least one admin.',
    );
    expect(updateFailureDetail(refusal('42501', 'any text', 'own_role_change'))).toBe(
      'You cannot change your own role.',
    );
    expect(updateFailureDetail(refusal('42501', 'any text', 'superadmin_by_service_only'))).toBe(
      'Only the service role can make someone a superadmin.',
    );
  });

  it('words any other refusal by its kind, never by the server’s sentence', () => {
    expect(updateFailureDetail(refusal('42501', 'You cannot change your own role.'))).toBe(
      'Your role may not do this.',
    );
    expect(updateFailureDetail(refusal('PT409', 'A clinic must keep at least one admin.'))).toBeUndefined();
    expect(updateFailureDetail(refusal('PT404', 'gone'))).toBe(
      'This user no longer exists. The list has been refreshed.',
    );
    expect(updateFailureDetail(new RequestError('unreachable'))).toBe(
      'Could not reach the server. Please check your connection and try again.',
    );
  });
});
