import { formatClinicDate, formatClinicTime } from '@common/clinic-calendar';
import { useZodForm } from '@/components/form/use-zod-form';
import { Modal } from '@/components/modal/modal';
import { ErrorState, LoadingState } from '@/components/states/states';
import { useReminderAppointment, type ReminderAppointment } from '../api/get-appointment';
import { reminderSettingsSchema } from '../api/save-settings.schema';
import { REMINDER_EXTRA_TEXT, REMINDER_TEXT } from '../messages';
import { draftFromSettings } from '../settings';
import { ManualReminderCard } from './manual-reminder-card';
import { ReminderLogCard } from './reminder-log-card';
import { ReminderSettingsCard } from './reminder-settings-card';
import './reminders.css';

export interface ReminderModalProps {
  clinicId: number;
  timeZone: string;
  appointmentId: number;
  onClose(): void;
}

/**
 * The Reminder modal of one appointment: its reminder settings, a manual send and the log of sent
 * reminders. Closes back to the list with the × button or Esc.
 */
export function ReminderModal({ clinicId, timeZone, appointmentId, onClose }: ReminderModalProps) {
  const appointment = useReminderAppointment(clinicId, appointmentId);

  let body;
  if (appointment.isPending) body = <LoadingState label={REMINDER_EXTRA_TEXT.loading} />;
  else if (appointment.isError) {
    body = (
      <ErrorState
        title={REMINDER_TEXT.loadFailedTitle}
        onRetry={() => void appointment.refetch()}
        retryLabel={REMINDER_EXTRA_TEXT.retry}
      >
        {REMINDER_TEXT.loadFailedText}
      </ErrorState>
    );
  } else if (appointment.data === null) body = <ErrorState title={REMINDER_TEXT.notFound} />;
  else
    body = (
      <ReminderModalContent
        key={appointment.data.id}
        clinicId={clinicId}
        timeZone={timeZone}
        appointment={appointment.data}
      />
    );

  return (
    <Modal open title={REMINDER_TEXT.title} onClose={onClose} size="large">
      {body}
    </Modal>
  );
}

function ReminderModalContent({
  clinicId,
  timeZone,
  appointment,
}: {
  clinicId: number;
  timeZone: string;
  appointment: ReminderAppointment;
}) {
  // The form starts from what is stored; later reads (e.g. after a save) do not overwrite edits.
  const settings = useZodForm(reminderSettingsSchema, { defaultValues: draftFromSettings(appointment) });
  const patientName = appointment.patients?.name ?? REMINDER_EXTRA_TEXT.unknownPatient;

  return (
    <div className="reminder-modal">
      <dl className="reminder-summary">
        <div>
          <dt>{REMINDER_EXTRA_TEXT.patientLabel}</dt>
          <dd className="reminder-patient-name" data-testid="reminder-patient-name">
            {patientName}
          </dd>
        </div>
        <div>
          <dt>{REMINDER_EXTRA_TEXT.appointmentLabel}</dt>
          <dd>
            {formatClinicDate(appointment.appointment_time, timeZone)},{' '}
            {formatClinicTime(appointment.appointment_time, timeZone)}{' '}
            <span className="reminder-appointment-id">#{appointment.id}</span>
          </dd>
        </div>
      </dl>
      <div className="reminder-cards">
        <ReminderSettingsCard
          clinicId={clinicId}
          appointmentId={appointment.id}
          form={settings}
          messengerIds={{
            patient: appointment.patients?.messenger_id ?? null,
            guardian: appointment.guardian_messenger_id,
          }}
        />
        <ManualReminderCard
          clinicId={clinicId}
          timeZone={timeZone}
          appointmentId={appointment.id}
          appointmentTime={appointment.appointment_time}
          status={appointment.status}
          remindersEnabled={settings.watch('enabled')}
          remindersSaved={appointment.reminder_enabled}
        />
      </div>
      <ReminderLogCard clinicId={clinicId} timeZone={timeZone} appointmentId={appointment.id} />
    </div>
  );
}
