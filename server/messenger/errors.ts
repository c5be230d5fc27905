/** Meta's error object (`{"error": {...}}` of a Graph API answer). */
export interface MetaError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  fbtrace_id?: string;
}

export interface MappedMetaError {
  /** Staff-readable, says what to do. */
  error: string;
  /** Retrying later may succeed (rate limits, Meta unreachable). */
  transient: boolean;
  metaCode?: number;
}

export const MESSENGER_ERRORS = {
  unreachable: 'Messenger is not reachable right now. Please try again.',
  token:
    "The clinic's Facebook page connection has expired or was revoked. Reconnect the page in Clinic Config, then try again.",
  outsideWindow:
    "Messenger refused the message: the patient has not written to the clinic's page in the last 24 hours, and the reminder template was not accepted.",
  invalidRecipient:
    "Messenger did not accept this Messenger ID or message. Check the Messenger ID on the patient's record.",
  unavailable: "This person isn't available on Messenger right now.",
  rateLimited: "Messenger is limiting how many messages the clinic's page can send. Please try again in a few minutes.",
  permission:
    "The clinic's Facebook page has not allowed this app to send messages. Reconnect the page in Clinic Config and allow messaging.",
  fallback: 'Messenger notification failed',
} as const;

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
export const OUTSIDE_WINDOW = { code: 10, subcode: 2018278 } as const;

export function isOutsideWindow(error: MetaError | undefined): boolean {
  return error?.code === OUTSIDE_WINDOW.code && error.error_subcode === OUTSIDE_WINDOW.subcode;
}

/** Turns Meta's answer into a message a clinic's staff can act on (reference/meta-messenger.md). */
export function mapMetaError(httpStatus: number, error: MetaError | undefined): MappedMetaError {
  const code = typeof error?.code === 'number' ? error.code : undefined;
  const withCode = (mapped: Omit<MappedMetaError, 'metaCode'>): MappedMetaError =>
    code === undefined ? mapped : { ...mapped, metaCode: code };

  if (code === 190) return withCode({ error: MESSENGER_ERRORS.token, transient: false });
  if (isOutsideWindow(error)) return withCode({ error: MESSENGER_ERRORS.outsideWindow, transient: false });
  if (code === 551) return withCode({ error: MESSENGER_ERRORS.unavailable, transient: false });
  if (code === 100) return withCode({ error: MESSENGER_ERRORS.invalidRecipient, transient: false });
  if (code !== undefined && RATE_LIMIT_CODES.has(code))
    return withCode({ error: MESSENGER_ERRORS.rateLimited, transient: true });
  if (code === 10 || (code !== undefined && code >= 200 && code <= 299))
    return withCode({ error: MESSENGER_ERRORS.permission, transient: false });
  // 1 "unknown error" and 2 "service temporarily unavailable" are Meta's own trouble, as is any 5xx.
  if (code === 1 || code === 2 || httpStatus >= 500 || httpStatus === 0)
    return withCode({ error: MESSENGER_ERRORS.unreachable, transient: true });
  const detail = error?.message?.replace(/\s+/g, ' ').trim().slice(0, 200);
  return withCode({
    error: detail ? `${MESSENGER_ERRORS.fallback}: ${detail}` : MESSENGER_ERRORS.fallback,
    transient: false,
  });
}
