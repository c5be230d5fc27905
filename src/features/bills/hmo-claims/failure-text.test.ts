import { describe, expect, it } from 'vitest';
import { RequestError } from '@/lib/request-error';
import { hmoFailureText } from './failure-text';

describe('hmoFailureText', () => {
  it('when the answer was lost, then it does not promise that nothing was saved, and says a retry is safe', () => {
    const text = hmoFailureText(new RequestError('unreachable'));
    expect(text).not.toMatch(/nothing was changed/i);
    expect(text).toBe(
      'Network error: the change may or may not have been saved. Check the connection and try again; one that ' +
        'went through is not made twice.',
    );
  });

  it('when the database refused without a code, then the change was not saved', () => {
    expect(hmoFailureText(new RequestError('failed'))).toBe('The change could not be saved. Nothing was changed.');
  });
});
