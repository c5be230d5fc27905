/**
 * Whether a segment is base64url exactly as an encoder writes it: only `A–Z a–z 0–9 - _`, no
 * padding, and no stray trailing bits (decoding and encoding again gives the same text). Node's
 * decoder is lenient about all three, so one signature would otherwise have many spellings.
 * Shared by the service's token check and the local stack's gateway.
 */
export function isCanonicalBase64url(segment: string): boolean {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) return false;
  return Buffer.from(segment, 'base64url').toString('base64url') === segment;
}
