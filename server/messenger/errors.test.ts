import { describe, expect, it } from 'vitest';
import { mapMetaError, MESSENGER_ERRORS } from './errors';

describe('mapMetaError', () => {
  it.each([
    [400, { code: 190, message: 'Error validating access token' }, MESSENGER_ERRORS.token, false],
    [400, { code: 10, error_subcode: 2018278, message: 'outside window' }, MESSENGER_ERRORS.outsideWindow, false],
    [
      400,
      { code: 100, error_subcode: 2018001, message: 'No matching user found' },
      MESSENGER_ERRORS.invalidRecipient,
      false,
    ],
    [400, { code: 551, message: "This person isn't available right now." }, MESSENGER_ERRORS.unavailable, false],
    [400, { code: 4, message: 'Application request limit reached' }, MESSENGER_ERRORS.rateLimited, true],
    [400, { code: 17, message: 'User request limit reached' }, MESSENGER_ERRORS.rateLimited, true],
    [
      400,
      { code: 613, message: 'Calls to this api have exceeded the rate limit.' },
      MESSENGER_ERRORS.rateLimited,
      true,
    ],
    [403, { code: 200, message: 'Permissions error' }, MESSENGER_ERRORS.permission, false],
    [403, { code: 299, message: 'Permission denied' }, MESSENGER_ERRORS.permission, false],
    [
      400,
      { code: 10, message: 'Application does not have permission for this action' },
      MESSENGER_ERRORS.permission,
      false,
    ],
    [500, { code: 2, message: 'Service temporarily unavailable' }, MESSENGER_ERRORS.unreachable, true],
    [503, undefined, MESSENGER_ERRORS.unreachable, true],
    [0, undefined, MESSENGER_ERRORS.unreachable, true],
  ])('when Meta answers HTTP %s with %o, then staff read the mapped text', (status, error, text, transient) => {
    const mapped = mapMetaError(status, error);
    expect(mapped.error).toBe(text);
    expect(mapped.transient).toBe(transient);
    expect(mapped.metaCode).toBe(error?.code);
  });

  it("when the code is unknown, then Meta's own message follows the default text, shortened", () => {
    expect(mapMetaError(400, { code: 12345, message: '(#12345)   Something\nodd' })).toEqual({
      error: 'Messenger notification failed: (#12345) Something odd',
      transient: false,
      metaCode: 12345,
    });
    expect(mapMetaError(400, { code: 12345, message: 'x'.repeat(500) }).error).toHaveLength(
      'Messenger notification failed: '.length + 200,
    );
    expect(mapMetaError(400, {})).toEqual({ error: 'Messenger notification failed', transient: false });
  });
});
