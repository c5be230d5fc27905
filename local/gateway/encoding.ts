import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/**
 * What an Accept-Encoding header allows: a test of one encoding (named, or through `*`, with
 * q > 0). The header is parsed once, however many encodings are asked about.
 */
function acceptedBy(acceptEncoding: string | undefined): (encoding: Encoding) => boolean {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding ? acceptEncoding.split(',') : []) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name!, q ? Number(q.slice(2)) : 1);
  }
  return (encoding) => (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0;
}

/** The encoding to answer with for an Accept-Encoding header (brotli first), or null for none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const allowed = acceptedBy(acceptEncoding);
  if (allowed('br')) return 'br';
  if (allowed('gzip')) return 'gzip';
  return null;
}

const gzip = promisify(gzipCallback);

/**
 * API answers at least this long are gzipped when the client accepts it (hosted Supabase's
 * gateway compresses too); shorter ones cost more to compress than they save.
 */
export const COMPRESS_API_MIN_BYTES = 8 * 1024;
/** Fast gzip: JSON shrinks ~10× at level 1 already, at a third of the default level's CPU. */
const API_GZIP_LEVEL = 1;

/**
 * The body to send for an API answer: gzipped (off the event loop, in libuv's pool) when the
 * client accepts gzip and the body is long enough, else as it is. Brotli is not used here: even
 * at its fastest it costs more CPU than gzip for the same JSON.
 */
export async function encodeApiBody(
  body: string,
  acceptEncoding: string | undefined,
): Promise<{ body: string | Buffer; encoding: 'gzip' | null }> {
  if (body.length < COMPRESS_API_MIN_BYTES || !acceptedBy(acceptEncoding)('gzip')) return { body, encoding: null };
  return { body: await gzip(body, { level: API_GZIP_LEVEL }), encoding: 'gzip' };
}
