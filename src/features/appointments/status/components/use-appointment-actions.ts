import { useCallback, useMemo } from 'react';
import { formatClinicDate, formatClinicTime } from '@common/clinic-calendar';
import type { AppointmentStatus } from '@common/contract';
import { confirmDialog } from '@/components/confirm-dialog';
import { useToast } from '@/components/toast/toast-context';
import { useKeyedGuard } from '@/lib/keyed-guard';
import { refusalCodeOf, refusalTextOf } from '@/lib/refusal-text';
import { ServiceError } from '@/lib/service-client';
import { ALREADY_PENDING, type AlreadyPending } from '@/lib/use-guarded-mutation';
import type { ListAppointment } from '../../model/api/list-columns';
import { CANCEL_TEXT, LIST_TEXT } from '../../model/messages';
import { isStatusSelectable, statusChangeKind } from '../../model/status-rules';
import { useDeleteAppointment } from '../api/delete-appointment';
import { useNotifyStatusChange } from '../api/notify-status-change';
import { getOpenPlanItems, useCompletePlanItems, type OpenPlanItem, type PlanItemsDone } from '../api/plan-items';
import { useUpdateAppointmentStatus, type ShownAppointment } from '../api/update-appointment-status';
import { canRetry, failureReason } from '../failure-reason';
import { askAfterFailure, askPlanItemsAgain, askStatusChange, showFailure, showNotice } from './status-dialogs';

const patientOf = (appointment: ListAppointment) => appointment.patient?.name ?? LIST_TEXT.unknownPatient;

/** What the list showed of the appointment, which a status change or delete must still find stored. */
function shownOf({ status, appointment_time, dentist_id, patient_id }: ListAppointment): ShownAppointment {
  return { status, appointment_time, dentist_id, patient_id };
}

/**
 * The patient's open plan items. When they cannot be read staff are told, and choose: Retry (when a
 * retry can mend it), go on without them ('without'), or `close` (null).
 */
async function openPlanItemsOf(
  clinicId: number,
  patientId: number,
  close: string,
): Promise<OpenPlanItem[] | 'without' | null> {
  for (;;) {
    try {
      return await getOpenPlanItems(clinicId, patientId);
    } catch (error) {
      console.error('Ngiti: reading the treatment plan failed', error);
      const choice = await askAfterFailure(
        { title: LIST_TEXT.planReadFailedTitle, text: LIST_TEXT.planReadFailedText, reason: failureReason(error) },
        { again: canRetry(error) ? LIST_TEXT.retry : undefined, without: LIST_TEXT.planReadWithout, close },
      );
      if (choice === 'close') return null;
      if (choice === 'without') return 'without';
    }
  }
}

type CompletePlanItems = (input: PlanItemsDone) => Promise<number[] | AlreadyPending>;

/**
 * The ticked items done at the now Completed appointment, for as long as staff try: Retry after a
 * failure a retry can mend (the same ids; a call whose answer was lost is answered as done), Choose
 * again (the open items read anew) after one ticked item was closed meanwhile, which a retry would
 * only meet again. Answers how many of the ticked items had been withdrawn from the plan meanwhile
 * (passed over); null when staff gave up or the database refused (after telling why), so the patient
 * is not notified of a visit whose record is incomplete.
 */
async function markPlanItemsDone(
  complete: CompletePlanItems,
  clinicId: number,
  appointment: ListAppointment,
  itemIds: number[],
): Promise<number | null> {
  let ticked = itemIds;
  for (;;) {
    if (ticked.length === 0) return 0;
    try {
      const input = { clinicId, appointmentId: appointment.id, patientId: appointment.patient_id, itemIds: ticked };
      const done = await complete(input);
      if (done === ALREADY_PENDING) return null;
      return ticked.length - done.length;
    } catch (error) {
      console.error('Ngiti: marking plan items done failed', error);
      const title = LIST_TEXT.planItemsFailedTitle;
      const reason = refusalTextOf(error) ?? failureReason(error);
      if (refusalCodeOf(error) === 'plan_item_closed') {
        const again = { again: LIST_TEXT.planItemsChooseAgain, close: LIST_TEXT.close };
        if ((await askAfterFailure({ title, text: LIST_TEXT.planItemsClosedText, reason }, again)) !== 'again')
          return null;
        const items = await openPlanItemsOf(clinicId, appointment.patient_id, LIST_TEXT.close);
        if (items === null) return null;
        const chosen = items === 'without' ? [] : await askPlanItemsAgain(items, ticked);
        if (chosen === null) return null;
        ticked = chosen;
        continue;
      }
      if (!canRetry(error)) {
        await showFailure(title, LIST_TEXT.planItemsFailedText, reason);
        return null;
      }
      const retry = { again: LIST_TEXT.retry, close: LIST_TEXT.close };
      if ((await askAfterFailure({ title, text: LIST_TEXT.planItemsFailedText, reason }, retry)) !== 'again')
        return null;
    }
  }
}

