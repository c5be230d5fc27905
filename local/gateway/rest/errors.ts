import { httpStatusOfSqlState } from '../../../common/postgrest/http-status.ts';
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
    const status = httpStatusOfSqlState(error.code!, role !== 'anon', error.message);
    const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
    return new RestError(status, error.code!, error.message, error.detail ?? null, error.hint ?? null, headers);
  }
  logUnexpected(error);
  return new RestError(500, 'PGRST000', 'An unexpected error occurred');
}
