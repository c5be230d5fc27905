/**
 * The Reminder modal's 'Sent Reminders Log': each appointment_reminders row as the table shows it,
 * in clinic time with the Philippine locale, manual and automated told apart, and a reminder that
 * was not delivered said so in words.
 */
import { formatClinicDateTimeShort } from '@common/clinic-calendar';
import { messengerIdText } from '../model/display';

export interface ReminderLogEntry {
  id: number;
  sent_on: string;
  days_ahead: number;
  messenger_id: string | null;
  is_manual: boolean;
  /**
   * 'sent' or 'failed'; 'pending' while an automated reminder is retried; 'skipped' when an
   * automated one was not needed (error says why). The service may add others.
   */
  outcome: string;
  error: string | null;
}

export type ReminderKind = 'manual' | 'automated';

export interface ReminderLogRow {
  id: number;
  sentOn: string;
  daysAhead: number;
  messengerId: string;
  kind: ReminderKind;
  /** null when delivered; else what staff need to know ('Failed: …'). */
  problem: string | null;
  /** Not sent on purpose (the problem says why): nothing went wrong. */
  skipped: boolean;
}

const NO_SKIP_REASON = 'Not sent: it was not needed.';

/** What went wrong with a reminder, or null when it was delivered. */
export function reminderProblem(entry: Pick<ReminderLogEntry, 'outcome' | 'error'>): string | null {
  const reason = entry.error?.trim() || null;
  if (entry.outcome === 'sent') return null;
  // The service words a skip as a sentence of its own ('Not sent: a manual reminder already …').
  if (entry.outcome === 'skipped') return reason ?? NO_SKIP_REASON;
  if (entry.outcome === 'failed') return `Failed: ${reason ?? 'no reason was recorded'}`;
  const status = entry.outcome.charAt(0).toUpperCase() + entry.outcome.slice(1);
  return reason ? `${status}: ${reason}` : `${status}: not delivered yet`;
}

export function reminderLogRows(entries: readonly ReminderLogEntry[], timeZone: string): ReminderLogRow[] {
  return entries.map((entry) => ({
    id: entry.id,
    // 'Nov 23, 2026, 9:05 AM': the Philippine short form, in clinic time.
    sentOn: formatClinicDateTimeShort(entry.sent_on, timeZone),
    daysAhead: entry.days_ahead,
    messengerId: messengerIdText(entry.messenger_id),
    kind: entry.is_manual ? 'manual' : 'automated',
    problem: reminderProblem(entry),
    skipped: entry.outcome === 'skipped',
  }));
}
