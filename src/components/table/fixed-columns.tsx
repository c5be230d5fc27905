import type { ReactElement, ReactNode, RefObject } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../states/states';

export interface FixedColumn {
  /** The `<col>` class, which gives the column its width in the screen's stylesheet. */
  className: string;
  header: ReactNode;
  alignEnd?: boolean;
}

/**
 * The `<colgroup>` and header row of a table whose column widths are fixed by class, so long
 * content is cut instead of pushing the other columns about. `rowIndex` for windowed tables.
 */
export function FixedColumnsHead({ columns, rowIndex }: { columns: readonly FixedColumn[]; rowIndex?: number }) {
  return (
    <>
      <colgroup>
        {columns.map((column) => (
          <col key={column.className} className={column.className} />
        ))}
      </colgroup>
      <thead>
        <tr aria-rowindex={rowIndex}>
          {columns.map((column) => (
            <th key={column.className} scope="col" className={column.alignEnd ? 'align-end' : undefined}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
    </>
  );
}

/** The one row a table body shows instead of its rows (loading, a failed read, nothing to list). */
export function PlaceholderRow({
  columnCount,
  className,
  role,
  children,
}: {
  columnCount: number;
  className: string;
  role?: 'status';
  children: ReactNode;
}) {
  return (
    <tr>
      <td colSpan={columnCount} className={className} role={role}>
        {children}
      </td>
    </tr>
  );
}

/** Stands in for `rows` rows of a windowed table that are not rendered, so it scrolls as if they were. */
function SpacerRow({
  rows,
  rowHeight,
  columnCount,
  className,
}: {
  rows: number;
  rowHeight: number;
  columnCount: number;
  className: string;
}) {
  if (rows <= 0) return null;
  return (
    <tr className={className} aria-hidden="true" style={{ height: rows * rowHeight }}>
      <td colSpan={columnCount} />
    </tr>
  );
}

/**
 * The body of a windowed table (`useRowWindow`): the placeholder alone in one row when there is
 * one; else the rows from `start` to `end`, each given its aria-rowindex (the header is row 1),
 * between spacer rows standing in for the others. `classPrefix` names the `-placeholder` and
 * `-spacer` classes of the screen's stylesheet.
 */
export function WindowedBody<Row>({
  rowWindow: { bodyRef, start, end },
  placeholder,
  rows,
  layout: { rowHeight, columnCount, classPrefix },
  renderRow,
}: {
  /** What `useRowWindow` answers: the body's ref and the rows on screen. */
  rowWindow: { bodyRef: RefObject<HTMLTableSectionElement | null>; start: number; end: number };
  placeholder: ReactNode;
  rows: readonly Row[];
  layout: { rowHeight: number; columnCount: number; classPrefix: string };
  renderRow: (row: Row, rowIndex: number) => ReactNode;
}) {
  const spacer = (count: number) => (
    <SpacerRow rows={count} rowHeight={rowHeight} columnCount={columnCount} className={`${classPrefix}-spacer`} />
  );
  return (
    <tbody ref={bodyRef}>
      {placeholder ? (
        <PlaceholderRow columnCount={columnCount} className={`${classPrefix}-placeholder`}>
          {placeholder}
        </PlaceholderRow>
      ) : (
        <>
          {spacer(start)}
          {rows.slice(start, end).map((row, offset) => renderRow(row, start + offset + 2))}
          {spacer(rows.length - end)}
        </>
      )}
    </tbody>
  );
}

export type ReadStatus = 'loading' | 'failed' | 'ready';

/** A windowed table's own attributes: its full row count (the header is row 1), busy while loading. */
export function windowedTableProps(count: number, status: ReadStatus) {
  return { 'aria-rowcount': count + 1, 'aria-busy': status === 'loading' || undefined, 'data-count': count };
}

/**
 * What a table shows instead of rows while its read is on its way, when it failed (with Retry),
 * or when there is nothing to list (`empty`); null when it has rows.
 */
export function readPlaceholder({
  status,
  count,
  onRetry,
  texts,
}: {
  status: ReadStatus;
  count: number;
  onRetry: () => void;
  texts: { loading: string; failed: string; retry: string; empty: string };
}): ReactElement | null {
  if (status === 'loading') return <LoadingState label={texts.loading} />;
  if (status === 'failed') return <ErrorState title={texts.failed} onRetry={onRetry} retryLabel={texts.retry} />;
  if (count === 0) return <EmptyState title={texts.empty} />;
  return null;
}
