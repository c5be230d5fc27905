/** The texts of the access screens, word for word from the spec. */
export const LOGIN_TEXT = {
  title: 'Login',
  submit: 'Login',
  working: 'Logging in...',
  forgot: 'Forgot password?',
  sending: 'Sending...',
  signUp: 'Sign Up',
  needEmail: 'Please enter your email above first.',
  resetSent: 'Password reset email sent! Please check your inbox.',
  resetFailed: 'Failed to send reset email',
  invalidCredentials: 'Invalid email or password',
  profileFailed: 'User profile fetch failed',
} as const;

export const SIGNUP_TEXT = {
  title: 'Sign Up',
  submit: 'Sign Up',
  working: 'Signing up...',
  backToLogin: 'Back to Login',
  failed: 'Registration failed',
  clinicFailed: 'Clinic creation failed: ',
  profileFailed: 'User profile creation failed: ',
  initiated: 'Registration initiated! Please check your email to confirm your account.',
  success: 'Registration successful! Please check your email for confirmation.',
} as const;

export const RESET_TEXT = {
  title: 'Reset Password',
  submit: 'Update Password',
  working: 'Updating...',
  goToLogin: 'Go to Login',
  emptyPassword: 'Please enter a new password.',
  invalidLink: 'Invalid or expired reset link. Please request a new password reset.',
  failed: 'Failed to update password.',
  success: 'Password updated successfully! You may now log in with your new password.',
} as const;

/** Texts the spec does not give, for situations it does not cover (docs/adr/0025-where-the-spec-is-silent.md). */
export const EXTRA_TEXT = {
  loginFieldsRequired: 'Please enter your email and password.',
  signupFieldsRequired: 'Please fill in all four fields: Name, Email, Password and Clinic Name.',
  sessionExpired: 'Your session has expired. Please log in again.',
  sessionEnded: 'You have been signed out. Please log in again.',
  emailConfirmed: 'Your email is confirmed. You can log in now.',
  unreachable: 'Could not reach the server. Check your connection and try again.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  tooManySignUps: 'Too many sign-ups from this network. Please wait a few minutes and try again.',
  accessChanged: 'Your access was changed or removed. Please sign in again.',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
} as const;
