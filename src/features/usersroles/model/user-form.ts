import type { Role } from '@/lib/authorization';
import { USERS_TEXT } from './messages';
import { isAssignableRole, type AssignableRole } from './roles';

export interface AddUserValues {
  name: string;
  email: string;
  password: string;
  role: string;
}

export interface AddUserInput {
  name: string;
  email: string;
  password: string;
  role: AssignableRole;
}

export interface EditUserValues {
  name: string;
  role: string;
}

export interface EditUserInput {
  name: string;
  /** A role one may give, or the one the user already has (a superadmin's own profile keeps its role). */
  role: Role;
}

export type Checked<T> = { ok: true; input: T } | { ok: false; message: string };

const blank = (value: string) => value.trim() === '';

/**
 * Add User: name, email, password and role are required ('Please fill all fields.'); whitespace
 * counts as empty. The password is sent as typed; e-mail format and password strength are the auth
 * server's to judge, and its answer is shown.
 */
export function checkAddUser(values: AddUserValues): Checked<AddUserInput> {
  if (blank(values.name) || blank(values.email) || values.password === '' || !isAssignableRole(values.role)) {
    return { ok: false, message: USERS_TEXT.fillAllFields };
  }
  return {
    ok: true,
    input: { name: values.name.trim(), email: values.email.trim(), password: values.password, role: values.role },
  };
}

/**
 * Edit User: name and role are required ('Please fill all fields.'). The role is
 * one that may be given, or the one the user has now (left as it is).
 */
export function checkEditUser(values: EditUserValues, currentRole: Role): Checked<EditUserInput> {
  const role = values.role;
  const keptOrAssignable = role === currentRole ? currentRole : isAssignableRole(role) ? role : null;
  if (blank(values.name) || keptOrAssignable === null) return { ok: false, message: USERS_TEXT.fillAllFields };
  return { ok: true, input: { name: values.name.trim(), role: keptOrAssignable } };
}

/** The Edit form starts from the stored profile. */
export function editUserValuesOf(user: { name: string; role: Role }): EditUserValues {
  return { name: user.name, role: user.role };
}

/** The profile as stored, in the shape Edit User writes. */
export function storedUserFields(user: { name: string; role: Role }): EditUserInput {
  return { name: user.name, role: user.role };
}

/**
 * After someone else saved the profile while Edit User was open: the form shows their values
 * (`current`) in the fields this user left as they were opened (`opened`), and keeps what this
 * user changed (docs/adr/0023-concurrent-edits.md).
 */
export function mergeConcurrentUserEdit(
  values: EditUserValues,
  opened: EditUserInput,
  current: EditUserInput,
): EditUserValues {
  return {
    name: values.name.trim() === opened.name ? current.name : values.name,
    role: values.role === opened.role ? current.role : values.role,
  };
}
