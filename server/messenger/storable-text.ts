/**
 * Text as Postgres can store it. A `text` column cannot hold NUL (U+0000), and an unpaired UTF-16
 * surrogate has no UTF-8 form (the drivers would replace it silently, or jsonb refuses its escape).
 * Log rows (what was sent, Meta's error, a dead-lettered event) must be written whatever the text,
 * so each such unit becomes U+FFFD, the replacement character, and nothing else changes.
 */

// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const REPLACEMENT_CHARACTER = '\uFFFD';

/**
 * `text` with every NUL and unpaired surrogate replaced by U+FFFD, cut to at most `maxCharacters`
 * code points (as char_length counts them; a pair is never cut in half).
 */
export function storableText(text: string, maxCharacters = Number.POSITIVE_INFINITY): string {
  const clean = text.replace(UNSTORABLE, REPLACEMENT_CHARACTER);
  if (clean.length <= maxCharacters) return clean;
  let kept = '';
  let count = 0;
  for (const character of clean) {
    if (count === maxCharacters) break;
    kept += character;
    count += 1;
  }
  return kept;
}

/**
 * JSON text of `value` that a jsonb column accepts: JSON.stringify writes NUL and unpaired
 * surrogates as `\u0000` / `\udXXX` escapes, which jsonb refuses; each becomes `\ufffd` (an escaped
 * backslash before a `u` is left alone). Keys are treated like values.
 */
export function storableJson(value: unknown): string {
  const json = JSON.stringify(value) ?? 'null';
  return json.replace(/(?<!\\)((?:\\\\)*)\\u(?:0000|d[89a-f][0-9a-f]{2})/gi, '$1\\ufffd');
}
