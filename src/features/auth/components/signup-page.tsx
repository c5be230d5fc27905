import { useState } from 'react';
import { Link } from 'react-router';
import { Field } from '@/components/form/field';
import { firstErrorMessage, useZodForm } from '@/components/form/use-zod-form';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { preloadAuth, useSignUpClinic } from '../api/lazy';
import { signUpSchema } from '../api/sign-up.schema';
import { SIGNUP_TEXT } from '../messages';
import { AuthLayout } from './auth-layout';
import { failureMessage } from './failure-message';
import { PasswordInput } from './password-input';

export function SignupPage() {
  const form = useZodForm(signUpSchema, { defaultValues: { name: '', email: '', password: '', clinic_name: '' } });
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const signUp = useSignUpClinic();
  const refused = firstErrorMessage(form.formState.errors);

  const onSubmit = form.handleSubmit(
    async (input) => {
      setMessage(null);
      try {
        const outcome = await signUp.run(input);
        if (outcome === undefined) return;
        form.reset();
        setMessage({ tone: 'success', text: outcome === 'registered' ? SIGNUP_TEXT.success : SIGNUP_TEXT.initiated });
      } catch (error) {
        setMessage(failureMessage(error, SIGNUP_TEXT.failed));
      }
    },
    () => setMessage(null),
  );

  return (
    <AuthLayout title={SIGNUP_TEXT.title} subtitle="Register your clinic. You become its admin.">
      <form className="auth-form" onSubmit={(event) => void onSubmit(event)} onFocus={preloadAuth} noValidate>
        <Field id="signup-name" label="Name">
          {(control) => <input {...control} className="input" autoComplete="name" {...form.register('name')} />}
        </Field>
        <Field id="signup-email" label="Email">
          {(control) => (
            <input
              {...control}
              className="input"
              type="text"
              spellCheck={false}
              autoCapitalize="none"
              autoComplete="email"
              inputMode="email"
              {...form.register('email')}
            />
          )}
        </Field>
        <Field id="signup-password" label="Password">
          {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register('password')} />}
        </Field>
        <Field id="signup-clinic" label="Clinic Name">
          {(control) => (
            <input {...control} className="input" autoComplete="organization" {...form.register('clinic_name')} />
          )}
        </Field>
        <FormMessage message={refused ? { tone: 'error', text: refused } : message} />
        <button type="submit" className="button button-primary button-block" disabled={signUp.pending}>
          {signUp.pending ? SIGNUP_TEXT.working : SIGNUP_TEXT.submit}
        </button>
      </form>
      <div className="auth-alternative">
        <Link to="/login" className="button button-secondary button-block">
          {SIGNUP_TEXT.backToLogin}
        </Link>
      </div>
    </AuthLayout>
  );
}
