/**
 * Data access of the appointment endpoints: an appointment with what a Messenger notice about it
 * needs, and the log of status notices (public.appointment_notifications).
 */
import type { AppointmentStatus, Delivery } from '@common/contract';
import type { SqlClient } from '../contracts';
import { storableText } from '../messenger/storable-text';

/** An appointment with everything a Messenger notice about it needs. */
export interface AppointmentForMessenger {
  id: number;
  clinicId: number;
  appointmentTime: Date;
  status: AppointmentStatus;
  /** Soft-deleted; only ever true when the caller asked for deleted appointments too. */
  deleted: boolean;
  patientName: string;
  patientMessengerId: string | null;
  guardianMessengerId: string | null;
  dentistName: string;
  reminderEnabled: boolean;
  reminderMessage: string | null;
  reminderRecipientType: 'patient' | 'guardian';
  clinicName: string;
  timeZone: string;
  /** clinics.messenger_page_id; null when the clinic has no connected page. */
  pageId: string | null;
  /** clinic_secrets.fb_page_access_token (server-only); null when none is stored. */
  pageAccessToken: string | null;
}

interface Row {
  id: string;
  clinic_id: string;
  appointment_time: Date | string;
  status: AppointmentStatus;
  deleted: boolean;
  patient_name: string;
  patient_messenger_id: string | null;
  guardian_messenger_id: string | null;
  dentist_name: string;
  reminder_enabled: boolean;
  reminder_message: string | null;
  reminder_recipient_type: 'patient' | 'guardian';
  clinic_name: string;
  timezone: string;
  messenger_page_id: string | null;
  fb_page_access_token: string | null;
}

/**
 * The live (not deleted) appointment `id` of clinic `clinicId`, or null; a deleted one too with
 * `includeDeleted` (so a caller can say it was deleted). An appointment of another clinic is null,
 * exactly like an unknown id, so a caller learns nothing about other clinics. Every joined row is
 * of the same clinic (the composite foreign keys guarantee it; the join says it).
 */
export async function loadAppointmentForMessenger(
  db: SqlClient,
  id: number,
  clinicId: number,
  options: { includeDeleted?: boolean } = {},
): Promise<AppointmentForMessenger | null> {
  const { rows } = await db.query<Row>(
    `select a.id::text, a.clinic_id::text, a.appointment_time, a.status, a.deleted,
            p.name as patient_name, p.messenger_id as patient_messenger_id, a.guardian_messenger_id,
            d.name as dentist_name, a.reminder_enabled, a.reminder_message, a.reminder_recipient_type,
            c.name as clinic_name, c.timezone, c.messenger_page_id, s.fb_page_access_token
       from public.appointments a
       join public.patients p on p.id = a.patient_id and p.clinic_id = a.clinic_id
       join public.dentists d on d.id = a.dentist_id and d.clinic_id = a.clinic_id
       join public.clinics c on c.id = a.clinic_id
       left join public.clinic_secrets s on s.clinic_id = a.clinic_id
      where a.id = $1 and a.clinic_id = $2 and ($3 or not a.deleted)`,
    [id, clinicId, options.includeDeleted ?? false],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    clinicId: Number(row.clinic_id),
    appointmentTime: new Date(row.appointment_time),
    status: row.status,
    deleted: row.deleted,
    patientName: row.patient_name,
    patientMessengerId: row.patient_messenger_id,
    guardianMessengerId: row.guardian_messenger_id,
    dentistName: row.dentist_name,
    reminderEnabled: row.reminder_enabled,
    reminderMessage: row.reminder_message,
    reminderRecipientType: row.reminder_recipient_type,
    clinicName: row.clinic_name,
    timeZone: row.timezone,
    pageId: row.messenger_page_id,
    pageAccessToken: row.fb_page_access_token,
  };
}

export interface StatusNotice {
  appointment: Pick<AppointmentForMessenger, 'id' | 'clinicId'>;
  status: AppointmentStatus;
  messengerId: string | null;
  message: string;
  outcome: { sent: true; via: Delivery } | { sent: false; error: string };
  at: Date;
}

/**
 * Logs one attempt to send a status notice, sent or not. Every text is made storable (no NUL, no
 * unpaired surrogate, within the column's length): a row that records a sent message must not be
 * refused for its text. Meta's error text in particular is not ours to trust.
 */
export async function recordStatusNotice(db: SqlClient, notice: StatusNotice): Promise<void> {
  const { appointment, outcome } = notice;
  await db.query(
    `insert into public.appointment_notifications
       (clinic_id, appointment_id, status, messenger_id, message, outcome, error, via, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      appointment.clinicId,
      appointment.id,
      notice.status,
      notice.messengerId === null ? null : storableText(notice.messengerId, 100),
      storableText(notice.message, 2000),
      outcome.sent ? 'sent' : 'failed',
      outcome.sent ? null : storableText(outcome.error, 2000),
      outcome.sent ? outcome.via : null,
      notice.at,
    ],
  );
}
