/** The class attribute of the names given, leaving out the ones a condition turned off. */
export const joinClasses = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');
