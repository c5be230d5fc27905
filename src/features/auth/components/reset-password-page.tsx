import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { recoveryTokens } from '@/lib/auth-fragment';
import { preloadAuth, useUpdatePassword } from '../api/lazy';
import { RESET_TEXT } from '../messages';
import { validateNewPassword } from '../validation';
import { AuthLayout } from './auth-layout';
import { failureMessage } from './failure-message';
import { PasswordInput } from './password-input';

/**
 * Reached from the recovery e-mail: the link's fragment carries a recovery session
 * (`#access_token=…&type=recovery`). The app reads it here itself — supabase-js does not
 * consume it (detectSessionInUrl is off) — and clears it after a successful reset.
 */
export function ResetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: after success the fragment is cleared but the page stays.
  const [tokens] = useState(() => recoveryTokens(location.hash));
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const [message, setMessage] = useState<FormMessageValue | null>(() =>
    tokens ? null : { tone: 'error', text: RESET_TEXT.invalidLink },
  );
  const update = useUpdatePassword();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = validateNewPassword(password);
    if (problem) {
      setMessage({ tone: 'error', text: problem });
      return;
    }
    if (!tokens) {
      setMessage({ tone: 'error', text: RESET_TEXT.invalidLink });
      return;
    }
    setMessage(null);
    try {
      await update.run(tokens, password);
      setPassword('');
      setDone(true);
      setMessage({ tone: 'success', text: RESET_TEXT.success });
      navigate({ pathname: '/reset-password', hash: '' }, { replace: true });
    } catch (error) {
      setMessage(failureMessage(error, RESET_TEXT.failed));
    }
  }

  return (
    <AuthLayout title={RESET_TEXT.title} subtitle={done ? undefined : 'Choose a new password for your account.'}>
      {done ? (
        <div className="auth-form">
          <FormMessage message={message} />
          <Link to="/login" className="button button-primary button-block">
            {RESET_TEXT.goToLogin}
          </Link>
        </div>
      ) : (
        <>
          <form className="auth-form" onSubmit={onSubmit} onFocus={preloadAuth} noValidate>
            <div className="field">
              <label className="field-label" htmlFor="reset-password">
                New Password
              </label>
              <PasswordInput
                id="reset-password"
                name="new-password"
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </div>
            <FormMessage message={message} />
            <button type="submit" className="button button-primary button-block" disabled={update.pending}>
              {update.pending ? RESET_TEXT.working : RESET_TEXT.submit}
            </button>
          </form>
          <div className="auth-alternative">
            <Link to="/login">Back to Login</Link>
          </div>
        </>
      )}
    </AuthLayout>
  );
}
