/**
 * Every call of the auth feature, as one chunk the login screen loads on first use (through
 * ./lazy.ts), together with the Supabase client they need.
 */
export { getProfile } from './get-profile';
export { restoreSession } from './restore-session';
export { sendPasswordReset } from './send-password-reset';
export { signInWithPassword } from './sign-in';
export { signOutHere } from './sign-out';
export { signUpClinic } from './sign-up';
export { updatePassword } from './update-password';
