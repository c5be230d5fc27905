import { z } from 'zod';
import { checkPeriod, type PeriodLimit } from './period';

/**
 * A report's From and To as a form schema: required and real dates, To not before From, at most
 * `limit` (checkPeriod); each refusal is told at its field, From's first, and nothing is sent.
 */
export const periodSchema = (limit?: PeriodLimit) =>
  z.object({ from: z.string(), to: z.string() }).transform((values, context) => {
    const checked = checkPeriod(values.from, values.to, limit);
    if (checked.ok) return { from: checked.from, to: checked.to };
    for (const field of ['from', 'to'] as const) {
      const message = checked.errors[field];
      if (message) context.addIssue({ code: 'custom', path: [field], message });
    }
    return z.NEVER;
  });
