import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { preloadAuth, useSignUpClinic } from '../api/lazy';
import { SIGNUP_TEXT } from '../messages';
import { normalizeSignup, validateSignup, type SignupInput } from '../validation';
import { AuthLayout } from './auth-layout';
import { failureMessage } from './failure-message';
import { PasswordInput } from './password-input';

const EMPTY: SignupInput = { name: '', email: '', password: '', clinicName: '' };

export function SignupPage() {
  const [form, setForm] = useState<SignupInput>(EMPTY);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const signUp = useSignUpClinic();

  const field = (key: keyof SignupInput) => ({
    value: form[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setForm((current) => ({ ...current, [key]: event.target.value })),
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = validateSignup(form);
    if (problem) {
      setMessage({ tone: 'error', text: problem });
      return;
    }
    setMessage(null);
    try {
      const outcome = await signUp.run(normalizeSignup(form));
      if (outcome === undefined) return;
      setForm(EMPTY);
      setMessage({ tone: 'success', text: outcome === 'registered' ? SIGNUP_TEXT.success : SIGNUP_TEXT.initiated });
    } catch (error) {
      setMessage(failureMessage(error, SIGNUP_TEXT.failed));
    }
  }

  return (
    <AuthLayout title={SIGNUP_TEXT.title} subtitle="Register your clinic. You become its admin.">
      <form className="auth-form" onSubmit={onSubmit} onFocus={preloadAuth} noValidate>
        <div className="field">
          <label className="field-label" htmlFor="signup-name">
            Name
          </label>
          <input id="signup-name" className="input" name="name" autoComplete="name" {...field('name')} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="signup-email">
            Email
          </label>
          <input
            id="signup-email"
            className="input"
            type="text"
            spellCheck={false}
            autoCapitalize="none"
            name="email"
            autoComplete="email"
            inputMode="email"
            {...field('email')}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="signup-password">
            Password
          </label>
          <PasswordInput id="signup-password" name="password" autoComplete="new-password" {...field('password')} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="signup-clinic">
            Clinic Name
          </label>
          <input
            id="signup-clinic"
            className="input"
            name="clinic_name"
            autoComplete="organization"
            {...field('clinicName')}
          />
        </div>
        <FormMessage message={message} />
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
