import { TAB_TITLES } from '@/lib/authorization';
import { REFUSAL_TEXT } from '@/lib/refusal-text';

/** The Users & Roles tab's texts, word for word from the spec. */
export const USERS_TEXT = {
  title: TAB_TITLES.usersroles,
  addUser: 'Add User',
  addUserTitle: 'Add User',
  editUserTitle: 'Edit User',
  deleteTitle: 'Confirm Delete',
  columns: { name: 'Name', email: 'Email', role: 'Role', dateAdded: 'Date Added', actions: 'Actions' },
  fields: { name: 'Name', email: 'Email', password: 'Password', role: 'Role' },
  edit: 'Edit',
  delete: 'Delete',
  loading: 'Loading...',
  empty: 'No users found.',
  fetchFailed: 'Failed to fetch users',
  fillAllFields: 'Please fill all fields.',
  created: 'User created! They must confirm their email before logging in.',
  createFailed: 'User creation failed',
  updated: 'User updated!',
  updateFailed: 'User update failed',
  deleted: 'User deleted from Auth & custom table.',
  authDeleteFailed: (reason: string) => `Auth delete failed: ${reason}`,
  dbDeleteFailed: (reason: string) => `DB delete failed: ${reason}`,
  partialFailure: 'Partial failure deleting user.',
  deleteFailed: 'User deletion failed',
  noAuthId: 'No auth user_id stored for this user.',
  missingAuthId: '(missing)',
  nonJson: 'Edge function returned non-JSON',
  errorStatus: 'Edge function returned error status',
  unexpectedFormat: 'Unexpected edge function response format',
  /** 'Logged in as {name} ({role}) | Clinic: {name} | Clinic ID', with the id's value after it. */
  header: (name: string, role: string, clinicName: string, clinicId: number) =>
    `Logged in as ${name} (${role}) | Clinic: ${clinicName} | Clinic ID: ${clinicId}`,
} as const;

/** Texts the spec does not give (docs/adr/0025-where-the-spec-is-silent.md). */
export const USERS_EXTRA_TEXT = {
  cancel: 'Cancel',
  close: 'Close',
  deleting: 'Deleting...',
  retry: 'Retry',
  noAccess: 'You do not have access to this tab.',
  loadingClinic: 'Loading clinics…',
  deleteQuestion: 'Delete this user? They lose access at once; what they recorded is kept.',
  deleteWho: 'User',
  deleteAuthId: 'Auth user id',
  you: '(you)',
  ownRole: REFUSAL_TEXT.own_role_change,
  superadminByService: REFUSAL_TEXT.superadmin_by_service_only,
  ownAccount: 'You cannot delete your own account.',
  lastAdmin: REFUSAL_TEXT.last_admin,
  superadminOnly: REFUSAL_TEXT.superadmin_account_protected,
  passwordHint: 'At least 6 characters.',
  tryAgain: 'Could not reach the server. Please check your connection and try again.',
  serviceUnavailable: 'The user service is unavailable right now, so nothing was changed. Please try again later.',
  confirmationMailFailed:
    'The confirmation e-mail could not be sent, so the user was not added. Please try again later.',
  confirmationMailFailedAccountKept:
    'The confirmation e-mail could not be sent, and the new account could not be removed. Delete it from the list before adding this user again.',
  serverFailed: 'The server failed while handling this request. Refresh the list to see whether anything changed.',
  notAllowed: 'Your role may not do this.',
  gone: 'This user no longer exists. The list has been refreshed.',
  /** The profile changed elsewhere while Edit User was open (docs/adr/0023-concurrent-edits.md). */
  changedMeanwhile:
    'Someone else changed this user while you were editing. The form now shows their changes, with yours kept: check it, then save again.',
} as const;
