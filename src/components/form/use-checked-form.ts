import {
  useForm,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type ResolverResult,
  type UseFormProps,
} from 'react-hook-form';

/** A form's check: the values to send, or the one refusal the form shows on its message line. */
export type FormCheck<Input extends FieldValues, Output> = (
  values: Input,
) => { ok: true; value: Output } | { ok: false; message: string };

/**
 * react-hook-form with a plain check instead of a zod schema, for the screens that load before
 * the dashboard (sign in, sign up, reset password): their rules are "filled in and not too long",
 * and zod's code would be a third of what the login screen downloads. Validation runs on submit
 * only, as useZodForm's; a refusal is the form's root error.
 */
export function useCheckedForm<Input extends FieldValues, Output>(
  check: FormCheck<Input, Output>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
) {
  const resolver: Resolver<Input, unknown, Output> = (values): ResolverResult<Input, Output> => {
    const result = check(values);
    if (result.ok) return { values: result.value, errors: {} };
    // A root error is a GlobalError with an index signature for named ones; this is the plain one.
    const errors = { root: { type: 'custom', message: result.message } } as FieldErrors<Input>;
    return { values: {}, errors };
  };
  return useForm<Input, unknown, Output>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    ...options,
    resolver,
  });
}
