/**
 * What recalls say and decide, pure: names, dates, the clinic's zone and `now` come in as arguments.
 * Dates are clinic dates ('November 3, 2026', as the Appointments list writes them).
 */
import { formatClinicDate } from '@common/clinic-calendar';
import type { RecallForReply } from './recall-store';

/** The recall a patient receives, with a 'Book' quick reply. */
export function recallText(facts: {
  patientName: string;
  clinicName: string;
  lastVisitAt: Date | null;
  timeZone: string;
}): string {
  const since = facts.lastVisitAt
    ? ` since your last visit on ${formatClinicDate(facts.lastVisitAt, facts.timeZone)}`
    : '';
  return (
    `Hi ${facts.patientName}, it has been a while${since}, and you are due for a dental check-up at ${facts.clinicName}. ` +
    'Tap Book and we will message you to find a time that suits you.'
  );
}

/** The acknowledgement of a 'Book' tap. */
export function bookAcknowledgementText(clinicPhone: string | null): string {
  const call = clinicPhone ? ` You can also call us at ${clinicPhone}.` : '';
  return `Thank you! We received your request and will message you shortly to book your check-up.${call}`;
}

/** The answer to a Book tap from a patient who already holds an appointment ahead. */
export function alreadyBookedText(clinicPhone: string | null): string {
  const call = clinicPhone ? ` To change it, call us at ${clinicPhone}.` : '';
  return `Thank you! You already have an appointment booked with us, so there is nothing more to do.${call}`;
}

/** Staff's 409 when the patient was recalled less than 30 days ago. */
export function recalledRecentlyText(facts: {
  patientName: string;
  recalledAt: Date;
  blockedUntil: Date;
  timeZone: string;
}): string {
  const on = formatClinicDate(facts.recalledAt, facts.timeZone);
  const from = formatClinicDate(facts.blockedUntil, facts.timeZone);
  return `${facts.patientName} was recalled on ${on}. Another recall can be sent from ${from}.`;
}

export const RECALL_ERRORS = {
  notFound: 'Patient not found.',
  notDue: 'This patient is not due for a check-up: they were seen recently or have an appointment booked ahead.',
  noMessengerId: "This patient has no Messenger ID. Add it on the patient's record to send a recall.",
  notConnected: 'This clinic is not connected to a Facebook page. Connect one in Clinic Config.',
} as const;

/** Whether a 'Book' tap counts: the recall's own recipient tapped it, and the patient still exists. */
export function acceptBookReply(recall: RecallForReply | null, senderPsid: string): boolean {
  if (!recall || recall.patientDeleted) return false;
  return recall.messengerId !== null && recall.messengerId.trim() === senderPsid.trim();
}
