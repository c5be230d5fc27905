/** The statuses an appointment may have, as stored (the check constraint on appointments.status). */
export const APPOINTMENT_STATUSES = ['Scheduled', 'Confirmed', 'Completed', 'No Show', 'Cancelled'] as const;

export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
