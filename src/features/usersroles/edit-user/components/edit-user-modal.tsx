import { useId, useRef, useState, type FormEvent } from 'react';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { Modal } from '@/components/modal/modal';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { USERS_EXTRA_TEXT, USERS_TEXT } from '../../model/messages';
import { ASSIGNABLE_ROLES, isAssignableRole } from '../../model/roles';
import { updateFailureDetail } from '../../model/update-failure';
import type { StaffUser } from '../../model/user';
import { checkEditUser, type EditUserValues } from '../../model/user-form';
import { useUpdateUser } from '../api/update-user';

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
  const [values, setValues] = useState<EditUserValues>({ name: user.name, role: user.role });
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const update = useUpdateUser(clinicId);
  const saved = useRef(false);
  // A superadmin's profile keeps its role: it is offered as it is, besides the roles one may give.
  const roleOptions = isAssignableRole(user.role) ? ASSIGNABLE_ROLES : [user.role, ...ASSIGNABLE_ROLES];

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending || saved.current) return;
    const checked = checkEditUser(values, user.role);
    if (!checked.ok) {
      setMessage({ tone: 'error', text: checked.message });
      return;
    }
    setMessage(null);
    try {
      const result = await update.mutateAsync({ id: user.id, input: checked.input });
      if (result === ALREADY_PENDING) return;
      saved.current = true;
      onSaved(USERS_TEXT.updated);
    } catch (error) {
      console.error('Ngiti: updating a user failed', error);
      setMessage({ tone: 'error', text: USERS_TEXT.updateFailed, detail: updateFailureDetail(error) });
    }
  }

  return (
    <Modal
      open
      title={USERS_TEXT.editUserTitle}
      onClose={onClose}
      size="small"
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {USERS_EXTRA_TEXT.cancel}
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={update.isPending}>
            {update.isPending ? USERS_EXTRA_TEXT.saving : USERS_EXTRA_TEXT.save}
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
            onChange={(event) => setValues((current) => ({ ...current, name: event.target.value }))}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${formId}-role`}>
            {USERS_TEXT.fields.role}
          </label>
          <select
            id={`${formId}-role`}
            className="input"
            value={values.role}
            disabled={isSelf}
            aria-describedby={isSelf ? `${formId}-role-hint` : undefined}
            onChange={(event) => setValues((current) => ({ ...current, role: event.target.value }))}
          >
            {roleOptions.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
          {isSelf ? (
            <span id={`${formId}-role-hint`} className="field-hint">
              {USERS_EXTRA_TEXT.ownRole}
            </span>
          ) : null}
        </div>
        <FormMessage message={message} />
      </form>
    </Modal>
  );
}
