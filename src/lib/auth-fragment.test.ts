import { describe, expect, it } from 'vitest';
import { parseAuthFragment, recoveryTokens } from './auth-fragment';

const recovery =
  '#access_token=eyJ.a.b&expires_at=1999999999&expires_in=3600&refresh_token=r3fr35h&token_type=bearer&type=recovery';

describe('parseAuthFragment', () => {
  it('reads a recovery link with its tokens', () => {
    expect(parseAuthFragment(recovery)).toEqual({ kind: 'recovery', accessToken: 'eyJ.a.b', refreshToken: 'r3fr35h' });
  });

  it('reads a recovery type without tokens as recovery (the reset page then says the link is invalid)', () => {
    expect(parseAuthFragment('#type=recovery')).toEqual({ kind: 'recovery', accessToken: null, refreshToken: null });
  });

  it('reads a sign-up confirmation link', () => {
    expect(parseAuthFragment('#access_token=x&refresh_token=y&token_type=bearer&type=signup')).toEqual({
      kind: 'signup',
    });
  });

  it('reads the error GoTrue leaves for an invalid or expired link', () => {
    expect(
      parseAuthFragment(
        '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      ),
    ).toEqual({ kind: 'error', code: 'otp_expired', description: 'Email link is invalid or has expired' });
  });

  it('ignores empty, plain-anchor and unrelated fragments', () => {
    for (const hash of ['', '#', '#top', '#section=2', '#type=magiclink&access_token=x']) {
      expect(parseAuthFragment(hash)).toEqual({ kind: 'none' });
    }
  });

  it('accepts a hash-router style "#/" prefix', () => {
    expect(parseAuthFragment('#/access_token=a&type=recovery').kind).toBe('recovery');
  });
});

describe('recoveryTokens', () => {
  it('returns the session of a recovery link', () => {
    expect(recoveryTokens(recovery)).toEqual({ accessToken: 'eyJ.a.b', refreshToken: 'r3fr35h' });
  });

  it('needs both the recovery type and an access token', () => {
    expect(recoveryTokens('#type=recovery')).toBeNull();
    expect(recoveryTokens('#access_token=abc&type=signup')).toBeNull();
    expect(recoveryTokens('#access_token=abc')).toBeNull();
    expect(recoveryTokens('')).toBeNull();
  });
});
