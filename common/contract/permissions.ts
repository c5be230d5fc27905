/**
 * Who may do what: the staff roles and the permissions each clinic role holds in its own clinic.
 * This is the data of the database's public.role_permissions
 * (supabase/migrations/…_clinics_and_users.sql), which the row-level-security policies and RPCs ask through
 * public.authorize(clinic, permission); tests/integration/database/role-permissions.test.ts keeps
 * the two equal. The SPA (tabs, buttons) and the service (route checks) read it from here; the
 * database is what enforces it.
 *
 * Plain constants, no zod and no Node imports: the SPA's shell loads it in the /login entry.
 */

/** users.role: every staff role, the superadmin first. */
export const STAFF_ROLES = ['superadmin', 'admin', 'receptionist', 'dentist'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The roles of one clinic's staff: every role but the superadmin's. */
export type ClinicRole = Exclude<StaffRole, 'superadmin'>;
export const CLINIC_ROLES = STAFF_ROLES.filter((role): role is ClinicRole => role !== 'superadmin');

/** Capabilities, `<area>.<verb>`. */
export const PERMISSIONS = [
  'clinic.read',
  'clinic.configure',
  /** Add and delete clinics, and work in any of them: held by no clinic role, so the superadmin's alone. */
  'clinics.manage',
  'users.manage',
  'patients.read',
  'patients.write',
  'appointments.read',
  'appointments.write',
  'messenger.read',
  'dentists.read',
  'dentists.manage',
  'procedures.read',
  'procedures.manage',
  'billing.read',
  'billing.write',
  'billing.void',
  'reports.read',
  'recalls.read',
  'recalls.manage',
  'waitlist.manage',
  'audit.read',
  'chart.read',
  /** Record and remove dental chart entries: dentists, and admins (often the clinic's own dentist). */
  'chart.write',
  /** Add and change the clinic's accredited HMOs and what they cover: admins. */
  'hmos.manage',
  'plan.read',
  /** Plan treatment (items on the chart): dentists and admins, like charting. */
  'plan.write',
  /** Record the patient's accept / decline: every clinic role (the front desk is there when they decide). */
  'plan.decide',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const EVERY_CLINIC_ROLE: readonly Permission[] = [
  'clinic.read',
  'patients.read',
  'patients.write',
  'appointments.read',
  'appointments.write',
  'messenger.read',
  'dentists.read',
  'procedures.read',
  'billing.read',
  'billing.write',
  'recalls.read',
  'chart.read',
  'plan.read',
  'plan.decide',
];

const FRONT_DESK: readonly Permission[] = [
  ...EVERY_CLINIC_ROLE,
  'dentists.manage',
  'procedures.manage',
  'reports.read',
  'recalls.manage',
  'waitlist.manage',
];

/** What each clinic role may do in its own clinic. The superadmin holds every permission in every clinic. */
export const ROLE_PERMISSIONS: Readonly<Record<ClinicRole, readonly Permission[]>> = {
  admin: [
    ...FRONT_DESK,
    'clinic.configure',
    'users.manage',
    'billing.void',
    'audit.read',
    'chart.write',
    'plan.write',
    'hmos.manage',
  ],
  receptionist: FRONT_DESK,
  dentist: [...EVERY_CLINIC_ROLE, 'chart.write', 'plan.write'],
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/**
 * Whether `role` holds `permission` (in its own clinic; the superadmin in every clinic). A string
 * that is no staff role (a profile read as stored) holds nothing.
 */
export function hasPermission(role: string | null | undefined, permission: Permission): boolean {
  if (!isStaffRole(role)) return false;
  return role === 'superadmin' || ROLE_PERMISSIONS[role].includes(permission);
}

/** The roles holding `permission`, in STAFF_ROLES order (the superadmin always). */
export function rolesWith(permission: Permission): StaffRole[] {
  return STAFF_ROLES.filter((role) => hasPermission(role, permission));
}
