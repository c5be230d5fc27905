import { useId, useRef, useState, type FormEvent } from 'react';
import { Field } from '@/components/form/field';
import { FormModal } from '@/components/form/form-modal';
import { SelectField } from '@/components/form/select-field';
import { firstErrorMessage, useZodForm } from '@/components/form/use-zod-form';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { USERS_EXTRA_TEXT, USERS_TEXT } from '../../model/messages';
import { ASSIGNABLE_ROLES, isAssignableRole } from '../../model/roles';
import { updateFailureDetail } from '../../model/update-failure';
import type { StaffUser } from '../../model/user';
import { useUpdateUser } from '../api/update-user';
import { editUserSchema } from '../api/update-user.schema';

/**
 * Edit User (spec part 2 §2, §5, §8): Name and Role. Nobody changes their own role (the
 * database refuses it too), so on one's own row the role is shown but cannot be picked.
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
  const formId = useId();
  const form = useZodForm(editUserSchema(user.role), { defaultValues: { name: user.name, role: user.role } });
  const [failure, setFailure] = useState<FormMessageValue | null>(null);
  const update = useUpdateUser(clinicId);
  const saved = useRef(false);
  const refused = firstErrorMessage(form.formState.errors);
  // A superadmin's profile keeps its role: it is offered as it is, besides the roles one may give.
  const roleOptions = isAssignableRole(user.role) ? ASSIGNABLE_ROLES : [user.role, ...ASSIGNABLE_ROLES];

  function submit(event: FormEvent<HTMLFormElement>) {
    if (saved.current) return;
    return form.handleSubmit(
      async (input) => {
        setFailure(null);
        try {
          const result = await update.mutateAsync({ id: user.id, input });
          if (result === ALREADY_PENDING) return;
          saved.current = true;
          onSaved(USERS_TEXT.updated);
        } catch (error) {
          console.error('Ngiti: updating a user failed', error);
          setFailure({ tone: 'error', text: USERS_TEXT.updateFailed, detail: updateFailureDetail(error) });
        }
      },
      () => setFailure(null),
    )(event);
  }

  return (
    <FormModal
      formId={formId}
      formClassName="user-form"
      title={USERS_TEXT.editUserTitle}
      onClose={onClose}
      onSubmit={submit}
      pending={update.isPending}
      submitLabel={USERS_EXTRA_TEXT.save}
      pendingLabel={USERS_EXTRA_TEXT.saving}
      cancelLabel={USERS_EXTRA_TEXT.cancel}
    >
      <Field id={`${formId}-name`} label={USERS_TEXT.fields.name}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="text"
            autoComplete="off"
            maxLength={200}
            {...form.register('name')}
          />
        )}
      </Field>
      <SelectField
        id={`${formId}-role`}
        label={USERS_TEXT.fields.role}
        options={roleOptions}
        hint={isSelf ? USERS_EXTRA_TEXT.ownRole : undefined}
        {...form.register('role')}
        disabled={isSelf}
      />
      <FormMessage message={refused ? { tone: 'error', text: refused } : failure} />
    </FormModal>
  );
}
