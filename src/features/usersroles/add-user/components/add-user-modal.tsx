import { FormModal } from '@/components/form/form-modal';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useFormSubmission } from '@/components/form/use-form-submission';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage } from '@/components/form-message';
import { UserNameField } from '../../model/components/user-name-field';
import { USERS_EXTRA_TEXT, USERS_TEXT } from '../../model/messages';
import { ASSIGNABLE_ROLES, DEFAULT_ROLE } from '../../model/roles';
import { CreateUserError, useCreateUser } from '../api/create-user';
import { addUserSchema } from '../api/create-user.schema';

/**
 * Add User: Name, Email, Password and Role (receptionist by default).
 * A failure keeps the modal open with everything typed, 'User creation failed' and the auth
 * server's or the function's reason under it; on success the screen closes it and says so.
 */
export function AddUserModal({
  clinicId,
  onClose,
  onCreated,
}: {
  clinicId: number;
  onClose: () => void;
  onCreated: (message: string) => void;
}) {
  const form = useZodForm(addUserSchema, {
    defaultValues: { name: '', email: '', password: '', role: DEFAULT_ROLE },
  });
  const create = useCreateUser(clinicId);
  const { formId, formProps, message } = useFormSubmission(form, {
    pending: create.isPending,
    send: (input) => create.mutateAsync(input),
    onSent: () => onCreated(USERS_TEXT.created),
    failureLog: 'adding a user',
    failureMessage: (error) => ({
      tone: 'error',
      text: USERS_TEXT.createFailed,
      detail: error instanceof CreateUserError ? error.detail : undefined,
    }),
  });

  return (
    <FormModal {...formProps} formClassName="user-form" title={USERS_TEXT.addUserTitle} onClose={onClose}>
      <UserNameField formId={formId} currentValue={form.watch('name')} {...form.register('name')} />
      <TextField
        id={`${formId}-email`}
        label={USERS_TEXT.fields.email}
        type="email"
        autoComplete="off"
        spellCheck={false}
        {...form.register('email')}
      />
      <TextField
        id={`${formId}-password`}
        label={USERS_TEXT.fields.password}
        hint={USERS_EXTRA_TEXT.passwordHint}
        type="password"
        autoComplete="new-password"
        {...form.register('password')}
      />
      <SelectField
        id={`${formId}-role`}
        label={USERS_TEXT.fields.role}
        options={ASSIGNABLE_ROLES}
        {...form.register('role')}
      />
      <FormMessage message={message} />
    </FormModal>
  );
}
