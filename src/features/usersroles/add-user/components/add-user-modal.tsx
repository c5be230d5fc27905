import { useId, useRef, useState, type FormEvent } from 'react';
import { Field } from '@/components/form/field';
import { FormModal } from '@/components/form/form-modal';
import { SelectField } from '@/components/form/select-field';
import { firstErrorMessage, useZodForm } from '@/components/form/use-zod-form';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { USERS_EXTRA_TEXT, USERS_TEXT } from '../../model/messages';
import { ASSIGNABLE_ROLES, DEFAULT_ROLE } from '../../model/roles';
import { CreateUserError, useCreateUser } from '../api/create-user';
import { addUserSchema } from '../api/create-user.schema';

/**
 * Add User (spec part 2 §2, §5, §8): Name, Email, Password and Role (receptionist by default).
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
  const formId = useId();
  const form = useZodForm(addUserSchema, {
    defaultValues: { name: '', email: '', password: '', role: DEFAULT_ROLE },
  });
  const [failure, setFailure] = useState<FormMessageValue | null>(null);
  const create = useCreateUser(clinicId);
  const saved = useRef(false);
  const refused = firstErrorMessage(form.formState.errors);

  function submit(event: FormEvent<HTMLFormElement>) {
    if (saved.current) return;
    return form.handleSubmit(
      async (input) => {
        setFailure(null);
        try {
          const result = await create.mutateAsync(input);
          if (result === ALREADY_PENDING) return;
          saved.current = true;
          onCreated(USERS_TEXT.created);
        } catch (error) {
          console.error('Ngiti: adding a user failed', error);
          setFailure({
            tone: 'error',
            text: USERS_TEXT.createFailed,
            detail: error instanceof CreateUserError ? error.detail : undefined,
          });
        }
      },
      () => setFailure(null),
    )(event);
  }

  return (
    <FormModal
      formId={formId}
      formClassName="user-form"
      title={USERS_TEXT.addUserTitle}
      onClose={onClose}
      onSubmit={submit}
      pending={create.isPending}
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
      <Field id={`${formId}-email`} label={USERS_TEXT.fields.email}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="email"
            autoComplete="off"
            spellCheck={false}
            {...form.register('email')}
          />
        )}
      </Field>
      <Field id={`${formId}-password`} label={USERS_TEXT.fields.password} hint={USERS_EXTRA_TEXT.passwordHint}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="password"
            autoComplete="new-password"
            {...form.register('password')}
          />
        )}
      </Field>
      <SelectField
        id={`${formId}-role`}
        label={USERS_TEXT.fields.role}
        options={ASSIGNABLE_ROLES}
        {...form.register('role')}
      />
      <FormMessage message={refused ? { tone: 'error', text: refused } : failure} />
    </FormModal>
  );
}
