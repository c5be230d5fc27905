import { Router, type Request, type Response } from 'express';
import { manualReminderBodySchema, type ManualReminderResponse } from '@common/contract';
import { REMINDER_BLOCKED_TEXT, reminderBlock } from '@common/contract/manual-reminder-eligibility';
import { DEFAULT_RATE_LIMITS } from '../config';
import { reminderQuickReplies, type RouterFactory } from '../contracts';
import { assertClinicAccess, callerOf, requireCaller } from '../http/auth';
import { HttpError } from '../http/errors';
import { parseBody, parsePositiveId } from '../http/parse-request';
import { perMinuteLimit } from '../http/per-minute-limit';
import { customText, defaultReminderText } from '../messages';
import { recordManualReminder } from '../reminders/reminder-store';
import { loadAppointmentForMessenger } from './appointment-store';
import { recordReliably, RECIPIENT_ERRORS, sendFailure } from './outcome';

export const REMINDERS_OFF = 'Reminders are turned off for this appointment. Turn them on to send one.';

/**
 * POST /appointments/:id/send-reminder?clinic_id= {days_ahead, message_override?, recipient_override?}:
 * the Reminder modal's "Send Reminder Now". Recipient: the override, else the guardian's or the
 * patient's Messenger ID (reminder_recipient_type). Text: the override, else the appointment's
 * reminder_message, else the default reminder, whose "today"/"tomorrow" follows the appointment's
 * clinic date, not days_ahead. Refused (409) for an appointment that is deleted, Cancelled, No Show,
 * Completed or past. Logged in appointment_reminders, failures included.
 * Once Meta accepted the reminder the answer is 200 even when its log row cannot be written (retried,
 * then logged; `reminder: null, recorded: false`): staff must not be led to send it twice.
 */
export const createManualReminderRouter: RouterFactory = (deps) => {
  const router = Router();
  const limit = (deps.config.rateLimits ?? DEFAULT_RATE_LIMITS).remindersPerMinute;
  const perCaller = perMinuteLimit({
    limit,
    message: 'Too many reminders in a short time. Please wait a minute and try again.',
    key: (_req, res) => `caller:${callerOf(res).userId}`,
  });

  router.post('/:id/send-reminder', requireCaller(deps.callers), perCaller, async (req: Request, res: Response) => {
    const caller = callerOf(res);
    const id = parsePositiveId(req.params.id, 'The appointment id');
    const clinicId = parsePositiveId(req.query.clinic_id, 'clinic_id (in the query string)');
    const body = parseBody(req, manualReminderBodySchema);
    assertClinicAccess(caller, clinicId);

    const appointment = await loadAppointmentForMessenger(deps.db, id, clinicId, { includeDeleted: true });
    if (!appointment) throw new HttpError(404, RECIPIENT_ERRORS.notFound);
    // Its Confirm / Cancel would lead nowhere: the appointment can no longer take place.
    const blocked = reminderBlock(appointment, deps.clock.now());
    if (blocked) throw new HttpError(409, REMINDER_BLOCKED_TEXT[blocked]);
    if (!appointment.reminderEnabled) throw new HttpError(409, REMINDERS_OFF);

    const override = customText(body.recipient_override);
    const toGuardian = appointment.reminderRecipientType === 'guardian';
    const messengerId = override ?? (toGuardian ? appointment.guardianMessengerId : appointment.patientMessengerId);
    if (!messengerId)
      throw new HttpError(
        422,
        toGuardian ? RECIPIENT_ERRORS.noGuardianMessengerId : RECIPIENT_ERRORS.noPatientMessengerId,
      );
    if (!appointment.pageId || !appointment.pageAccessToken) throw new HttpError(422, RECIPIENT_ERRORS.notConnected);

    const text =
      customText(body.message_override) ??
      customText(appointment.reminderMessage) ??
      defaultReminderText({
        patientName: appointment.patientName,
        clinicName: appointment.clinicName,
        dentistName: appointment.dentistName,
        appointmentTime: appointment.appointmentTime,
        timeZone: appointment.timeZone,
        now: deps.clock.now(),
      });

    const result = await deps.messenger.send({
      pageId: appointment.pageId,
      pageAccessToken: appointment.pageAccessToken,
      recipientId: messengerId,
      text,
      quickReplies: reminderQuickReplies(appointment.id),
      kind: 'reminder',
    });
    const sentOn = deps.clock.now();
    const entry = {
      clinicId: appointment.clinicId,
      appointmentId: appointment.id,
      daysAhead: body.days_ahead,
      messengerId,
      sentOn,
    };
    const record = (error: string | null) =>
      recordReliably(
        deps.logger,
        'manual reminder',
        { appointmentId: appointment.id, clinicId, outcome: error === null ? 'sent' : 'failed' },
        () => recordManualReminder(deps.db, { ...entry, error }),
      );
    if (!result.ok) {
      await record(result.error);
      throw sendFailure(result);
    }
    const reminderId = await record(null);
    deps.logger.info(
      {
        appointmentId: appointment.id,
        clinicId,
        daysAhead: body.days_ahead,
        via: result.via,
        recorded: reminderId !== null,
      },
      'manual reminder sent',
    );
    res.json({
      ok: true,
      messageId: result.messageId,
      via: result.via,
      reminder:
        reminderId === null
          ? null
          : {
              id: reminderId,
              sent_on: sentOn.toISOString(),
              days_ahead: body.days_ahead,
              messenger_id: messengerId,
              is_manual: true,
            },
      ...(reminderId === null ? { recorded: false as const } : {}),
    } satisfies ManualReminderResponse);
  });
  return router;
};
