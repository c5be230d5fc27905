import type { TabKey } from '@/lib/authorization';

/**
 * Where each tab's view lives: the default export of `src/features/<folder>/tab.tsx` (plain
 * data, also read by bench/bundle.bench.ts to name the tab chunks).
 */
export const TAB_FEATURE_FOLDERS: Record<TabKey, string> = {
  patients: 'patients',
  appointments: 'appointments',
  dentists: 'dentists',
  bills: 'billing',
  procedures: 'procedures',
  clinicconfig: 'clinics',
  usersroles: 'users',
  chat: 'chat',
  reports: 'reports',
  recalls: 'recalls',
  waitlist: 'waitlist',
};
