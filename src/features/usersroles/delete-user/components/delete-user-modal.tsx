import { useState } from 'react';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { Modal } from '@/components/modal/modal';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { failureLines } from '../../model/delete-reply';
import { USERS_EXTRA_TEXT, USERS_TEXT } from '../../model/messages';
import type { StaffUser } from '../../model/user';
import { useDeleteUser } from '../api/delete-user';

export type DeleteReport = { tone: 'success' | 'error'; text: string };

/**
 * Confirm Delete: shows the name (or e-mail) and the auth user id, or '(missing)'. Without an auth
 * id nothing is sent ('No auth user_id stored for this user.'). Deleted, or partly deleted: the
 * screen closes the modal and reports it. A failed call keeps the modal open with
 * 'User deletion failed' and why.
 */
export function DeleteUserModal({
  clinicId,
  user,
  onClose,
  onDone,
}: {
  clinicId: number;
  user: StaffUser;
  onClose: () => void;
  onDone: (report: DeleteReport) => void;
}) {
  const remove = useDeleteUser(clinicId);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const who = user.name.trim() || user.email;

  async function onDelete() {
    if (!user.user_id) {
      setMessage({ tone: 'error', text: USERS_TEXT.noAuthId });
      return;
    }
    setMessage(null);
    try {
      const outcome = await remove.mutateAsync({ id: user.id, authUserId: user.user_id });
      if (outcome === ALREADY_PENDING) return;
      if (outcome.kind === 'deleted') onDone({ tone: 'success', text: outcome.message });
      else if (outcome.kind === 'partial') onDone({ tone: 'error', text: outcome.lines.join(' ') });
      else setMessage({ tone: 'error', text: outcome.message, detail: outcome.lines.join(' ') || undefined });
    } catch (error) {
      console.error('Ngiti: deleting a user failed', error);
      const lines = failureLines(error, USERS_EXTRA_TEXT.tryAgain);
      setMessage({ tone: 'error', text: USERS_TEXT.deleteFailed, detail: lines.join(': ') || undefined });
    }
  }

  return (
    <Modal
      open
      title={USERS_TEXT.deleteTitle}
      onClose={onClose}
      size="small"
      destructive
      closeLabel={USERS_EXTRA_TEXT.cancel}
      footer={
        <button
          type="button"
          className="button button-danger"
          disabled={remove.isPending}
          onClick={() => void onDelete()}
        >
          {remove.isPending ? USERS_EXTRA_TEXT.deleting : USERS_TEXT.delete}
        </button>
      }
    >
      <div className="delete-user">
        <p className="delete-question">{USERS_EXTRA_TEXT.deleteQuestion}</p>
        <dl className="delete-user-facts">
          <dt>{USERS_EXTRA_TEXT.deleteWho}</dt>
          <dd data-testid="delete-user-who">{who}</dd>
          <dt>{USERS_EXTRA_TEXT.deleteAuthId}</dt>
          <dd data-testid="delete-user-auth-id">{user.user_id ?? USERS_TEXT.missingAuthId}</dd>
        </dl>
        <FormMessage message={message} />
      </div>
    </Modal>
  );
}
