import { jsonResponse } from './cors.ts';

/**
 * A request the function turns down on purpose: answered as {error} with its status, and
 * {code} when the caller may want to tell this refusal apart from others of the same status.
 */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export const refusalResponse = (refusal: Refusal): Response =>
  jsonResponse(
    refusal.code === undefined ? { error: refusal.message } : { error: refusal.message, code: refusal.code },
    refusal.status,
  );

/** The token of an `Authorization: Bearer …` header, or '' when there is none. */
export function bearerTokenOf(authorization: string): string {
  return /^bearer\s+/i.test(authorization) ? authorization.replace(/^bearer\s+/i, '').trim() : '';
}
