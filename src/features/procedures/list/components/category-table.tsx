import type { ReactNode } from 'react';
import { PROCEDURES_EXTRA_TEXT, PROCEDURES_TEXT } from '../../model/messages';
import type { ProcedureCategory } from '../../model/types';

/**
 * One category's table (Procedure, Price, Actions), named by its category; the screen
 * passes its rows (one per procedure) and the inline add row.
 */
export function CategoryTable({
  category,
  children,
  addRow,
}: {
  category: ProcedureCategory;
  children: ReactNode;
  addRow: ReactNode;
}) {
  return (
    <div className="table-scroll procedures-table-scroll" data-category-id={category.id}>
      <table className="data-table procedures-table">
        <caption className="procedures-caption">{category.name}</caption>
        <thead>
          <tr>
            <th scope="col" className="procedures-col-name">
              {PROCEDURES_TEXT.columns.procedure}
            </th>
            <th scope="col" className="procedures-col-price">
              {PROCEDURES_TEXT.columns.price}
            </th>
            <th scope="col" className="procedures-col-actions">
              {PROCEDURES_TEXT.columns.actions}
            </th>
          </tr>
        </thead>
        <tbody>
          {category.procedures.length === 0 ? (
            <tr>
              <td colSpan={3} className="procedures-empty">
                {PROCEDURES_EXTRA_TEXT.noProcedures}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
        <tfoot>{addRow}</tfoot>
      </table>
    </div>
  );
}
