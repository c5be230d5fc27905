import { z } from 'zod';
import { checkPeriod } from '../../model/period';

/**
 * The no-show insight's period: From and To required and real dates, To not before From, at most
 * MAX_PERIOD_DAYS (model/period.ts); each refusal is told under the form, From's first.
 */
export const noShowPeriodSchema = z.object({ from: z.string(), to: z.string() }).transform((values, context) => {
  const checked = checkPeriod(values.from, values.to);
  if (checked.ok) return { from: checked.from, to: checked.to };
  for (const field of ['from', 'to'] as const) {
    const message = checked.errors[field];
    if (message) context.addIssue({ code: 'custom', path: [field], message });
  }
  return z.NEVER;
});
