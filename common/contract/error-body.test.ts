import { describe, expect, it } from 'vitest';
import { errorBodySchema } from './error-body';

describe('errorBodySchema', () => {
  it('when the body carries an error text, then it is read', () => {
    expect(errorBodySchema.parse({ error: 'Appointment not found.' })).toEqual({ error: 'Appointment not found.' });
  });

  it('when the body carries a code as well, then both are read', () => {
    expect(errorBodySchema.parse({ error: 'Your account has no staff profile.', code: 'no_profile' })).toEqual({
      error: 'Your account has no staff profile.',
      code: 'no_profile',
    });
  });

  it.each([[{}], [{ error: 42 }], [{ message: 'x' }], [null], ['Appointment not found.']])(
    'when the body is %j, then it is not an error body',
    (body) => {
      expect(errorBodySchema.safeParse(body).success).toBe(false);
    },
  );
});
