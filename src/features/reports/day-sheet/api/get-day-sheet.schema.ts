import { z } from 'zod';
import { checkDay } from '../../model/period';

/** The day sheet's Day: required and a real date (model/period.ts), checked before it is read. */
export const daySheetFilterSchema = z.object({
  day: z.string().transform((input, context) => {
    const checked = checkDay(input);
    if (checked.ok) return checked.day;
    context.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  }),
});
