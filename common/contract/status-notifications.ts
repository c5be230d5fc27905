/**
 * POST /status-notifications/{appointmentId}: tells the patient on Messenger that their
 * appointment's status changed (the message given, else the service's default text for the status).
 */
import * as z from 'zod/mini';
import { appointmentStatusSchema } from './appointment-status-schema';
import { deliverySchema, optionalMessageSchema, positiveIdSchema } from './fields';

export const statusNotificationBodySchema = z.object({
  status: appointmentStatusSchema,
  message: optionalMessageSchema('message'),
  clinic_id: positiveIdSchema('clinic_id'),
});

export type StatusNotificationBody = z.infer<typeof statusNotificationBodySchema>;

export const statusNotificationResponseSchema = z.object({
  ok: z.literal(true),
  messageId: z.string(),
  via: deliverySchema,
  /**
   * false when the message went out but the service could not log it in appointment_notifications
   * (it is in the service's logs instead); absent otherwise. Either way: sent, do not send again.
   */
  recorded: z.optional(z.literal(false)),
});

export type StatusNotificationResponse = z.infer<typeof statusNotificationResponseSchema>;
