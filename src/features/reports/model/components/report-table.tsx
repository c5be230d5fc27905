import type { ReactNode } from 'react';
import { formatPesos } from '@/entities/money';

/** An amount from integer centavos, formatted exactly (never through a float). */
export function Money({ centavos }: { centavos: number }) {
  return <span className="reports-money">{formatPesos(centavos)}</span>;
}

/** One of the sheet's tables: scrollable on a narrow screen, named by its caption. */
export function SheetTable({
  caption,
  head,
  children,
}: {
  caption: string;
  head: readonly string[];
  children: ReactNode;
}) {
  return (
    <div className="table-scroll reports-table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="data-table reports-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
