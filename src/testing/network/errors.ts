/** PostgREST's error answers: the body `{ code, message, details, hint }` and the HTTP status it goes with. */

export interface PostgrestErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

/** An error in PostgREST's shape, for a one-request override (`failNext(…, pgError(…))`) or a unit test. */
export class PgError extends Error {
  readonly body: PostgrestErrorBody;

  constructor(
    readonly status: number,
    body: PostgrestErrorBody,
  ) {
    super(`${body.code}: ${body.message}`);
    this.name = 'PgError';
    this.body = body;
  }
}

/** The HTTP status PostgREST gives an SQLSTATE or PGRST code (its docs' errors table), for a signed-in caller. */
export function statusForCode(code: string): number {
  const pgrst: Record<string, number> = {
    PGRST100: 400,
    PGRST102: 400,
    PGRST103: 416,
    PGRST108: 400,
    PGRST116: 406,
    PGRST200: 400,
    PGRST201: 300,
    PGRST202: 404,
    PGRST204: 400,
    PGRST205: 404,
  };
  if (code in pgrst) return pgrst[code]!;
  if (code.startsWith('PGRST')) return 500;
  if (code === '42501') return 403;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  if (['23503', '23505', '23P01', '40001'].includes(code)) return 409;
  if (['42P01', '42883'].includes(code)) return 404;
  if (code === '25006') return 405;
  if (code.startsWith('08') || code.startsWith('53') || code === '57P01') return 503;
  if (code.startsWith('28') || code.startsWith('0L') || code.startsWith('0P')) return 403;
  if (code.startsWith('P0')) return code === 'P0001' ? 400 : 500;
  if (code.startsWith('XX') || code.startsWith('58') || code.startsWith('F0') || code.startsWith('HV')) return 500;
  if (code === '57014') return 500;
  return 400;
}

const DEFAULT_MESSAGES: Record<string, string> = {
  '23502': 'null value violates not-null constraint',
  '23505': 'duplicate key value violates unique constraint',
  '23P01': 'conflicting key value violates exclusion constraint',
  '23514': 'new row violates check constraint',
  '42501': 'permission denied',
  P0002: 'no rows found',
  PGRST116: 'Cannot coerce the result to a single JSON object',
  XX000: 'internal error',
};

/**
 * A PostgREST error: `pgError('23P01', 'This slot may already be taken')`. The status follows the
 * code (23P01/23505 → 409, 42501 → 403, PGRST116 → 406, P0002 → 500, …) unless given.
 */
export function pgError(
  code: string,
  message = DEFAULT_MESSAGES[code] ?? 'error',
  options: { details?: string | null; hint?: string | null; status?: number } = {},
): PgError {
  return new PgError(options.status ?? statusForCode(code), {
    code,
    message,
    details: options.details ?? null,
    hint: options.hint ?? null,
  });
}
