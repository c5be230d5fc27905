import * as z from 'zod/mini';

/** The statuses an appointment may have, as stored (the check constraint on appointments.status). */
export const APPOINTMENT_STATUSES = ['Scheduled', 'Confirmed', 'Completed', 'No Show', 'Cancelled'] as const;

export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES, {
  error: `status must be one of ${APPOINTMENT_STATUSES.join(', ')}.`,
});

export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;
