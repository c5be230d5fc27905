/**
 * What an auth e-mail link leaves in the URL fragment after GoTrue's /verify redirect:
 * `#access_token=…&refresh_token=…&expires_in=…&token_type=bearer&type=recovery|signup`, or
 * `#error=…&error_code=…&error_description=…` when the link was invalid or expired.
 */
export type AuthFragment =
  | { kind: 'none' }
  | { kind: 'recovery'; accessToken: string | null; refreshToken: string | null }
  | { kind: 'signup' }
  | { kind: 'error'; code: string; description: string };

function fragmentParams(hash: string): URLSearchParams | null {
  const body = hash.replace(/^#\/?/, '');
  if (!body || !body.includes('=')) return null;
  try {
    return new URLSearchParams(body);
  } catch {
    return null;
  }
}

export function parseAuthFragment(hash: string): AuthFragment {
  const params = fragmentParams(hash);
  if (!params) return { kind: 'none' };
  const type = params.get('type');
  if (type === 'recovery') {
    return { kind: 'recovery', accessToken: params.get('access_token'), refreshToken: params.get('refresh_token') };
  }
  if (type === 'signup') return { kind: 'signup' };
  const code = params.get('error_code') ?? params.get('error');
  if (code) {
    return {
      kind: 'error',
      code,
      description: params.get('error_description') ?? 'Email link is invalid or has expired',
    };
  }
  return { kind: 'none' };
}

/** The session a recovery link carries, or null when the link is not a usable recovery link. */
export function recoveryTokens(hash: string): { accessToken: string; refreshToken: string } | null {
  const fragment = parseAuthFragment(hash);
  if (fragment.kind !== 'recovery' || !fragment.accessToken) return null;
  return { accessToken: fragment.accessToken, refreshToken: fragment.refreshToken ?? '' };
}
