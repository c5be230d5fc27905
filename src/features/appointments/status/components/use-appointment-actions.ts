import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { confirmDialog } from '@/components/confirm-dialog';
import { useToast } from '@/components/toast/toast-context';
import { ServiceError } from '@/lib/service-client';
import { failureReason } from '../../model/api/appointment-errors';
import { deleteAppointment } from '../api/delete-appointment';
import type { ListAppointment } from '../../model/api/list-columns';
import { notifyStatusChange } from '../api/notify-status-change';
import { updateAppointmentStatus } from '../api/update-appointment-status';
import { formatLongDate, formatTime12 } from '../../model/display';
import { LIST_TEXT } from '../../model/messages';
import { appointmentKeys } from '../../model/query-keys';
import { statusChangeKind, type AppointmentStatus } from '../../model/status-rules';
import { askStatusChange, showFailure } from './status-dialogs';

const patientOf = (appointment: ListAppointment) => appointment.patient?.name ?? LIST_TEXT.unknownPatient;

/**
 * The list's row actions (spec §4, §8): changing the status (directly for Scheduled and
 * Confirmed; with a confirmation, an optional message and the patient's notification for
 * Completed, No Show and Cancelled) and deleting. One action per row at a time; the list is
 * read again after each, so a row changed or deleted elsewhere shows its latest state.
 */
export function useAppointmentActions(clinicId: number, timeZone: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const running = useRef(new Set<number>());
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());

  const exclusive = useCallback(async (appointmentId: number, work: () => Promise<void>) => {
    if (running.current.has(appointmentId)) return;
    running.current.add(appointmentId);
    setPending(new Set(running.current));
    try {
      await work();
    } finally {
      running.current.delete(appointmentId);
      setPending(new Set(running.current));
    }
  }, []);

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: appointmentKeys.list(clinicId) }),
    [queryClient, clinicId],
  );

  const changeStatus = useCallback(
    (appointment: ListAppointment, to: AppointmentStatus) =>
      exclusive(appointment.id, async () => {
        const kind = statusChangeKind(appointment.status, to);
        if (kind === 'none') return;
        const update = { clinicId, appointmentId: appointment.id, from: appointment.status, to };
        if (kind === 'direct') {
          try {
            await updateAppointmentStatus(update);
            void refresh();
            toast(LIST_TEXT.statusUpdated);
          } catch (error) {
            console.error('Ngiti: updating the status failed', error);
            void refresh();
            await showFailure(LIST_TEXT.directFailedTitle, LIST_TEXT.directFailedText, failureReason(error));
          }
          return;
        }
        const message = await askStatusChange(to, patientOf(appointment));
        if (message === null) return;
        let updated = false;
        try {
          await updateAppointmentStatus(update);
          updated = true;
          void refresh();
          await notifyStatusChange({ clinicId, appointmentId: appointment.id, status: to, message });
          toast(LIST_TEXT.statusUpdatedNotified);
        } catch (error) {
          console.error(`Ngiti: ${updated ? 'notifying the patient' : 'updating the status'} failed`, error);
          if (!updated) void refresh();
          const reason = error instanceof ServiceError ? error.message : failureReason(error);
          await showFailure(LIST_TEXT.notifyFailedTitle, LIST_TEXT.notifyFailedText, reason);
        }
      }),
    [clinicId, exclusive, refresh, toast],
  );

  const remove = useCallback(
    (appointment: ListAppointment) =>
      exclusive(appointment.id, async () => {
        const when = `${formatLongDate(appointment.appointment_time, timeZone)}, ${formatTime12(appointment.appointment_time, timeZone)}`;
        const confirmed = await confirmDialog({
          title: LIST_TEXT.deleteQuestion,
          text: LIST_TEXT.deleteText(patientOf(appointment), when),
          confirmText: LIST_TEXT.deleteConfirm,
          cancelText: LIST_TEXT.keepIt,
        });
        if (!confirmed) return;
        try {
          await deleteAppointment(clinicId, appointment.id);
          void refresh();
          toast(LIST_TEXT.deleted);
        } catch (error) {
          console.error('Ngiti: deleting the appointment failed', error);
          void refresh();
          await showFailure(LIST_TEXT.deleteFailedTitle, LIST_TEXT.deleteFailedText, failureReason(error));
        }
      }),
    [clinicId, exclusive, refresh, timeZone, toast],
  );

  const isPending = useCallback((appointmentId: number) => pending.has(appointmentId), [pending]);
  return { changeStatus, remove, isPending, pending };
}
