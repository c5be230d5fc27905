import { useId } from 'react';
import { recallAction } from '../../model/due';
import type { DueRecall } from '../../model/due-recall';
import { RECALLS_TEXT } from '../../model/messages';

/**
 * A row's 'Send recall'. Disabled, with the reason beside it, for a patient without a Messenger id
 * or recalled in the last 30 days ('Recalled Nov 28').
 */
export function SendRecallButton({
  row,
  now,
  timeZone,
  sending,
  onSend,
}: {
  row: DueRecall;
  now: Date;
  timeZone: string;
  sending: boolean;
  onSend(row: DueRecall): void;
}) {
  const reasonId = useId();
  const action = recallAction(row, now, timeZone);
  if (action.kind === 'send') {
    return (
      <button
        type="button"
        className="button button-primary"
        aria-label={`${RECALLS_TEXT.sendRecall} to ${row.patient_name}`}
        disabled={sending}
        onClick={() => onSend(row)}
      >
        {sending ? RECALLS_TEXT.sending : RECALLS_TEXT.sendRecall}
      </button>
    );
  }
  return (
    <span className="recall-action-blocked">
      <button type="button" className="button button-secondary" disabled aria-describedby={reasonId}>
        {action.kind === 'recalled' ? (
          // One flex item (a button lays out its children in a row): the line breaks before the date.
          <span className="recall-recalled">
            {RECALLS_TEXT.recalled} <span className="recall-date">{action.on}</span>
          </span>
        ) : (
          RECALLS_TEXT.sendRecall
        )}
      </button>
      <span id={reasonId} className="recall-reason">
        {action.reason}
      </span>
    </span>
  );
}
