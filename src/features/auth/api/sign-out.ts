import { loadSupabase } from '@/lib/supabase-loader';

/** Logout: ends this browser's session on the server and clears it locally (other devices stay signed in). */
export async function signOutHere(): Promise<void> {
  const { error } = await (await loadSupabase()).auth.signOut({ scope: 'local' });
  if (error) console.warn('Ngiti: sign-out answered an error; the local session is cleared anyway', error.message);
}
