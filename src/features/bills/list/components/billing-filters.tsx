import { BILLING_EXTRA_TEXT } from '../../model/messages';
import { isStatusFilter, STATUS_FILTERS, type StatusFilter } from '../billing-search';

/** 'Search by patient' (both tables) and 'Status' (invoices): instant, over the loaded lists. */
export function BillingFilters({
  query,
  status,
  onQuery,
  onStatus,
}: {
  query: string;
  status: StatusFilter;
  onQuery: (query: string) => void;
  onStatus: (status: StatusFilter) => void;
}) {
  return (
    <div className="billing-filters">
      <input
        type="search"
        className="input billing-search"
        aria-label={BILLING_EXTRA_TEXT.searchLabel}
        placeholder={BILLING_EXTRA_TEXT.searchPlaceholder}
        value={query}
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        onChange={(event) => onQuery(event.target.value)}
      />
      <label className="billing-status-filter">
        <span className="billing-status-label">{BILLING_EXTRA_TEXT.statusLabel}</span>
        <select
          className="input"
          value={status}
          onChange={(event) => {
            if (isStatusFilter(event.target.value)) onStatus(event.target.value);
          }}
        >
          {STATUS_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {filter === 'All' ? BILLING_EXTRA_TEXT.allStatuses : filter}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
