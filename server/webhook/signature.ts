import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-hub-signature-256';

export type SignatureCheck = 'valid' | 'missing' | 'invalid';

/** `sha256=<hex>` as Meta computes it: HMAC-SHA256 of the raw body with the app secret. */
export function signWebhookBody(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/**
 * Checks `X-Hub-Signature-256` against the exact bytes received (never re-serialised JSON), in
 * constant time.
 */
export function checkWebhookSignature(
  rawBody: Buffer,
  header: string | string[] | undefined,
  appSecret: string,
): SignatureCheck {
  if (header === undefined || header === '') return 'missing';
  if (Array.isArray(header)) return 'invalid';
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match?.[1]) return 'invalid';
  const received = Buffer.from(match[1].toLowerCase(), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return received.length === expected.length && timingSafeEqual(received, expected) ? 'valid' : 'invalid';
}
