import type { DatabaseRole } from '../caller.ts';

export interface ErrorBody {
  code: string | null;
  message: string;
  details: string | null;
  hint: string | null;
}

/** An answer PostgREST would give: an HTTP status and its error body. */
export class RestError extends Error {
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;

  constructor(
    readonly status: number,
    code: string | null,
    message: string,
    details: string | null = null,
    hint: string | null = null,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.body = { code, message, details, hint };
    this.headers = headers;
  }
}

export const parseError = (message: string, details: string | null = null) =>
  new RestError(400, 'PGRST100', message, details);

export const tableNotFound = (schema: string, table: string, suggestion?: string) =>
  new RestError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${table}' in the schema cache`,
    null,
    suggestion ? `Perhaps you meant the table '${schema}.${suggestion}'` : null,
  );

export const columnNotFound = (table: string, column: string) =>
  new RestError(400, '42703', `column ${table}.${column} does not exist`);

export const payloadColumnNotFound = (table: string, column: string) =>
  new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);

interface PostgresError {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

function isPostgresError(error: unknown): error is PostgresError & Error {
  return (
    error instanceof Error &&
    typeof (error as PostgresError).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as PostgresError).code!)
  );
}

/** PostgREST's SQLSTATE → HTTP table (docs/references/errors.rst). */
export function statusForSqlState(code: string, role: DatabaseRole): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  // PostgREST answers HTTP nnn for PTnnn (raise ... using errcode = 'PT404'), and 500 when the rest is no number.
  if (code.startsWith('PT')) return /^PT\d{3}$/.test(code) ? Number(code.slice(2)) : 500;
  if (['23503', '23505', '23P01'].includes(code)) return 409;
  if (['42P01', '42883'].includes(code)) return 404;
  if (code === '25006') return 405;
  if (code === '42P17') return 500;
  if (code.startsWith('08') || code.startsWith('53') || code === '57P01') return 503;
  if (code.startsWith('54')) return 413;
  if (code.startsWith('28') || code.startsWith('0L') || code.startsWith('0P')) return 403;
  if (code.startsWith('P0') && code !== 'P0001') return 500;
  if (code === '57014') return 500;
  if (code === '40001') return 409;
  if (code.startsWith('XX') || code.startsWith('58') || code.startsWith('F0') || code.startsWith('HV')) return 500;
  return 400;
}

/**
 * PGlite checks some bound values itself before Postgres sees them (a filter value for a boolean
 * column that is not one, say) and throws a plain Error; Postgres would answer 22P02.
 */
const PGLITE_INPUT_ERROR = /^Invalid input for (\w+) type$/;

/** Turns anything thrown while answering into PostgREST's status and body; never a stack trace. */
export function toRestError(error: unknown, role: DatabaseRole, logUnexpected: (error: unknown) => void): RestError {
  if (error instanceof RestError) return error;
  const pgliteInput = error instanceof Error ? PGLITE_INPUT_ERROR.exec(error.message) : null;
  if (pgliteInput) return new RestError(400, '22P02', `invalid input syntax for type ${pgliteInput[1]}`);
  // Input nested too deep to walk (a 10,000-level JSON value, select or logic tree): what Postgres says of it.
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return new RestError(413, '54001', 'stack depth limit exceeded', null, 'Send less deeply nested input.');
  }
  if (isPostgresError(error)) {
    const status = statusForSqlState(error.code!, role);
    const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
    return new RestError(status, error.code!, error.message, error.detail ?? null, error.hint ?? null, headers);
  }
  logUnexpected(error);
  return new RestError(500, 'PGRST000', 'An unexpected error occurred');
}
