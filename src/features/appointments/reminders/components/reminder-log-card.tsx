import { useId, useMemo } from 'react';
import { ErrorState, LoadingState } from '@/components/states/states';
import { useReminderLog } from '../api/get-log';
import { reminderLogRows } from '../log';
import { REMINDER_EXTRA_TEXT, REMINDER_TEXT } from '../messages';

export interface ReminderLogCardProps {
  clinicId: number;
  timeZone: string;
  appointmentId: number;
}

/** Card 3 of the Reminder modal: every reminder sent, manual ones blue, automated ones red. */
export function ReminderLogCard({ clinicId, timeZone, appointmentId }: ReminderLogCardProps) {
  const titleId = useId();
  const log = useReminderLog(clinicId, appointmentId);
  const rows = useMemo(() => reminderLogRows(log.data ?? [], timeZone), [log.data, timeZone]);

  let body;
  if (log.isPending) body = <LoadingState />;
  else if (log.isError)
    body = (
      <ErrorState
        title={REMINDER_EXTRA_TEXT.logFailed}
        onRetry={() => void log.refetch()}
        retryLabel={REMINDER_EXTRA_TEXT.retry}
      />
    );
  else if (rows.length === 0) body = <p className="reminder-log-empty">{REMINDER_TEXT.noReminders}</p>;
  else
    body = (
      <div className="reminder-log-scroll">
        <table className="reminder-log-table">
          <caption className="visually-hidden">{REMINDER_TEXT.logTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{REMINDER_TEXT.dateSent}</th>
              <th scope="col">{REMINDER_TEXT.daysAhead}</th>
              <th scope="col">{REMINDER_TEXT.messengerId}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.id}
                className={`reminder-log-row reminder-log-row-${row.kind}${row.problem ? ' reminder-log-row-problem' : ''}`}
                data-kind={row.kind}
              >
                <td>
                  <span className="visually-hidden">
                    {row.kind === 'manual' ? REMINDER_TEXT.manual : REMINDER_TEXT.automated}:{' '}
                  </span>
                  {row.sentOn}
                </td>
                <td>{row.daysAhead}</td>
                <td>
                  <span className="reminder-log-messenger-id">{row.messengerId}</span>
                  {row.problem ? (
                    <span className={`reminder-log-problem${row.skipped ? ' reminder-log-problem-skipped' : ''}`}>
                      {row.problem}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <section className="reminder-card reminder-log-card" aria-labelledby={titleId}>
      <div className="reminder-log-header">
        <h3 id={titleId} className="reminder-card-title">
          {REMINDER_TEXT.logTitle}
        </h3>
        <ul className="reminder-legend" aria-label={REMINDER_EXTRA_TEXT.legend}>
          <li className="reminder-legend-item">
            <span className="reminder-legend-swatch reminder-legend-swatch-manual" aria-hidden="true" />
            {REMINDER_TEXT.manual}
          </li>
          <li className="reminder-legend-item">
            <span className="reminder-legend-swatch reminder-legend-swatch-automated" aria-hidden="true" />
            {REMINDER_TEXT.automated}
          </li>
        </ul>
      </div>
      {body}
    </section>
  );
}
