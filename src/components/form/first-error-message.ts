import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * The message a form shows on one line: the first refused field's in `order` (the schema's
 * field order), else any root or field message.
 */
export function firstErrorMessage<Values extends FieldValues>(
  errors: FieldErrors<Values>,
  order: readonly (keyof Values & string)[] = [],
): string | undefined {
  for (const name of order) {
    const message = errors[name]?.message;
    if (typeof message === 'string') return message;
  }
  for (const error of Object.values(errors)) {
    const message = (error as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') return message;
  }
  return undefined;
}
