import * as z from 'zod/mini';
import { characterCount } from './character-count';
import { MESSAGE_MAX_LENGTH } from './limits';

/** A database id (bigint identity) in a JSON body; `name` names the field in the error. */
export const positiveIdSchema = (name: string) => {
  const error = `${name} must be a positive whole number.`;
  return z.int({ error }).check(z.positive({ error }));
};

/** A string of at most `max` characters, counted as characterCount counts them. */
export const atMostCharacters = (max: number, error: string) =>
  z.refine<string>((text) => characterCount(text) <= max, { error });

/** Optional text staff wrote; null, missing or blank means "use the default". */
export const optionalMessageSchema = (name: string) =>
  z.nullish(
    z
      .string({ error: `${name} must be text.` })
      .check(atMostCharacters(MESSAGE_MAX_LENGTH, `${name} must be at most ${MESSAGE_MAX_LENGTH} characters.`)),
  );

/** How the Messenger Send API delivered a message: plain inside the 24-hour window, else a template. */
export const deliverySchema = z.enum(['message', 'template']);

export type Delivery = z.infer<typeof deliverySchema>;
