import type { FieldValues } from 'react-hook-form';
import type { FormCheck } from '@/components/form/use-checked-form';

/** The form's one message for these values, or null when they may be sent. */
export function refusalOf<Input extends FieldValues, Output>(
  check: FormCheck<Input, Output>,
  values: Input,
): string | null {
  const result = check(values);
  return result.ok ? null : result.message;
}

/** What a check lets through; fails the test when it refuses. */
export function accepted<Input extends FieldValues, Output>(check: FormCheck<Input, Output>, values: Input): Output {
  const result = check(values);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.value;
}
