import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCheckedForm } from '@/components/form/use-checked-form';
import type { FormMessageValue } from '@/components/form-message';
import { parseAuthFragment } from '@/lib/auth-fragment';
import { useSession } from '@/lib/session';
import { preloadAuth, useSendPasswordReset, useSignIn } from '../api/lazy';
import { checkSignIn } from '../api/sign-in.check';
import { EXTRA_TEXT, LOGIN_TEXT } from '../messages';
import { isBlank, LIMITS } from '../validation';
import { AuthSubmit, EmailField } from './auth-form';
import { AuthLayout } from './auth-layout';
import { failureMessage } from './failure-message';
import { PasswordInput } from './password-input';
import { useAuthSubmit } from './use-auth-submit';

/** Why the router sent the user here, passed as location state. */
export interface LoginLocationState {
  notice?: 'email-confirmed';
}

function initialMessage(
  state: LoginLocationState | null,
  hash: string,
  notice: FormMessageValue | null,
): FormMessageValue | null {
  if (state?.notice === 'email-confirmed') return { tone: 'info', text: EXTRA_TEXT.emailConfirmed };
  const fragment = parseAuthFragment(hash);
  if (fragment.kind === 'error') return { tone: 'error', text: fragment.description };
  return notice;
}

export function LoginPage() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const form = useCheckedForm(checkSignIn, { defaultValues: { email: '', password: '' } });
  const email = useWatch({ control: form.control, name: 'email' });
  const signIn = useSignIn();
  const reset = useSendPasswordReset();
  const { notice, setNotice } = session;
  const { onSubmit, setMessage, shown } = useAuthSubmit(form, {
    run: async ({ email, password }) => {
      const user = await signIn.run(email, password);
      if (user) session.signIn(user);
    },
    failedText: LOGIN_TEXT.invalidCredentials,
    initialMessage: () => initialMessage(location.state as LoginLocationState | null, location.hash, session.notice),
  });

  // The notice and an auth-link error fragment are shown once; a reload should not repeat them.
  useEffect(() => {
    if (notice) setNotice(null);
    if (location.hash || location.state) navigate({ pathname: '/login', hash: '' }, { replace: true, state: null });
  }, [notice, setNotice, location.hash, location.state, navigate]);

  async function onForgotPassword() {
    // Its own message replaces a refused login's, as the form's one line.
    form.clearErrors();
    if (isBlank(email)) {
      setMessage({ tone: 'error', text: LOGIN_TEXT.needEmail });
      return;
    }
    if (email.trim().length > LIMITS.email) {
      setMessage({ tone: 'error', text: EXTRA_TEXT.tooLong('Email', LIMITS.email) });
      return;
    }
    setMessage(null);
    try {
      await reset.run(email);
      setMessage({ tone: 'success', text: LOGIN_TEXT.resetSent });
    } catch (error) {
      setMessage(failureMessage(error, LOGIN_TEXT.resetFailed));
    }
  }

  const busy = signIn.pending || reset.pending;
  return (
    <AuthLayout title={LOGIN_TEXT.title} subtitle="Sign in to your clinic.">
      <form className="auth-form" onSubmit={(event) => void onSubmit(event)} onFocus={preloadAuth} noValidate>
        <EmailField id="login-email" autoComplete="username" {...form.register('email')} />
        {/* Not a Field: the label shares its row with 'Forgot password?'. */}
        <div className="field">
          <div className="field-label-row">
            <label className="field-label" htmlFor="login-password">
              Password
            </label>
            <button
              type="button"
              className="button button-link"
              disabled={email === '' || busy}
              onClick={onForgotPassword}
            >
              {reset.pending ? LOGIN_TEXT.sending : LOGIN_TEXT.forgot}
            </button>
          </div>
          <PasswordInput id="login-password" autoComplete="current-password" {...form.register('password')} />
        </div>
        <AuthSubmit message={shown} working={signIn.pending} busy={busy} texts={LOGIN_TEXT} />
      </form>
      <div className="auth-alternative">
        <span>New clinic?</span>
        <Link to="/signup" className="button button-secondary button-block">
          {LOGIN_TEXT.signUp}
        </Link>
      </div>
    </AuthLayout>
  );
}
