/** `text` as a regular expression's source that matches it literally (a name with a '.' or '(', say). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
