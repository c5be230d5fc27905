/** The status slice's own texts; the list's status texts are model/messages.ts's LIST_TEXT. */

/** The service's fallback text when it answers non-OK without an `error` field. */
export const NOTIFY_FALLBACK_ERROR = 'Messenger notification failed';
