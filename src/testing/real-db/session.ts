import type { Role } from '@/lib/authorization';
import type { SessionUser } from '@/lib/session';
import { AUTH_STORAGE_KEY, getSupabase } from '@/lib/supabase';
import { realStack } from './stack';

const PASSWORD = 'Component-test-1';
/** 2100-01-01, in seconds. */
const LASTS_UNTIL = 4_102_444_800;
let accounts = 0;

export interface StaffOptions {
  role: Role;
  clinic_id: number;
  name?: string;
  email?: string;
}

/**
 * A staff account of `clinic_id` (which must exist), written as SQL: the sign-up trigger makes its
 * profile, as for an invited user. Returns the session user it would have.
 */
export async function createStaffAccount(options: StaffOptions): Promise<SessionUser> {
  accounts += 1;
  const name = options.name ?? 'Dr. Ana Santos';
  const email = options.email ?? `${options.role}-${accounts}@example.test`;
  const { rows } = await realStack().query<{ id: string; clinic_name: string | null }>(
    `with account as (
       insert into auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
       values ($1, extensions.crypt($2, extensions.gen_salt('bf', 4)), now(), $3::jsonb, $4::jsonb)
       returning id)
     select account.id::text as id, (select name from public.clinics where id = $5) as clinic_name from account`,
    [
      email,
      PASSWORD,
      JSON.stringify({ provider: 'email', providers: ['email'], clinic_id: options.clinic_id, role: options.role }),
      JSON.stringify({ name }),
      options.clinic_id,
    ],
  );
  const account = rows[0]!;
  return {
    name,
    role: options.role,
    clinic_id: options.clinic_id,
    clinic_name: account.clinic_name,
    supabase_id: account.id,
    supabase_email: email,
  };
}

/**
 * A staff member of `clinic_id` (createStaffAccount) signed in on the app's Supabase client
 * through the real `/auth/v1/token`, so every request of the test carries a real JWT and meets
 * the real row-level security. Returns the session user for `renderApp`.
 */
export async function signInAs(options: StaffOptions): Promise<SessionUser> {
  const user = await createStaffAccount(options);
  const email = user.supabase_email;
  const { error } = await getSupabase().auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw new Error(`signing in as ${email} failed: ${error.message}`);
  // Tests may set the clock to 2030 (vi.setSystemTime): the stored session says it lasts until
  // 2100, so auth-js never refreshes it; the token itself is good for the hour the file runs.
  const stored = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY)!) as { expires_at: number };
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ ...stored, expires_at: LASTS_UNTIL }));
  return user;
}
