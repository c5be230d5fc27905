import { Link } from 'react-router';
import { Field } from '@/components/form/field';
import { BoundedTextField } from '@/components/form/length-limit';
import { useCheckedForm } from '@/components/form/use-checked-form';
import { preloadAuth, useSignUpClinic } from '../api/lazy';
import { checkSignUp } from '../api/sign-up.check';
import { SIGNUP_TEXT } from '../messages';
import { LIMITS } from '../validation';
import { AuthSubmit, EmailField } from './auth-form';
import { AuthLayout } from './auth-layout';
import { PasswordInput } from './password-input';
import { useAuthSubmit } from './use-auth-submit';

export function SignupPage() {
  const form = useCheckedForm(checkSignUp, { defaultValues: { name: '', email: '', password: '', clinic_name: '' } });
  const signUp = useSignUpClinic();
  const { onSubmit, shown } = useAuthSubmit(form, {
    run: async (input, setMessage) => {
      const outcome = await signUp.run(input);
      if (outcome === undefined) return;
      form.reset();
      setMessage({ tone: 'success', text: outcome === 'registered' ? SIGNUP_TEXT.success : SIGNUP_TEXT.initiated });
    },
    failedText: SIGNUP_TEXT.failed,
  });

  return (
    <AuthLayout title={SIGNUP_TEXT.title} subtitle="Register your clinic. You become its admin.">
      <form className="auth-form" onSubmit={(event) => void onSubmit(event)} onFocus={preloadAuth} noValidate>
        <BoundedTextField
          id="signup-name"
          label="Name"
          autoComplete="name"
          limit={LIMITS.name}
          currentValue={form.watch('name')}
          {...form.register('name')}
        />
        <EmailField id="signup-email" autoComplete="email" {...form.register('email')} />
        <Field id="signup-password" label="Password">
          {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register('password')} />}
        </Field>
        <BoundedTextField
          id="signup-clinic"
          label="Clinic Name"
          autoComplete="organization"
          limit={LIMITS.clinicName}
          currentValue={form.watch('clinic_name')}
          {...form.register('clinic_name')}
        />
        <AuthSubmit message={shown} working={signUp.pending} texts={SIGNUP_TEXT} />
      </form>
      <div className="auth-alternative">
        <Link to="/login" className="button button-secondary button-block">
          {SIGNUP_TEXT.backToLogin}
        </Link>
      </div>
    </AuthLayout>
  );
}
