import { Router, type Request, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { DEFAULT_RATE_LIMITS } from '../config';
import { reminderQuickReplies, type RouterFactory, type ServiceDeps } from '../contracts';
import { assertClinicAccess, callerOf, requireCaller } from '../http/auth';
import { HttpError } from '../http/errors';
import { customText, defaultReminderText } from '../messages';
import { loadAppointmentForMessenger, type AppointmentForMessenger } from './load-appointment';
import { RECIPIENT_ERRORS, sendFailure } from './outcome';
import { manualReminderBody, parseBody, parsePositiveId } from './schemas';

export const REMINDERS_OFF = 'Reminders are turned off for this appointment. Turn them on to send one.';

interface ReminderLogEntry {
  appointment: AppointmentForMessenger;
  daysAhead: number;
  messengerId: string;
  sentOn: Date;
  error: string | null;
}

/** Logs a manual reminder (sent or failed) in appointment_reminders; returns the row's id. */
async function logManualReminder(deps: ServiceDeps, entry: ReminderLogEntry): Promise<number> {
  const { rows } = await deps.db.query<{ id: string }>(
    `insert into public.appointment_reminders
       (clinic_id, appointment_id, sent_on, days_ahead, messenger_id, is_manual, outcome, error)
     values ($1, $2, $3, $4, $5, true, $6, $7)
     returning id::text`,
    [
      entry.appointment.clinicId,
      entry.appointment.id,
      entry.sentOn,
      entry.daysAhead,
      entry.messengerId,
      entry.error === null ? 'sent' : 'failed',
      entry.error?.slice(0, 2000) ?? null,
    ],
  );
  return Number(rows[0]?.id);
}

/**
 * POST /appointments/:id/send-reminder?clinic_id= {days_ahead, message_override?, recipient_override?}:
 * the Reminder modal's "Send Reminder Now". Recipient: the override, else the guardian's or the
 * patient's Messenger ID (reminder_recipient_type). Text: the override, else the appointment's
 * reminder_message, else the default reminder. Logged in appointment_reminders, failures included.
 */
export const createManualReminderRouter: RouterFactory = (deps) => {
  const router = Router();
  const limit = (deps.config.rateLimits ?? DEFAULT_RATE_LIMITS).remindersPerMinute;
  const perCaller = rateLimit({
    windowMs: 60_000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (_req, res) => `caller:${callerOf(res).userId}`,
    handler: (_req, res) => {
      res.status(429).json({ error: 'Too many reminders in a short time. Please wait a minute and try again.' });
    },
  });

  router.post('/:id/send-reminder', requireCaller(deps.callers), perCaller, async (req: Request, res: Response) => {
    const caller = callerOf(res);
    const id = parsePositiveId(req.params.id, 'The appointment id');
    const clinicId = parsePositiveId(req.query.clinic_id, 'clinic_id (in the query string)');
    const body = parseBody(req, manualReminderBody);
    assertClinicAccess(caller, clinicId);

    const appointment = await loadAppointmentForMessenger(deps.db, id, clinicId);
    if (!appointment) throw new HttpError(404, RECIPIENT_ERRORS.notFound);
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
        daysAhead: body.days_ahead,
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
    const entry = { appointment, daysAhead: body.days_ahead, messengerId, sentOn };
    if (!result.ok) {
      await logManualReminder(deps, { ...entry, error: result.error });
      throw sendFailure(result);
    }
    const reminderId = await logManualReminder(deps, { ...entry, error: null });
    deps.logger.info(
      { appointmentId: appointment.id, clinicId, daysAhead: body.days_ahead, via: result.via },
      'manual reminder sent',
    );
    res.json({
      ok: true,
      messageId: result.messageId,
      via: result.via,
      reminder: {
        id: reminderId,
        sent_on: sentOn.toISOString(),
        days_ahead: body.days_ahead,
        messenger_id: messengerId,
        is_manual: true,
      },
    });
  });
  return router;
};
