/**
 * A reminder the scheduler sent one day ahead to the patient's Messenger id, as its log keeps it:
 * the fields the log's rows and the modal's card read, whatever the source.
 */
export const SENT_A_DAY_AHEAD = {
  days_ahead: 1,
  messenger_id: '24680135792468',
  is_manual: false,
  outcome: 'sent',
  error: null,
} as const;
