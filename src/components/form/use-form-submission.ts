import { useId, useRef, useState, type FormEvent } from 'react';
import type { FieldErrors, FieldValues, UseFormReturn } from 'react-hook-form';
import type { FormMessageValue } from '@/components/form-message';
import { ALREADY_PENDING, type AlreadyPending } from '@/lib/keyed-guard';
import { firstErrorMessage } from './first-error-message';

/** What `send` resolves with when it sent nothing on purpose (the user cancelled a confirmation). */
export const NOT_SENT: unique symbol = Symbol('not sent');
export type NotSent = typeof NOT_SENT;

export interface FormSubmissionOptions<Values extends FieldValues, Checked, Result> {
  /** The write is in flight (the guarded mutation's isPending): FormModal shows its pending label. */
  pending: boolean;
  /**
   * Sends what the schema made of the inputs: the write's result, ALREADY_PENDING when the same
   * write is in flight, or NOT_SENT. Throwing is a failure: the form stays open with its message.
   */
  send: (checked: Checked) => Promise<Result | AlreadyPending | NotSent>;
  /** The write went through. The form is closing, so a click that lands before then sends nothing. */
  onSent: (result: Result) => void;
  /** The form's message when `send` throws. */
  failureMessage: (error: unknown) => FormMessageValue;
  /** Where set, a thrown error goes to the console as `Ngiti: ${failureLog} failed`. */
  failureLog?: string;
  /** A submit the schema refused, after the last failure is cleared. */
  onRefused?: (errors: FieldErrors<Values>) => void;
  /** The inputs in the order the schema checks them: the first refused one's message is shown. */
  refusedOrder?: readonly (keyof Values & string)[];
}

/**
 * The submit of a form that writes once and closes: check with the schema, clear the last failure,
 * send, and either hand the result on or keep the form open with what failed. Once a write went
 * through, later submits send nothing (FormModal already ignores one while a submit is running).
 */
export function useFormSubmission<Values extends FieldValues, Checked, Result>(
  form: UseFormReturn<Values, unknown, Checked>,
  {
    pending,
    send,
    onSent,
    failureMessage,
    failureLog,
    onRefused,
    refusedOrder,
  }: FormSubmissionOptions<Values, Checked, Result>,
) {
  const formId = useId();
  const [failure, setFailure] = useState<FormMessageValue | null>(null);
  const sent = useRef(false);
  const refused = firstErrorMessage(form.formState.errors, refusedOrder);

  function submit(event: FormEvent<HTMLFormElement>) {
    if (sent.current) return;
    return form.handleSubmit(
      async (checked) => {
        setFailure(null);
        try {
          const result = await send(checked);
          if (result === ALREADY_PENDING || result === NOT_SENT) return;
          sent.current = true;
          onSent(result);
        } catch (error) {
          if (failureLog) console.error(`Ngiti: ${failureLog} failed`, error);
          setFailure(failureMessage(error));
        }
      },
      (errors) => {
        setFailure(null);
        onRefused?.(errors);
      },
    )(event);
  }

  return {
    /** The form's id, the prefix of its fields' ids. */
    formId,
    /** FormModal's formId, onSubmit and pending. */
    formProps: { formId, onSubmit: submit, pending },
    /** What the last send's failure says; null before a send and while one runs. */
    failure,
    setFailure,
    /** The form's one message line: the schema's refusal, else the last failure. */
    message: refused ? ({ tone: 'error', text: refused } satisfies FormMessageValue) : failure,
  };
}
