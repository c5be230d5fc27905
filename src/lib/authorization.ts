/**
 * Who may see which tab and do which shell-level action, in one place: the tab registry reads it to
 * build the sidebar and the tab panel reads it again before rendering a view. Each tab and action
 * names the permission it needs; which roles hold it is
 * @common/contract/permissions, the same table the row-level-security policies ask. The database
 * is what enforces it.
 */
import { hasPermission, isStaffRole, STAFF_ROLES, type Permission } from '@common/contract/permissions';
import type { Role } from './database.types';

export type { Role };

export const ROLES = STAFF_ROLES;

export const ROLE_LABELS: Record<Role, string> = {
  superadmin: 'Superadmin',
  admin: 'Admin',
  receptionist: 'Receptionist',
  dentist: 'Dentist',
};

/** The sidebar tabs, in the spec's order, with its keys and labels. */
export const TAB_KEYS = [
  'patients',
  'appointments',
  'dentists',
  'bills',
  'procedures',
  'clinicconfig',
  'usersroles',
  'chat',
  'reports',
  'recalls',
  'waitlist',
] as const;
export type TabKey = (typeof TAB_KEYS)[number];

export const TAB_LABELS: Record<TabKey, string> = {
  patients: 'Patients',
  appointments: 'Appointments',
  dentists: 'Dentists',
  bills: 'Billing System',
  procedures: 'Procedures',
  clinicconfig: 'Clinic Config',
  usersroles: 'Users & Roles',
  chat: 'Chat',
  reports: 'Reports',
  recalls: 'Recalls',
  waitlist: 'Waitlist',
};

/**
 * Each tab's heading (its screen's h1). The dashboard's frame draws it before the tab's code is
 * here (src/app/dashboard-frame.tsx), so the screen and the frame take it from here.
 */
export const TAB_TITLES: Record<TabKey, string> = {
  patients: 'Patients',
  appointments: 'Appointments',
  dentists: 'Dentists',
  bills: 'Billing System',
  procedures: 'Clinic Procedure Manager',
  clinicconfig: 'Clinic Configuration',
  usersroles: 'Users & Roles',
  chat: 'Chat',
  reports: 'Reports',
  recalls: 'Recalls',
  waitlist: 'Waitlist',
};

/**
 * The permission a tab needs. Dentists may read dentists, procedures and recalls, but the tabs
 * that manage them are the front desk's.
 */
export const TAB_PERMISSIONS: Record<TabKey, Permission> = {
  patients: 'patients.read',
  appointments: 'appointments.read',
  bills: 'billing.read',
  chat: 'messenger.read',
  dentists: 'dentists.manage',
  procedures: 'procedures.manage',
  clinicconfig: 'clinic.configure',
  usersroles: 'users.manage',
  reports: 'reports.read',
  recalls: 'recalls.manage',
  waitlist: 'waitlist.manage',
};

/** Actions outside any one tab, and the permission each needs. */
export const ACTION_PERMISSIONS = {
  /** The clinic selector: work on any clinic's data. */
  'clinic:switch': 'clinics.manage',
  /** 'Add Clinic' (Clinic Config). */
  'clinic:create': 'clinics.manage',
  /** 'Void' on an invoice or a payment: the functions void_invoice / void_payment refuse anyone else. */
  'billing:void': 'billing.void',
  /** Chart a tooth and remove chart entries (the patient's dental chart): dentists and admins. */
  'chart:write': 'chart.write',
  /** Plan treatment on the chart: dentists and admins (plan_treatment refuses anyone else). */
  'plan:write': 'plan.write',
  /** Accept / Decline a plan item for the patient: every clinic role. */
  'plan:decide': 'plan.decide',
  /** Book an appointment (Book on a plan item). */
  'appointments:write': 'appointments.write',
} as const satisfies Record<string, Permission>;
export type Action = keyof typeof ACTION_PERMISSIONS;

export const isRole: (value: unknown) => value is Role = isStaffRole;

export function isTabKey(value: unknown): value is TabKey {
  return typeof value === 'string' && (TAB_KEYS as readonly string[]).includes(value);
}

export function canSeeTab(role: Role | null | undefined, tab: TabKey): boolean {
  return hasPermission(role, TAB_PERMISSIONS[tab]);
}

/** The tabs a role sees, in sidebar order. */
export function allowedTabs(role: Role | null | undefined): TabKey[] {
  return TAB_KEYS.filter((tab) => canSeeTab(role, tab));
}

export function can(role: Role | null | undefined, action: Action): boolean {
  return hasPermission(role, ACTION_PERMISSIONS[action]);
}
