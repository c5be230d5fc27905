/**
 * Who may see which tab and do which shell-level action (spec part 1 §6, part 2 §6), in one
 * place: the tab registry reads it to build the sidebar and the tab panel reads it again before
 * rendering a view. It mirrors the row-level-security policies; the database is what enforces them.
 */
import type { Role } from './database.types';

export type { Role };

export const ROLES = ['superadmin', 'admin', 'receptionist', 'dentist'] as const satisfies readonly Role[];

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

const EVERY_ROLE = ROLES;
const CLINIC_STAFF: readonly Role[] = ['superadmin', 'admin', 'receptionist'];
const CLINIC_MANAGERS: readonly Role[] = ['superadmin', 'admin'];

export const TAB_ROLES: Record<TabKey, readonly Role[]> = {
  patients: EVERY_ROLE,
  appointments: EVERY_ROLE,
  bills: EVERY_ROLE,
  chat: EVERY_ROLE,
  dentists: CLINIC_STAFF,
  procedures: CLINIC_STAFF,
  clinicconfig: CLINIC_MANAGERS,
  usersroles: CLINIC_MANAGERS,
  // Beyond the spec (issue 17): front-desk work, so the clinic's staff but not dentists.
  reports: CLINIC_STAFF,
  recalls: CLINIC_STAFF,
  waitlist: CLINIC_STAFF,
};

/** Actions outside any one tab. */
export const ACTION_ROLES = {
  /** The clinic selector: work on any clinic's data. */
  'clinic:switch': ['superadmin'],
  /** 'Add Clinic' (Clinic Config). */
  'clinic:create': ['superadmin'],
  /** 'Void' on an invoice or a payment (issue 13): the functions void_invoice / void_payment refuse anyone else. */
  'billing:void': ['superadmin', 'admin'],
} as const satisfies Record<string, readonly Role[]>;
export type Action = keyof typeof ACTION_ROLES;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isTabKey(value: unknown): value is TabKey {
  return typeof value === 'string' && (TAB_KEYS as readonly string[]).includes(value);
}

export function canSeeTab(role: Role | null | undefined, tab: TabKey): boolean {
  return !!role && TAB_ROLES[tab].includes(role);
}

/** The tabs a role sees, in sidebar order. */
export function allowedTabs(role: Role | null | undefined): TabKey[] {
  return TAB_KEYS.filter((tab) => canSeeTab(role, tab));
}

export function can(role: Role | null | undefined, action: Action): boolean {
  return !!role && (ACTION_ROLES[action] as readonly Role[]).includes(role);
}
