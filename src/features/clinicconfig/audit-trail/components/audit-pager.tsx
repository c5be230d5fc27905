import { AUDIT_TEXT } from '../messages';

export interface AuditPagerProps {
  /** 0 for the newest page. */
  readonly page: number;
  readonly hasOlder: boolean;
  /** A page is being read: both buttons wait. */
  readonly fetching: boolean;
  readonly onPage: (change: (page: number) => number) => void;
}

/** Newer / older pages of the log, with the page's number. */
export function AuditPager({ page, hasOlder, fetching, onPage }: AuditPagerProps) {
  return (
    <nav className="audit-pages audit-no-print" aria-label={AUDIT_TEXT.pagination}>
      <button
        type="button"
        className="button button-secondary"
        disabled={page === 0 || fetching}
        onClick={() => onPage((value) => Math.max(0, value - 1))}
      >
        {AUDIT_TEXT.previous}
      </button>
      <span className="audit-page-number">{AUDIT_TEXT.page(page + 1)}</span>
      <button
        type="button"
        className="button button-secondary"
        disabled={!hasOlder || fetching}
        onClick={() => onPage((value) => value + 1)}
      >
        {AUDIT_TEXT.next}
      </button>
    </nav>
  );
}
