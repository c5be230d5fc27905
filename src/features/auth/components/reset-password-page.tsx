import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Field } from '@/components/form/field';
import { useCheckedForm } from '@/components/form/use-checked-form';
import { FormMessage } from '@/components/form-message';
import { recoveryTokens } from '@/lib/auth-fragment';
import { preloadAuth, useUpdatePassword } from '../api/lazy';
import { checkNewPassword } from '../api/update-password.check';
import { RESET_TEXT } from '../messages';
import { AuthSubmit } from './auth-form';
import { AuthLayout } from './auth-layout';
import { PasswordInput } from './password-input';
import { useAuthSubmit } from './use-auth-submit';

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
  const form = useCheckedForm(checkNewPassword, { defaultValues: { 'new-password': '' } });
  const [done, setDone] = useState(false);
  const update = useUpdatePassword();
  const { onSubmit, message, shown } = useAuthSubmit(form, {
    run: async ({ password }, setMessage) => {
      if (!tokens) {
        setMessage({ tone: 'error', text: RESET_TEXT.invalidLink });
        return;
      }
      await update.run(tokens, password);
      form.reset();
      setDone(true);
      setMessage({ tone: 'success', text: RESET_TEXT.success });
      navigate({ pathname: '/reset-password', hash: '' }, { replace: true });
    },
    failedText: RESET_TEXT.failed,
    initialMessage: () => (tokens ? null : { tone: 'error', text: RESET_TEXT.invalidLink }),
  });

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
          <form className="auth-form" onSubmit={(event) => void onSubmit(event)} onFocus={preloadAuth} noValidate>
            <Field id="reset-password" label="New Password">
              {(control) => (
                <PasswordInput {...control} autoComplete="new-password" {...form.register('new-password')} />
              )}
            </Field>
            <AuthSubmit message={shown} working={update.pending} texts={RESET_TEXT} />
          </form>
          <div className="auth-alternative">
            <Link to="/login">Back to Login</Link>
          </div>
        </>
      )}
    </AuthLayout>
  );
}
