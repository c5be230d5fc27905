import { useCallback, useMemo } from 'react';
import { formatClinicDate, formatClinicTime } from '@common/clinic-calendar';
import type { AppointmentStatus } from '@common/contract';
import { confirmDialog } from '@/components/confirm-dialog';
import { useToast } from '@/components/toast/toast-context';
import { useKeyedGuard } from '@/lib/keyed-guard';
import { refusalTextOf } from '@/lib/refusal-text';
import { ServiceError } from '@/lib/service-client';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import type { ListAppointment } from '../../model/api/list-columns';
import { LIST_TEXT } from '../../model/messages';
import { isStatusSelectable, statusChangeKind } from '../../model/status-rules';
import { useDeleteAppointment } from '../api/delete-appointment';
import { useNotifyStatusChange } from '../api/notify-status-change';
import { completePlanItems, getOpenPlanItems, type OpenPlanItem } from '../api/plan-items';
import { useUpdateAppointmentStatus, type ShownAppointment } from '../api/update-appointment-status';
import { failureReason } from '../failure-reason';
import { askStatusChange, showFailure, showNotice } from './status-dialogs';

const patientOf = (appointment: ListAppointment) => appointment.patient?.name ?? LIST_TEXT.unknownPatient;

/** What the list showed of the appointment, which a status change or delete must still find stored. */
function shownOf({ status, appointment_time, dentist_id, patient_id }: ListAppointment): ShownAppointment {
  return { status, appointment_time, dentist_id, patient_id };
}

/** The patient's open plan items; none when they cannot be read (the status change goes on without them). */
async function openPlanItemsOf(clinicId: number, patientId: number): Promise<OpenPlanItem[]> {
  try {
    return await getOpenPlanItems(clinicId, patientId);
  } catch (error) {
    console.error('Ngiti: reading the treatment plan failed', error);
    return [];
  }
}

/**
 * The ticked items done at the now Completed appointment: how many of them had been withdrawn
 * from the plan meanwhile (passed over); null (after telling why) when the database refused, so
 * the patient is not notified of a visit whose record is incomplete.
 */
async function markPlanItemsDone(appointmentId: number, itemIds: number[]): Promise<number | null> {
  try {
    const done = await completePlanItems(appointmentId, itemIds);
    return itemIds.length - done.length;
  } catch (error) {
    console.error('Ngiti: marking plan items done failed', error);
    const reason = refusalTextOf(error) ?? failureReason(error);
    await showFailure(LIST_TEXT.planItemsFailedTitle, LIST_TEXT.planItemsFailedText, reason);
    return null;
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
        const planItems = to === 'Completed' ? await openPlanItemsOf(clinicId, appointment.patient_id) : [];
        const answer = await askStatusChange(to, patientOf(appointment), {
          items: planItems,
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
          const withdrawn = planItemIds.length > 0 ? await markPlanItemsDone(appointment.id, planItemIds) : 0;
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
    [clinicId, exclusive, updateStatus, notifyStatusChange, toast],
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
