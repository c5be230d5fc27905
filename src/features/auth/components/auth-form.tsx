import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';
import { FormMessage, type FormMessageValue } from '@/components/form-message';

/** The Email input of the auth pages: typed as text, so the browser neither checks nor corrects it. */
export function EmailField({
  id,
  autoComplete,
  ...registered
}: UseFormRegisterReturn & { id: string; autoComplete: 'username' | 'email' }) {
  return (
    <TextField
      id={id}
      label="Email"
      type="text"
      spellCheck={false}
      autoCapitalize="none"
      autoComplete={autoComplete}
      inputMode="email"
      {...registered}
    />
  );
}

/** An auth form's message line and its submit button, which says it is working while busy. */
export function AuthSubmit({
  message,
  working,
  busy = working,
  texts,
}: {
  message: FormMessageValue | null;
  /** The request is in flight: the button says `texts.working`. */
  working: boolean;
  /** The button is disabled (while working, unless told otherwise). */
  busy?: boolean;
  texts: { submit: string; working: string };
}) {
  return (
    <>
      <FormMessage message={message} />
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {working ? texts.working : texts.submit}
      </button>
    </>
  );
}
