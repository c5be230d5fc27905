import { twelveHourLabel, type IsoDate } from '@common/clinic-calendar';
import { DataTable, type Column } from '@/components/table/data-table';
import type { BlockedPeriod } from '../blocked-runs';
import { AVAILABILITY_EXTRA_TEXT, AVAILABILITY_TEXT } from '../messages';

export interface BlockedPeriodsTableProps {
  /** The id the section's heading takes. */
  readonly headingId: string;
  /** No dentist chosen yet: the table says to pick one. */
  readonly noDentist: boolean;
  readonly periods: readonly BlockedPeriod[];
  readonly loading: boolean;
  /** A save or delete is under way: Delete waits. */
  readonly busy: boolean;
  readonly onShowDate: (date: IsoDate) => void;
  readonly onDelete: (period: BlockedPeriod) => void;
}

/** 'Blocked Periods': the dentist's blocked runs of hours from today on, each to show or delete. */
export function BlockedPeriodsTable({
  headingId,
  noDentist,
  periods,
  loading,
  busy,
  onShowDate,
  onDelete,
}: BlockedPeriodsTableProps) {
  const columns: Column<BlockedPeriod>[] = [
    {
      key: 'date',
      header: 'Date',
      render: (period) => (
        <button
          type="button"
          className="button-link button blocked-date"
          aria-label={`Show ${period.date}`}
          onClick={() => onShowDate(period.date)}
        >
          {period.date}
        </button>
      ),
    },
    // 12-hour, like the slot grid and the spec's slots.
    { key: 'start', header: 'Start', render: (period) => twelveHourLabel(period.start) },
    { key: 'end', header: 'End', render: (period) => twelveHourLabel(period.end) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (period) => (
        <button
          type="button"
          className="button button-secondary button-small button-danger-text"
          aria-label={`Delete block ${period.date} ${twelveHourLabel(period.start)}–${twelveHourLabel(period.end)}`}
          disabled={busy}
          onClick={() => onDelete(period)}
        >
          Delete
        </button>
      ),
    },
  ];
  return (
    <section className="blocked-periods" aria-labelledby={headingId}>
      <h3 id={headingId} className="blocked-periods-title">
        {AVAILABILITY_TEXT.blockedPeriods}
      </h3>
      <DataTable
        caption={AVAILABILITY_TEXT.blockedPeriods}
        columns={columns}
        rows={noDentist ? [] : periods}
        rowKey={(period) => period.id}
        loading={loading}
        emptyText={noDentist ? AVAILABILITY_EXTRA_TEXT.pickDentistFirst : AVAILABILITY_EXTRA_TEXT.noBlocks}
      />
    </section>
  );
}
