import { confirmDialog } from '@/components/confirm-dialog';
import { useToast } from '@/components/toast/toast-context';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { failureText } from '../../model/failure-text';
import { PROCEDURES_EXTRA_TEXT, PROCEDURES_TEXT } from '../../model/messages';
import type { Procedure } from '../../model/types';
import { useDeleteProcedure } from '../api/delete-procedure';

/**
 * 'Delete' asks 'Are you sure you want to delete this procedure?' with Cancel focused;
 * a failed delete keeps the row and says what failed.
 */
export function DeleteProcedureButton({ clinicId, procedure }: { clinicId: number; procedure: Procedure }) {
  const toast = useToast();
  const remove = useDeleteProcedure(clinicId, procedure.id);

  async function onClick() {
    const confirmed = await confirmDialog({
      title: PROCEDURES_EXTRA_TEXT.deleteTitle,
      text: PROCEDURES_TEXT.deleteConfirm,
      confirmText: PROCEDURES_EXTRA_TEXT.deleteConfirmButton,
      focusCancel: true,
    });
    if (!confirmed) return;
    try {
      if ((await remove.mutateAsync()) === ALREADY_PENDING) return;
      toast(PROCEDURES_EXTRA_TEXT.procedureDeleted);
    } catch (error) {
      toast(failureText('deleteProcedure', error), { tone: 'error' });
    }
  }

  return (
    <button
      type="button"
      className="button button-danger"
      aria-label={PROCEDURES_EXTRA_TEXT.deleteLabel(procedure.name)}
      disabled={remove.isPending}
      onClick={() => void onClick()}
    >
      {PROCEDURES_TEXT.delete}
    </button>
  );
}
