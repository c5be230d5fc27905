/**
 * Turns whatever a call threw or answered into text fit for the screen: a short, single-line
 * message from an API error, otherwise the given fallback. Stack traces, objects and very long
 * server texts never reach the UI.
 */
export function safeMessage(error: unknown, fallback: string): string {
  const message = messageOf(error)?.trim();
  if (
    !message ||
    message.length > 300 ||
    /\n\s+at\s/.test(message) ||
    message === '{}' ||
    message === '[object Object]'
  ) {
    return fallback;
  }
  return message;
}

function messageOf(error: unknown): string | undefined {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return undefined;
}

/** A failure whose text is meant for the user: the spec's message plus an optional reason. */
export class UserFacingError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'UserFacingError';
  }
}
