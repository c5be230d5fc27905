import { refusalTextOf } from '@/lib/refusal-text';
import { failureDetail, isObject, worthRetrying } from './function-failure';
import { USERS_TEXT } from './messages';

/**
 * What came back from the delete-user function, before it is read: no answer at all, or a
 * status with a body that is JSON (parsed) or not.
 */
export type FunctionAnswer =
  | { kind: 'unreachable'; cause?: unknown }
  | { kind: 'answered'; status: number; json: true; body: unknown }
  | { kind: 'answered'; status: number; json: false; text: string };

/** The three ways delete-user's answer can be unusable, plus no answer at all. */
export type EdgeFunctionProblem = 'non-json' | 'error-status' | 'unexpected-format' | 'unreachable';

const PROBLEM_TEXT: Record<Exclude<EdgeFunctionProblem, 'unreachable'>, string> = {
  'non-json': USERS_TEXT.nonJson,
  'error-status': USERS_TEXT.errorStatus,
  'unexpected-format': USERS_TEXT.unexpectedFormat,
};

/**
 * A failed call of the function; `serverError` is what staff read under the spec's text: the
 * function's reason for a refusal, or what a server failure means (never a proxy's page), and
 * `serverCode` the JSON body's `code`. `retryable`: another attempt can help (no answer, or a
 * gateway that did not reach the function).
 */
export class EdgeFunctionError extends Error {
  constructor(
    readonly problem: EdgeFunctionProblem,
    readonly status: number | undefined,
    readonly serverError: string | undefined,
    readonly retryable = false,
    readonly serverCode?: string,
  ) {
    super(problem === 'unreachable' ? 'Edge function could not be reached' : PROBLEM_TEXT[problem]);
    this.name = 'EdgeFunctionError';
  }
}

/** How a delete ended, in the spec's words. */
export type DeleteOutcome =
  | { kind: 'deleted'; message: string }
  | { kind: 'partial'; lines: string[] }
  | { kind: 'failed'; message: string; lines: string[] };

interface StepReply {
  success: boolean;
  details?: unknown;
  error?: unknown;
}

const isStep = (value: unknown): value is StepReply => isObject(value) && typeof value.success === 'boolean';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * Reads delete-user's reply: {auth_delete:{success, details, error}, db_delete:{…}} or the legacy
 * {success, version}. Throws an EdgeFunctionError for a reply that is not JSON, a non-ok status
 * (with the function's reason, or what the server failure means), or JSON of neither shape.
 */
export function readDeleteReply(answer: FunctionAnswer): DeleteOutcome {
  if (answer.kind === 'unreachable') throw new EdgeFunctionError('unreachable', undefined, undefined, true);
  const ok = answer.status >= 200 && answer.status < 300;
  const body = answer.json ? answer.body : undefined;
  if (!ok) {
    const { status } = answer;
    const code = isObject(body) ? text(body.code) : undefined;
    throw new EdgeFunctionError('error-status', status, failureDetail(status, body), worthRetrying(status, body), code);
  }
  if (!answer.json) throw new EdgeFunctionError('non-json', answer.status, undefined);
  if (isObject(body) && isStep(body.auth_delete) && isStep(body.db_delete)) {
    const auth = body.auth_delete;
    const db = body.db_delete;
    if (auth.success && db.success) return { kind: 'deleted', message: USERS_TEXT.deleted };
    const lines: string[] = [];
    const authReason = text(auth.error);
    const dbReason = text(db.error);
    if (!auth.success && authReason) lines.push(USERS_TEXT.authDeleteFailed(authReason));
    if (!db.success && dbReason) lines.push(USERS_TEXT.dbDeleteFailed(dbReason));
    if (!auth.success && !db.success) return { kind: 'failed', message: USERS_TEXT.deleteFailed, lines };
    return { kind: 'partial', lines: lines.length > 0 ? lines : [USERS_TEXT.partialFailure] };
  }
  if (isObject(body) && typeof body.success === 'boolean' && 'version' in body) {
    return body.success
      ? { kind: 'deleted', message: USERS_TEXT.deleted }
      : { kind: 'failed', message: USERS_TEXT.deleteFailed, lines: text(body.error) ? [text(body.error)!] : [] };
  }
  throw new EdgeFunctionError('unexpected-format', answer.status, undefined);
}

/**
 * The lines under 'User deletion failed' for a call that raised: the spec's function error and
 * the server's reason (in the screen's words when its code is one the screen knows).
 */
export function failureLines(error: unknown, unreachableText: string): string[] {
  if (!(error instanceof EdgeFunctionError)) return [];
  if (error.problem === 'unreachable') return [unreachableText];
  // delete-user answers the database's codes (common/contract/error-codes.ts) as `code`.
  const worded = refusalTextOf({ hint: error.serverCode });
  if (worded !== undefined) return [error.message, worded];
  return error.serverError ? [error.message, error.serverError] : [error.message];
}
