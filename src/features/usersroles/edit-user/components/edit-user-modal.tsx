import { useId } from 'react';
import { firstErrorMessage } from '@/components/form/first-error-message';
import { FormModal } from '@/components/form/form-modal';
import { SelectField } from '@/components/form/select-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage } from '@/components/form-message';
import { UserNameField } from '../../model/components/user-name-field';
import { USERS_EXTRA_TEXT, USERS_TEXT } from '../../model/messages';
import { ASSIGNABLE_ROLES, isAssignableRole } from '../../model/roles';
import type { StaffUser } from '../../model/user';
import { editUserValuesOf } from '../../model/user-form';
import { editUserSchema } from '../api/update-user.schema';
import { useEditUserSubmission } from './use-edit-user-submission';

/**
 * Edit User: Name and Role. Nobody changes their own role (the database refuses it too), so on
 * one's own row the role is shown but cannot be picked. A save made elsewhere meanwhile keeps the
 * form open with the other save's values where this user changed nothing.
 */
export function EditUserModal({
  clinicId,
  user,
  isSelf,
  viewerIsSuperadmin,
  onClose,
  onSaved,
}: {
  clinicId: number;
  user: StaffUser;
  isSelf: boolean;
  /** The signed-in user is the superadmin, who alone may change the superadmin's profile. */
  viewerIsSuperadmin: boolean;
  onClose: () => void;
  /** Saved: the message to show, and the profile as saved. */
  onSaved: (message: string, saved: StaffUser) => void;
}) {
  const formId = useId();
  const submission = useEditUserSubmission(clinicId, user, { viewerIsSuperadmin, onSaved });
  // The role as stored may be kept as it is, even one that cannot be given (a superadmin's own).
  const storedRole = submission.opened.role;
  const form = useZodForm(editUserSchema(storedRole), { defaultValues: editUserValuesOf(user) });
  const refused = firstErrorMessage(form.formState.errors);
  // A superadmin's profile keeps its role: it is offered as it is, besides the roles one may give.
  const roleOptions = isAssignableRole(storedRole) ? ASSIGNABLE_ROLES : [storedRole, ...ASSIGNABLE_ROLES];

  return (
    <FormModal
      formId={formId}
      formClassName="user-form"
      title={USERS_TEXT.editUserTitle}
      onClose={onClose}
      onSubmit={form.handleSubmit(
        async (input) => {
          const shown = await submission.submit(form.getValues(), input);
          if (shown) for (const key of ['name', 'role'] as const) form.setValue(key, shown[key]);
        },
        () => submission.setMessage(null),
      )}
      pending={submission.pending}
    >
      <UserNameField formId={formId} currentValue={form.watch('name')} {...form.register('name')} />
      <SelectField
        id={`${formId}-role`}
        label={USERS_TEXT.fields.role}
        options={roleOptions}
        hint={isSelf ? USERS_EXTRA_TEXT.ownRole : undefined}
        {...form.register('role')}
        disabled={isSelf}
      />
      <FormMessage message={refused ? { tone: 'error', text: refused } : submission.message} />
    </FormModal>
  );
}
