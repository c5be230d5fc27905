import { jsonResponse } from './cors.ts';

/** A request the function turns down on purpose: answered as {error} with its status. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const refusalResponse = (refusal: Refusal): Response => jsonResponse({ error: refusal.message }, refusal.status);

/** The token of an `Authorization: Bearer …` header, or '' when there is none. */
export function bearerTokenOf(authorization: string): string {
  return /^bearer\s+/i.test(authorization) ? authorization.replace(/^bearer\s+/i, '').trim() : '';
}
