import { dateLabel } from '@common/clinic-calendar';
import { IconButton } from '@/components/icon-button';
import { TrashIcon } from '@/components/icons';
import { DataTable, type Column } from '@/components/table/data-table';
import { TruncatedText } from '@/components/truncated-text/truncated-text';
import { entryStatusLabel, isOpenEntry } from '../../model/entry-status';
import { WAITLIST_TEXT } from '../../model/messages';
import { preferencesLabel } from '../../model/preferences';
import type { WaitlistEntry } from '../api/get-waitlist';

function datesLabel(entry: WaitlistEntry): string {
  const from = dateLabel(entry.from_date);
  return entry.from_date === entry.to_date ? from : `${from} – ${dateLabel(entry.to_date)}`;
}

/**
 * The waitlist in waitlist order (the number is the place in line among open entries), with
 * each entry's phone, dentist (or any), dates and preferences, status and the Remove action for
 * open entries. Names wrap rather than being cut: staff call patients by them.
 */
export function WaitlistTable({
  entries,
  loading,
  timeZone,
  removing,
  onRemove,
}: {
  entries: readonly WaitlistEntry[];
  loading: boolean;
  timeZone: string;
  removing: (entry: WaitlistEntry) => boolean;
  onRemove: (entry: WaitlistEntry) => void;
}) {
  const places = new Map<number, number>();
  for (const entry of entries) if (isOpenEntry(entry.status)) places.set(entry.id, places.size + 1);

  const columns: Column<WaitlistEntry>[] = [
    {
      key: 'place',
      header: '#',
      width: '48px',
      render: (entry) => places.get(entry.id) ?? '–',
    },
    {
      key: 'patient',
      header: 'Patient',
      render: (entry) => (
        <div className="waitlist-patient">
          <span className="waitlist-patient-name">{entry.patient?.name ?? '—'}</span>
          {entry.patient && !entry.patient.messenger_id && isOpenEntry(entry.status) ? (
            <span className="waitlist-warning">{WAITLIST_TEXT.noMessenger}</span>
          ) : null}
          {entry.note ? <TruncatedText className="waitlist-note" text={entry.note} /> : null}
        </div>
      ),
    },
    {
      key: 'phone',
      header: WAITLIST_TEXT.phone,
      width: '16%',
      render: (entry) => <span className="waitlist-phone">{entry.patient?.phone ?? '—'}</span>,
    },
    {
      key: 'dentist',
      header: 'Dentist',
      width: '15%',
      render: (entry) => (
        <span className="waitlist-dentist">
          {entry.dentist_id === null ? WAITLIST_TEXT.anyDentist : (entry.dentist?.name ?? '—')}
        </span>
      ),
    },
    {
      key: 'dates',
      header: 'Dates',
      width: '16%',
      render: (entry) => {
        const preferences = preferencesLabel(entry);
        return (
          <div className="waitlist-dates">
            <span>{datesLabel(entry)}</span>
            {preferences ? <span className="waitlist-preferences">{preferences}</span> : null}
          </div>
        );
      },
    },
    {
      key: 'status',
      header: 'Status',
      width: '15%',
      render: (entry) => {
        const label = entryStatusLabel(entry, timeZone);
        return (
          <div className="waitlist-status-cell">
            <span className={`waitlist-status waitlist-status-${label.tone}`}>{label.text}</span>
            {label.detail ? <span className="waitlist-status-detail">{label.detail}</span> : null}
          </div>
        );
      },
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      width: '88px',
      render: (entry) =>
        isOpenEntry(entry.status) ? (
          <IconButton
            danger
            title="Remove"
            label={`Remove ${entry.patient?.name ?? 'entry'} from the waitlist`}
            busy={removing(entry)}
            onClick={() => onRemove(entry)}
          >
            <TrashIcon />
          </IconButton>
        ) : null,
    },
  ];

  return (
    <DataTable
      caption={WAITLIST_TEXT.title}
      columns={columns}
      rows={entries}
      rowKey={(entry) => entry.id}
      loading={loading}
      emptyText={WAITLIST_TEXT.empty}
    />
  );
}
