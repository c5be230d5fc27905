import { z } from 'zod';
import { checkDraft, MAX_MESSAGE_LENGTH } from './chat-state';
import { CHAT_EXTRA_TEXT } from './messages';

/**
 * The message box as a form: checkDraft's rule. A blank message is refused without a word (Send
 * is simply disabled); a too long one says why.
 */
export const composerSchema = z.object({ message: z.string() }).transform((values, context) => {
  const check = checkDraft(values.message);
  if (check.ok) return { message: check.text };
  context.addIssue({
    code: 'custom',
    path: ['message'],
    message: check.reason === 'too-long' ? CHAT_EXTRA_TEXT.tooLong(MAX_MESSAGE_LENGTH) : '',
  });
  return z.NEVER;
});
