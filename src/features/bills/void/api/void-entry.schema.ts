import { z } from 'zod';
import { checkVoidReason } from '../void-reason';

/** The void dialog: a Reason is required and kept trimmed, within its length (../void-reason.ts). */
export const voidEntrySchema = z.object({
  reason: z.string().transform((input, context) => {
    const checked = checkVoidReason(input);
    if (checked.ok) return checked.reason;
    context.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  }),
});
