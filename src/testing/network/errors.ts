import { httpStatusOfSqlState } from '@common/postgrest/http-status';

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
  return httpStatusOfSqlState(code, true);
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
 * code (23505 → 409, 23P01 → 400, 42501 → 403, PGRST116 → 406, P0002 → 500, …) unless given.
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
