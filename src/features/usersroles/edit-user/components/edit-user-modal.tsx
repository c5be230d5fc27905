import { FormModal } from '@/components/form/form-modal';
import { SelectField } from '@/components/form/select-field';
import { useFormSubmission } from '@/components/form/use-form-submission';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage } from '@/components/form-message';
import { UserNameField } from '../../model/components/user-name-field';
import { USERS_EXTRA_TEXT, USERS_TEXT } from '../../model/messages';
import { ASSIGNABLE_ROLES, isAssignableRole } from '../../model/roles';
import { updateFailureDetail } from '../../model/update-failure';
import type { StaffUser } from '../../model/user';
import { useUpdateUser } from '../api/update-user';
import { editUserSchema } from '../api/update-user.schema';

/**
 * Edit User: Name and Role. Nobody changes their own role (the database refuses it too), so on
 * one's own row the role is shown but cannot be picked.
 */
export function EditUserModal({
  clinicId,
  user,
  isSelf,
  onClose,
  onSaved,
}: {
  clinicId: number;
  user: StaffUser;
  isSelf: boolean;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const form = useZodForm(editUserSchema(user.role), { defaultValues: { name: user.name, role: user.role } });
  const update = useUpdateUser(clinicId);
  const { formId, formProps, message } = useFormSubmission(form, {
    pending: update.isPending,
    send: (input) => update.mutateAsync({ id: user.id, input }),
    onSent: () => onSaved(USERS_TEXT.updated),
    failureLog: 'updating a user',
    failureMessage: (error) => ({ tone: 'error', text: USERS_TEXT.updateFailed, detail: updateFailureDetail(error) }),
  });
  // A superadmin's profile keeps its role: it is offered as it is, besides the roles one may give.
  const roleOptions = isAssignableRole(user.role) ? ASSIGNABLE_ROLES : [user.role, ...ASSIGNABLE_ROLES];

  return (
    <FormModal {...formProps} formClassName="user-form" title={USERS_TEXT.editUserTitle} onClose={onClose}>
      <UserNameField formId={formId} currentValue={form.watch('name')} {...form.register('name')} />
      <SelectField
        id={`${formId}-role`}
        label={USERS_TEXT.fields.role}
        options={roleOptions}
        hint={isSelf ? USERS_EXTRA_TEXT.ownRole : undefined}
        {...form.register('role')}
        disabled={isSelf}
      />
      <FormMessage message={message} />
    </FormModal>
  );
}
