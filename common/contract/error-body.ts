import * as z from 'zod/mini';

/**
 * Every 4xx/5xx answer of the service: one staff-readable sentence, never a stack trace; `code`
 * only where a client acts on the kind of failure: a 401/403 whose token is good but whose
 * session, account or staff profile is gone (realtime.ts's REVOKED_ACCESS_CODES).
 */
export const errorBodySchema = z.object({ error: z.string(), code: z.optional(z.string()) });

export type ErrorBody = z.infer<typeof errorBodySchema>;
