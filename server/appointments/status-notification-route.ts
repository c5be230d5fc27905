import { Router, type Request, type Response } from 'express';
import { statusNotificationBodySchema, type StatusNotificationResponse } from '@common/contract';
import type { RouterFactory } from '../contracts';
import { assertClinicAccess, callerOf, requireCaller } from '../http/auth';
import { HttpError } from '../http/errors';
import { parseBody, parsePositiveId } from '../http/parse-request';
import { customText, statusNoticeText } from '../messages';
import { loadAppointmentForMessenger, recordStatusNotice, type StatusNotice } from './appointment-store';
import { RECIPIENT_ERRORS, sendFailure } from './outcome';

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
    const body = parseBody(req, statusNotificationBodySchema);
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
    const record = (outcome: StatusNotice['outcome']) =>
      recordStatusNotice(deps.db, {
        appointment,
        status: body.status,
        messengerId,
        message,
        outcome,
        at: deps.clock.now(),
      });

    if (!messengerId) {
      await record({ sent: false, error: RECIPIENT_ERRORS.noPatientMessengerId });
      throw new HttpError(422, RECIPIENT_ERRORS.noPatientMessengerId);
    }
    if (!appointment.pageId || !appointment.pageAccessToken) {
      await record({ sent: false, error: RECIPIENT_ERRORS.notConnected });
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
      await record({ sent: false, error: result.error });
      throw sendFailure(result);
    }
    await record({ sent: true, via: result.via });
    deps.logger.info(
      { appointmentId: appointment.id, clinicId: appointment.clinicId, status: body.status, via: result.via },
      'status notice sent',
    );
    res.json({ ok: true, messageId: result.messageId, via: result.via } satisfies StatusNotificationResponse);
  });
  return router;
};
