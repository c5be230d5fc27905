import * as z from 'zod/mini';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from './appointment-status';

/**
 * A status as the service's bodies and events carry it. Apart from the statuses themselves, so a
 * screen that only lists them draws without zod.
 */
export const appointmentStatusSchema: z.ZodMiniEnum<{ [S in AppointmentStatus]: S }> = z.enum(APPOINTMENT_STATUSES, {
  error: `status must be one of ${APPOINTMENT_STATUSES.join(', ')}.`,
});
