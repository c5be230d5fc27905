import { invoiceBadge } from '../invoice-status';
import './invoice-status-badge.css';

/** An invoice's status (Paid, Partial, Unpaid, or Void) in its one colour. */
export function InvoiceStatusBadge({ status, voided }: { status: string | null | undefined; voided: boolean }) {
  const badge = invoiceBadge(status, voided);
  return (
    <span className={`invoice-badge invoice-badge-${badge.tone}`} data-tone={badge.tone}>
      {badge.label}
    </span>
  );
}
