import { useId, useRef, useState, type FormEvent } from 'react';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { Modal } from '@/components/modal/modal';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { USERS_EXTRA_TEXT, USERS_TEXT } from '../../model/messages';
import { ASSIGNABLE_ROLES, DEFAULT_ROLE } from '../../model/roles';
import { checkAddUser, type AddUserValues } from '../../model/user-form';
import { CreateUserError, useCreateUser } from '../api/create-user';

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
  const [values, setValues] = useState<AddUserValues>({ name: '', email: '', password: '', role: DEFAULT_ROLE });
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const create = useCreateUser(clinicId);
  const saved = useRef(false);
  const set = (field: keyof AddUserValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending || saved.current) return;
    const checked = checkAddUser(values);
    if (!checked.ok) {
      setMessage({ tone: 'error', text: checked.message });
      return;
    }
    setMessage(null);
    try {
      const result = await create.mutateAsync(checked.input);
      if (result === ALREADY_PENDING) return;
      saved.current = true;
      onCreated(USERS_TEXT.created);
    } catch (error) {
      console.error('Ngiti: adding a user failed', error);
      setMessage({
        tone: 'error',
        text: USERS_TEXT.createFailed,
        detail: error instanceof CreateUserError ? error.detail : undefined,
      });
    }
  }

  return (
    <Modal
      open
      title={USERS_TEXT.addUserTitle}
      onClose={onClose}
      size="small"
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {USERS_EXTRA_TEXT.cancel}
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={create.isPending}>
            {create.isPending ? USERS_EXTRA_TEXT.saving : USERS_EXTRA_TEXT.save}
          </button>
        </>
      }
    >
      <form id={formId} className="user-form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={`${formId}-name`}>
            {USERS_TEXT.fields.name}
          </label>
          <input
            id={`${formId}-name`}
            className="input"
            type="text"
            autoComplete="off"
            maxLength={200}
            value={values.name}
            onChange={(event) => set('name')(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${formId}-email`}>
            {USERS_TEXT.fields.email}
          </label>
          <input
            id={`${formId}-email`}
            className="input"
            type="email"
            autoComplete="off"
            spellCheck={false}
            value={values.email}
            onChange={(event) => set('email')(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${formId}-password`}>
            {USERS_TEXT.fields.password}
          </label>
          <input
            id={`${formId}-password`}
            className="input"
            type="password"
            autoComplete="new-password"
            aria-describedby={`${formId}-password-hint`}
            value={values.password}
            onChange={(event) => set('password')(event.target.value)}
          />
          <span id={`${formId}-password-hint`} className="field-hint">
            {USERS_EXTRA_TEXT.passwordHint}
          </span>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${formId}-role`}>
            {USERS_TEXT.fields.role}
          </label>
          <select
            id={`${formId}-role`}
            className="input"
            value={values.role}
            onChange={(event) => set('role')(event.target.value)}
          >
            {ASSIGNABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </div>
        <FormMessage message={message} />
      </form>
    </Modal>
  );
}
