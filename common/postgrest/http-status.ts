/**
 * PostgREST's SQLSTATE → HTTP table (docs/references/errors.rst, mapSQLtoHTTP), code for code: the
 * local gateway answers with it, and the SPA's tests fake answers with it, so a status seen locally
 * is the one hosted Supabase answers. An exclusion (23P01, the booking rules) is 400 there, as is
 * any code the table does not name. `signedIn`: a user's token, not only the anon key. Browser-safe.
 */
export function httpStatusOfSqlState(code: string, signedIn: boolean, message = ''): number {
  if (code === '42501') return signedIn ? 403 : 401;
  // PostgREST answers HTTP nnn for PTnnn (raise ... using errcode = 'PT404'), and 500 when the rest is no number.
  if (code.startsWith('PT')) return /^PT\d{3}$/.test(code) ? Number(code.slice(2)) : 500;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  // pg-safeupdate's refusal is the client's fault; any other cardinality violation is the server's.
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '42P01' || code === '42883') return 404;
  if (code === 'P0001') return 400;
  if (code === '42P17' || code === '53400') return 500;
  const classOf = code.slice(0, 2);
  if (classOf === '08' || classOf === '53') return 503;
  if (['0L', '0P', '28'].includes(classOf)) return 403;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(classOf))
    return 500;
  return 400;
}
