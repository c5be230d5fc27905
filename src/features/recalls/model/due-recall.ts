import type { RecallOutcome } from '@common/contract/recall';

/** One patient of public.recall_list: due for a check-up, most overdue first. */
export interface DueRecall {
  patient_id: number;
  patient_name: string;
  /** Whom to call when the patient has no Messenger. */
  patient_phone: string;
  has_messenger_id: boolean;
  last_appointment_id: number;
  last_visit_at: string;
  /** The last visit's clinic date (YYYY-MM-DD). */
  last_visit_date: string;
  /** The appointment's reason, which keeps the procedure's name; null when none was recorded. */
  last_procedure: string | null;
  dentist_name: string;
  /** The clinic date the patient became due. */
  due_date: string;
  overdue_days: number;
  last_recall_at: string | null;
  last_recall_outcome: RecallOutcome | null;
  last_recall_error: string | null;
  /** Until when a sent recall blocks another; null when none does. */
  recalled_until: string | null;
}