/**
 * The list's row actions: changing the status (directly for Scheduled and
 * Confirmed; with a confirmation, an optional message and the patient's notification for
 * Completed, No Show and Cancelled) and deleting. One action per row at a time, its dialogs
 * included; the list is read again after each write, so a row changed or deleted elsewhere shows
 * its latest state.
 */
export function useAppointmentActions(clinicId: number, timeZone: string) {
  const toast = useToast();
  const rows = useKeyedGuard<number>();
  const { run: exclusive } = rows;
  const { mutateAsync: updateStatus } = useUpdateAppointmentStatus(clinicId);
  const { mutateAsync: notifyStatusChange } = useNotifyStatusChange();
  const { mutateAsync: deleteAppointment } = useDeleteAppointment(clinicId);
  const { mutateAsync: completePlanItems } = useCompletePlanItems();

  const changeStatus = useCallback(
    async (appointment: ListAppointment, to: AppointmentStatus) => {
      await exclusive(appointment.id, async () => {
        const kind = statusChangeKind(appointment.status, to);
        if (kind === 'none') return;
        const update = { clinicId, appointmentId: appointment.id, shown: shownOf(appointment), to };
        if (kind === 'direct') {
          try {
            if ((await updateStatus(update)) === ALREADY_PENDING) return;
            toast(LIST_TEXT.statusUpdated);
          } catch (error) {
            console.error('Ngiti: updating the status failed', error);
            await showFailure(LIST_TEXT.directFailedTitle, LIST_TEXT.directFailedText, failureReason(error));
          }
          return;
        }
        const planItems =
          to === 'Completed' ? await openPlanItemsOf(clinicId, appointment.patient_id, CANCEL_TEXT) : [];
        if (planItems === null) return;
        const answer = await askStatusChange(to, patientOf(appointment), {
          items: planItems === 'without' ? [] : planItems,
          appointmentId: appointment.id,
        });
        if (answer === null) return;
        // The question may have been open past the moment the change stopped being allowed (Cancelled
        // locks an hour before the appointment): the rule is asked again when staff confirm, at the
        // time shown; the update lands only while the appointment is still at that time.
        if (!isStatusSelectable(to, appointment.appointment_time, new Date())) {
          await showFailure(LIST_TEXT.notifyFailedTitle, LIST_TEXT.notifyFailedText, LIST_TEXT.noLongerAllowed(to));
          return;
        }
        const { message, cancelReason, planItemIds } = answer;
        let updated = false;
        try {
          if ((await updateStatus({ ...update, cancelReason })) === ALREADY_PENDING) return;
          updated = true;
          const withdrawn = await markPlanItemsDone(completePlanItems, clinicId, appointment, planItemIds);
          if (withdrawn === null) return;
          const notification = { clinicId, appointmentId: appointment.id, status: to, message };
          if ((await notifyStatusChange(notification)) === ALREADY_PENDING) return;
          toast(LIST_TEXT.statusUpdatedNotified);
          if (withdrawn > 0)
            await showNotice(LIST_TEXT.planItemsWithdrawnTitle, LIST_TEXT.planItemsWithdrawnText(withdrawn));
        } catch (error) {
          console.error(`Ngiti: ${updated ? 'notifying the patient' : 'updating the status'} failed`, error);
          const reason = error instanceof ServiceError ? error.message : failureReason(error);
          await showFailure(LIST_TEXT.notifyFailedTitle, LIST_TEXT.notifyFailedText, reason);
        }
      });
    },
    [clinicId, exclusive, updateStatus, completePlanItems, notifyStatusChange, toast],
  );

  const remove = useCallback(
    async (appointment: ListAppointment) => {
      await exclusive(appointment.id, async () => {
        const when = `${formatClinicDate(appointment.appointment_time, timeZone)}, ${formatClinicTime(appointment.appointment_time, timeZone)}`;
        const confirmed = await confirmDialog({
          title: LIST_TEXT.deleteQuestion,
          text: LIST_TEXT.deleteText(patientOf(appointment), when),
          confirmText: LIST_TEXT.deleteConfirm,
          cancelText: LIST_TEXT.keepIt,
        });
        if (!confirmed) return;
        try {
          const deletion = { clinicId, appointmentId: appointment.id, shown: shownOf(appointment) };
          if ((await deleteAppointment(deletion)) === ALREADY_PENDING) return;
          toast(LIST_TEXT.deleted);
        } catch (error) {
          console.error('Ngiti: deleting the appointment failed', error);
          await showFailure(LIST_TEXT.deleteFailedTitle, LIST_TEXT.deleteFailedText, failureReason(error));
        }
      });
    },
    [clinicId, exclusive, deleteAppointment, timeZone, toast],
  );

  const pending = useMemo<ReadonlySet<number>>(() => new Set(rows.pending), [rows.pending]);
  const isPending = useCallback((appointmentId: number) => pending.has(appointmentId), [pending]);
  return { changeStatus, remove, isPending, pending };
}
