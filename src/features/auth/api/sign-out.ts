import { getSupabase } from '@/lib/supabase';

/** Logout: ends this browser's session on the server and clears it locally (other devices stay signed in). */
export async function signOutHere(): Promise<void> {
  const { error } = await getSupabase().auth.signOut({ scope: 'local' });
  if (error) console.warn('Ngiti: sign-out answered an error; the local session is cleared anyway', error.message);
}
