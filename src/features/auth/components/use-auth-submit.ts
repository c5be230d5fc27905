import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { firstErrorMessage } from '@/components/form/first-error-message';
import type { FormMessageValue } from '@/components/form-message';
import { failureMessage } from './failure-message';

/**
 * An auth page's submit: the message line is cleared, `run` does the request and says how it
 * went through `setMessage`; a throw shows the error's own words, or `failedText`. The form can be
 * sent again after either.
 */
export function useAuthSubmit<Values extends FieldValues, Checked>(
  form: UseFormReturn<Values, unknown, Checked>,
  {
    run,
    failedText,
    initialMessage = null,
  }: {
    run: (checked: Checked, setMessage: (message: FormMessageValue | null) => void) => Promise<void>;
    failedText: string;
    initialMessage?: FormMessageValue | null | (() => FormMessageValue | null);
  },
) {
  const [message, setMessage] = useState<FormMessageValue | null>(initialMessage);
  const refused = firstErrorMessage(form.formState.errors);

  const onSubmit = form.handleSubmit(
    async (checked) => {
      setMessage(null);
      try {
        await run(checked, setMessage);
      } catch (error) {
        setMessage(failureMessage(error, failedText));
      }
    },
    () => setMessage(null),
  );

  return {
    /** The form's onSubmit (call it with `void`). */
    onSubmit,
    message,
    setMessage,
    /** The message line: the schema's refusal, else the last message. */
    shown: refused ? ({ tone: 'error', text: refused } satisfies FormMessageValue) : message,
  };
}
