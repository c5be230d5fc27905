import { Router, type Request, type Response } from 'express';
import type { RouterFactory, ServiceDeps } from '../contracts';
import { assertClinicAccess, callerOf, requireCaller } from '../http/auth';
import { HttpError } from '../http/errors';
import { customText, statusNoticeText, type AppointmentStatus } from '../messages';
import { loadAppointmentForMessenger, type AppointmentForMessenger } from './load-appointment';
import { RECIPIENT_ERRORS, sendFailure } from './outcome';
import { parseBody, parsePositiveId, statusNotificationBody } from './schemas';

interface NoticeRecord {
  appointment: AppointmentForMessenger;
  status: AppointmentStatus;
  messengerId: string | null;
  message: string;
  outcome: { sent: true; via: 'message' | 'template' } | { sent: false; error: string };
}

async function recordNotice(deps: ServiceDeps, record: NoticeRecord): Promise<void> {
  const { appointment, outcome } = record;
  await deps.db.query(
    `insert into public.appointment_notifications
       (clinic_id, appointment_id, status, messenger_id, message, outcome, error, via, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      appointment.clinicId,
      appointment.id,
      record.status,
      record.messengerId,
      record.message.slice(0, 2000),
      outcome.sent ? 'sent' : 'failed',
      outcome.sent ? null : outcome.error.slice(0, 2000),
      outcome.sent ? outcome.via : null,
      deps.clock.now(),
    ],
  );
}

/**
 * POST /status-notifications/:id {status, message?, clinic_id}: tells the patient on Messenger
 * that their appointment's status changed (the custom message, or the default text for the status).
 * Every attempt that reaches an appointment is recorded in appointment_notifications.
 */
export const createStatusNotificationRouter: RouterFactory = (deps) => {
  const router = Router();
  router.post('/:id', requireCaller(deps.callers), async (req: Request, res: Response) => {
    const caller = callerOf(res);
    const id = parsePositiveId(req.params.id, 'The appointment id');
    const body = parseBody(req, statusNotificationBody);
    assertClinicAccess(caller, body.clinic_id);

    const appointment = await loadAppointmentForMessenger(deps.db, id, body.clinic_id);
    if (!appointment) throw new HttpError(404, RECIPIENT_ERRORS.notFound);

    const message =
      customText(body.message) ??
      statusNoticeText({
        status: body.status,
        patientName: appointment.patientName,
        clinicName: appointment.clinicName,
        dentistName: appointment.dentistName,
        appointmentTime: appointment.appointmentTime,
        timeZone: appointment.timeZone,
      });
    const messengerId = appointment.patientMessengerId;
    const base = { appointment, status: body.status, messengerId, message };

    if (!messengerId) {
      await recordNotice(deps, { ...base, outcome: { sent: false, error: RECIPIENT_ERRORS.noPatientMessengerId } });
      throw new HttpError(422, RECIPIENT_ERRORS.noPatientMessengerId);
    }
    if (!appointment.pageId || !appointment.pageAccessToken) {
      await recordNotice(deps, { ...base, outcome: { sent: false, error: RECIPIENT_ERRORS.notConnected } });
      throw new HttpError(422, RECIPIENT_ERRORS.notConnected);
    }

    const result = await deps.messenger.send({
      pageId: appointment.pageId,
      pageAccessToken: appointment.pageAccessToken,
      recipientId: messengerId,
      text: message,
      kind: 'status',
    });
    if (!result.ok) {
      await recordNotice(deps, { ...base, outcome: { sent: false, error: result.error } });
      throw sendFailure(result);
    }
    await recordNotice(deps, { ...base, outcome: { sent: true, via: result.via } });
    deps.logger.info(
      { appointmentId: appointment.id, clinicId: appointment.clinicId, status: body.status, via: result.via },
      'status notice sent',
    );
    res.json({ ok: true, messageId: result.messageId, via: result.via });
  });
  return router;
};
