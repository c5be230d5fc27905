import * as z from 'zod/mini';

/** Every 4xx/5xx answer of the service: one staff-readable sentence, never a stack trace. */
export const errorBodySchema = z.object({ error: z.string() });

export type ErrorBody = z.infer<typeof errorBodySchema>;
