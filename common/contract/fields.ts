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

/**
 * A NUL character (Postgres text cannot store it) or half of a surrogate pair (not a character:
 * it has no UTF-8 form, so it cannot be stored or sent as written). Matched on UTF-16 units.
 */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSENDABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `text` holds a character that can be neither stored nor sent (see UNSENDABLE). */
export const hasUnsendableCharacters = (text: string): boolean => UNSENDABLE.test(text);

/** Refuses text with a NUL or an unpaired surrogate; `name` names the field in the error. */
export const sendableCharacters = (name: string) =>
  z.refine<string>((text) => !hasUnsendableCharacters(text), {
    error: `${name} contains a character that cannot be sent (a NUL character or a broken emoji).`,
  });

/** Optional text staff wrote; null, missing or blank means "use the default". */
export const optionalMessageSchema = (name: string) =>
  z.nullish(
    z
      .string({ error: `${name} must be text.` })
      .check(
        atMostCharacters(MESSAGE_MAX_LENGTH, `${name} must be at most ${MESSAGE_MAX_LENGTH} characters.`),
        sendableCharacters(name),
      ),
  );

/** How the Messenger Send API delivered a message: plain inside the 24-hour window, else a template. */
export const deliverySchema = z.enum(['message', 'template']);

export type Delivery = z.infer<typeof deliverySchema>;
