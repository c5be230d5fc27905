import * as z from 'zod/mini';

/** The longest message staff may write (appointments.reminder_message allows as many characters). */
export const MESSAGE_MAX_LENGTH = 1000;

/** Messenger ids (page-scoped ids) are stored in columns of at most 100 characters. */
export const MESSENGER_ID_MAX_LENGTH = 100;

/** The characters of a page-scoped id (digits in practice) that the service accepts. */
export const MESSENGER_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

/** A database id (bigint identity) in a JSON body; `name` names the field in the error. */
export const positiveIdSchema = (name: string) => {
  const error = `${name} must be a positive whole number.`;
  return z.int({ error }).check(z.positive({ error }));
};

/** Optional text staff wrote; null, missing or blank means "use the default". */
export const optionalMessageSchema = (name: string) =>
  z.nullish(
    z
      .string({ error: `${name} must be text.` })
      .check(z.maxLength(MESSAGE_MAX_LENGTH, { error: `${name} must be at most ${MESSAGE_MAX_LENGTH} characters.` })),
  );

/** How the Messenger Send API delivered a message: plain inside the 24-hour window, else a template. */
export const deliverySchema = z.enum(['message', 'template']);

export type Delivery = z.infer<typeof deliverySchema>;
