/**
 * The texts patients receive on Messenger (pure: the clock, names and time zone come in as
 * arguments). Dates and times are in the clinic's time zone, written the Philippine way, e.g.
 * 'Saturday, 21 November 2026 at 9:00 AM'. The reminder's "today" / "tomorrow" / "in N days"
 * comes from the appointment's clinic date and the clinic's date at `now`, never from a logged
 * days_ahead (a manual send logs at least 1, even for an appointment later today).
 */
import { clinicDateOf, clinicToday, daysBetween, formatClinicDateTimeLong } from '@common/clinic-calendar';
import type { AppointmentStatus } from '@common/contract';

export interface AppointmentFacts {
  patientName: string;
  clinicName: string;
  dentistName: string;
  appointmentTime: Date;
  /** The clinic's IANA time zone (clinics.timezone). */
  timeZone: string;
}

/** When a message is written (the service's clock): what "today" means in it. */
export interface WrittenAt {
  now: Date;
}

/** Whole days from the clinic's today at `now` to the appointment's clinic date (negative once past). */
export function clinicDaysUntil(facts: Pick<AppointmentFacts, 'appointmentTime' | 'timeZone'> & WrittenAt): number {
  return daysBetween(clinicToday(facts.now, facts.timeZone), clinicDateOf(facts.appointmentTime, facts.timeZone));
}

/** 'today', 'tomorrow', 'in N days', or null for a clinic date before today. */
function relativeDay(days: number): string | null {
  if (days < 0) return null;
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  return `in ${days} days`;
}

/**
 * The notice a patient gets when staff change an appointment's status without writing their own.
 * It names the appointment's clinic date, never "today" or "tomorrow": a notice is read later
 * than it is sent, and the date stays true.
 */
export function statusNoticeText(facts: AppointmentFacts & { status: AppointmentStatus }): string {
  const { patientName, clinicName, dentistName, status } = facts;
  const when = formatClinicDateTimeLong(facts.appointmentTime, facts.timeZone);
  switch (status) {
    case 'Scheduled':
      return `Hi ${patientName}, your appointment with ${dentistName} at ${clinicName} is scheduled for ${when}.`;
    case 'Confirmed':
      return `Hi ${patientName}, your appointment with ${dentistName} at ${clinicName} on ${when} is confirmed. See you then!`;
    case 'Completed':
      return `Hi ${patientName}, thank you for visiting ${clinicName}. Your appointment with ${dentistName} on ${when} is complete. We hope to see you again soon!`;
    case 'No Show':
      return `Hi ${patientName}, we missed you at your appointment with ${dentistName} at ${clinicName} on ${when}. Please message us to book a new time.`;
    case 'Cancelled':
      return `Hi ${patientName}, your appointment with ${dentistName} at ${clinicName} on ${when} has been cancelled. Please message us if you would like to book a new time.`;
  }
}

/**
 * The reminder sent when the appointment has no reminder_message of its own (manual and automated
 * reminders alike). It carries Confirm / Cancel quick replies, so it says what they do.
 */
export function defaultReminderText(facts: AppointmentFacts & WrittenAt): string {
  const when = formatClinicDateTimeLong(facts.appointmentTime, facts.timeZone);
  const relative = relativeDay(clinicDaysUntil(facts));
  return (
    `Hi ${facts.patientName}, this is a reminder of your appointment with ${facts.dentistName} at ` +
    `${facts.clinicName} ${relative === null ? `on ${when}` : `${relative}, ${when}`}. ` +
    `Tap Confirm to confirm it, or Cancel if you cannot come.`
  );
}

/** A message staff wrote, or null when it is missing or blank (blank means "use the default"). */
export function customText(message: string | null | undefined): string | null {
  const trimmed = message?.trim();
  return trimmed ? trimmed : null;
}
