/**
 * Why a request to the database failed, in the few terms the screens tell apart. Features map a
 * kind to their own texts (the booking form's 'Booking failed!' is its reading of 'conflict');
 * raw server texts never reach the screen.
 *
 * - 'gone': the row is not there any more (PT404, HTTP 404, from a function, or P0002 from an
 *   older one; or a write that had to hit a row and hit none);
 * - 'changed': the row is there but no longer as the screen showed it (a write filtered on the
 *   state the user saw matched nothing; PT409, HTTP 409, from a function);
 * - 'conflict': the database refused the write against other rows (23P01, an exclusion: the
 *   booking rules);
 * - 'constraint': a check refused a value (23514);
 * - 'duplicate': a unique key is taken (23505);
 * - 'forbidden': the caller's role may not do this (42501 or PT403, HTTP 403);
 * - 'unauthenticated': PostgREST refused the session itself (PGRST30x: token invalid or expired);
 * - 'unreachable': no answer at all (postgrest-js status 0, fetch's TypeError, a timeout);
 * - 'failed': anything else.
 */
export type RequestErrorKind =
  | 'gone'
  | 'changed'
  | 'conflict'
  | 'constraint'
  | 'duplicate'
  | 'forbidden'
  | 'unauthenticated'
  | 'unreachable'
  | 'failed';

/** The error of a PostgREST answer, as postgrest-js gives it (PostgrestError) or anything shaped like it. */
export interface PostgrestErrorLike {
  readonly code?: string | null;
  readonly message?: string | null;
  /** The database's code for its own refusals (common/contract/error-codes.ts). */
  readonly hint?: string | null;
}

export class RequestError extends Error {
  readonly kind: RequestErrorKind;
  /** The server's error code (SQLSTATE or PGRST…), for the console and tests. */
  readonly code: string | undefined;
  /** The HTTP status, when there was an answer; 0 when there was none. */
  readonly status: number | undefined;

  constructor(kind: RequestErrorKind, options: { code?: string; status?: number; cause?: unknown } = {}) {
    super(`request ${kind}${options.code ? ` (${options.code})` : ''}`, { cause: options.cause });
    this.name = 'RequestError';
    this.kind = kind;
    this.code = options.code;
    this.status = options.status;
  }
}

const KIND_OF_CODE: Readonly<Record<string, RequestErrorKind>> = {
  PT404: 'gone',
  P0002: 'gone',
  PT409: 'changed',
  PT403: 'forbidden',
  '23P01': 'conflict',
  '23514': 'constraint',
  '23505': 'duplicate',
  '42501': 'forbidden',
};

export interface ClassifyOptions {
  /**
   * PGRST116 ('the result contains 0 rows' of `.single()`) means the row is gone: for a write
   * that must hit a row. Off by default, since `.single()` also answers it for several rows.
   */
  readonly noRowIsGone?: boolean;
}

/**
 * A PostgREST answer's error, classified. postgrest-js answers status 0 (and code '') when the
 * request never got an answer; `status` may be left out for an error thrown without its answer.
 */
export function toRequestError(
  error: PostgrestErrorLike,
  status?: number,
  options: ClassifyOptions = {},
): RequestError {
  const code = error.code || undefined;
  const made = (kind: RequestErrorKind) => new RequestError(kind, { code, status, cause: error });
  if (status === 0) return made('unreachable');
  // Without the status: postgrest-js's "no answer" error has no code and names the failed fetch.
  if (status === undefined && code === undefined && /fetch/i.test(error.message ?? '')) return made('unreachable');
  const byCode = code === undefined ? undefined : KIND_OF_CODE[code];
  if (byCode) return made(byCode);
  if (code === 'PGRST116' && options.noRowIsGone) return made('gone');
  if (code !== undefined && /^PGRST30\d$/.test(code)) return made('unauthenticated');
  if (status === 403) return made('forbidden');
  return made('failed');
}

function isPostgrestErrorLike(error: unknown): error is PostgrestErrorLike & { readonly status?: unknown } {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string';
}

/**
 * Anything a request threw, as a RequestError: a RequestError as it is; fetch's TypeError and a
 * timeout (src/lib/with-timeout.ts, or AbortSignal.timeout) as 'unreachable'; a PostgREST error
 * object by its code; anything else as 'failed'.
 */
export function requestErrorOf(error: unknown): RequestError {
  if (error instanceof RequestError) return error;
  if (error instanceof TypeError) return new RequestError('unreachable', { cause: error });
  if (error instanceof Error && error.name === 'TimeoutError') return new RequestError('unreachable', { cause: error });
  if (isPostgrestErrorLike(error)) {
    return toRequestError(error, typeof error.status === 'number' ? error.status : undefined);
  }
  return new RequestError('failed', { cause: error });
}

/** A PostgREST answer: data, or an error with the HTTP status (0 when nothing answered). */
export type PostgrestAnswer =
  | { readonly data: unknown; readonly error: null; readonly status: number }
  | { readonly data: unknown; readonly error: PostgrestErrorLike; readonly status: number };

/** The data of a PostgREST answer; its error is thrown as a RequestError. */
export function throwOnError<Answer extends PostgrestAnswer>(
  answer: Answer,
  options?: ClassifyOptions,
): Extract<Answer, { error: null }>['data'] {
  if (answer.error) throw toRequestError(answer.error, answer.status, options);
  return answer.data as Extract<Answer, { error: null }>['data'];
}

/** The first row a write asked back; none means the row it had to hit is gone. */
export function firstRowOrGone<Row>(rows: readonly Row[]): Row {
  const row = rows[0];
  if (row === undefined) throw new RequestError('gone');
  return row;
}
