import { Router, type Request, type Response } from 'express';
import { statusNotificationBodySchema, type StatusNotificationResponse } from '@common/contract';
import type { RouterFactory } from '../contracts';
import { assertClinicAccess, callerOf, requireCaller } from '../http/auth';
import { HttpError } from '../http/errors';
import { parseBody, parsePositiveId } from '../http/parse-request';
import { perMinuteLimit } from '../http/per-minute-limit';
import { customText, statusNoticeText } from '../messages';
import { loadAppointmentForMessenger, recordStatusNotice, type StatusNotice } from './appointment-store';
import { recordReliably, RECIPIENT_ERRORS, sendFailure } from './outcome';

export const STATUS_NOTICES_PER_APPOINTMENT_PER_MINUTE = 5;
export const STATUS_NOTICE_TOO_OFTEN =
  'Too many messages about this appointment in a short time. Please wait a minute and try again.';

/**
 * POST /status-notifications/:id {status, message?, clinic_id}: tells the patient on Messenger
 * that their appointment's status changed (the custom message, or the default text for the status).
 * Every attempt that reaches an appointment is recorded in appointment_notifications.
 *
 * The whole request is validated before anything is sent (a message Postgres could not store is a
 * 400). Once Meta accepted the message, the answer is 200 whatever happens to its log row: the row
 * is retried, and if it still cannot be written that is logged and the answer says
 * `recorded: false`. A 5xx would make staff send the same notice twice. At most
 * STATUS_NOTICES_PER_APPOINTMENT_PER_MINUTE notices a minute about one appointment (then 429).
 */
export const createStatusNotificationRouter: RouterFactory = (deps) => {
  const router = Router();
  // An appointment's status changes a few times at most in a minute; past that, the messages
  // (each may carry a staff member's free text) would be a flood on the patient's Messenger.
  const perAppointment = perMinuteLimit({
    limit: STATUS_NOTICES_PER_APPOINTMENT_PER_MINUTE,
    message: STATUS_NOTICE_TOO_OFTEN,
    key: (req) => `appointment:${String(req.params.id)}`,
    // Only notices that went out count: a refused or malformed request floods nobody.
    skipFailedRequests: true,
  });

  router.post('/:id', requireCaller(deps.callers), perAppointment, async (req: Request, res: Response) => {
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
      recordReliably(
        deps.logger,
        'status notice',
        { appointmentId: appointment.id, clinicId: appointment.clinicId, outcome: outcome.sent ? 'sent' : 'failed' },
        () =>
          recordStatusNotice(deps.db, {
            appointment,
            status: body.status,
            messengerId,
            message,
            outcome,
            at: deps.clock.now(),
          }),
      ).then((written) => written !== null);

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
    const recorded = await record({ sent: true, via: result.via });
    deps.logger.info(
      { appointmentId: appointment.id, clinicId: appointment.clinicId, status: body.status, via: result.via, recorded },
      'status notice sent',
    );
    res.json({
      ok: true,
      messageId: result.messageId,
      via: result.via,
      ...(recorded ? {} : { recorded: false as const }),
    } satisfies StatusNotificationResponse);
  });
  return router;
};
