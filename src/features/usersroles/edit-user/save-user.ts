/**
 * Save of the Edit User form: src/lib/conditional-edit.ts with the profile's name and role, its
 * outcome in the form's words. No React: the write and the read are passed in
 * (./components/use-edit-user-submission.ts).
 */
import type { FormMessageValue } from '@/components/form-message';
import { saveConditionalEdit, type ConditionalEdit, type ConditionalEditDependencies } from '@/lib/conditional-edit';
import { USERS_EXTRA_TEXT, USERS_TEXT } from '../model/messages';
import { updateFailureDetail } from '../model/update-failure';
import { isOutOfReach, type StaffUser } from '../model/user';
import { mergeConcurrentUserEdit, storedUserFields, type EditUserInput, type EditUserValues } from '../model/user-form';

/** The write (while the stored profile still holds `opened`) and the fresh read, passed in. */
export type UserEditDependencies = ConditionalEditDependencies<EditUserInput, StaffUser, EditUserValues>;

/** The inputs as typed, what the schema made of them (what is written), and the profile as last seen. */
export type UserEdit = ConditionalEdit<EditUserInput, EditUserValues>;

export type UserEditOutcome =
  | { readonly type: 'saved'; readonly row: StaffUser; readonly text: string }
  | { readonly type: 'already-pending' }
  /** Saved elsewhere meanwhile: nothing written; the form shows `values` and now stands on `opened`. */
  | {
      readonly type: 'changed-meanwhile';
      readonly current: StaffUser;
      readonly opened: EditUserInput;
      readonly values: EditUserValues;
      readonly message: FormMessageValue;
    }
  /** Nothing written, and the list is out of date: the profile is deleted, or became one this user may not change. */
  | { readonly type: 'gone'; readonly message: FormMessageValue }
  | { readonly type: 'failed'; readonly message: FormMessageValue };

export async function saveUserEdit(
  edit: UserEdit,
  deps: UserEditDependencies,
  { viewerIsSuperadmin }: { viewerIsSuperadmin: boolean },
): Promise<UserEditOutcome> {
  const result = await saveConditionalEdit<EditUserInput, StaffUser, EditUserValues>(edit, {
    ...deps,
    storedFieldsOf: storedUserFields,
    merge: mergeConcurrentUserEdit,
  });
  switch (result.type) {
    case 'saved':
      return { type: 'saved', row: result.row, text: USERS_TEXT.updated };
    case 'changed-meanwhile':
      // The profile became the superadmin's: the filter kept the database's refusal from being
      // reached, so the form gives it, as the list now does for that row.
      if (isOutOfReach(result.current, viewerIsSuperadmin))
        return {
          type: 'gone',
          message: { tone: 'error', text: USERS_TEXT.updateFailed, detail: USERS_EXTRA_TEXT.superadminOnly },
        };
      return { ...result, message: { tone: 'error', text: USERS_EXTRA_TEXT.changedMeanwhile } };
    case 'gone':
    case 'failed':
      console.error('Ngiti: updating a user failed', result.error);
      return {
        type: result.type,
        message: { tone: 'error', text: USERS_TEXT.updateFailed, detail: updateFailureDetail(result.error) },
      };
    default:
      return result;
  }
}
