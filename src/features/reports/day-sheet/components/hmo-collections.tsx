import { EmptyState } from '@/components/states/states';
import { Money, SheetTable } from '../../model/components/report-table';
import { DAY_SHEET_TEXT } from '../../model/messages';
import type { DaySheet } from '../../model/report-shapes';
import { staffLabel } from '../day-sheet-rows';

const TEXT = DAY_SHEET_TEXT;
const COLUMNS = TEXT.columns;

/**
 * What HMOs paid on the period's days (by date received), with its own total: apart from the
 * patients' payments, so the grand total stays what the patients paid at the desk.
 */
export function HmoCollectionsBlock({ collections }: { collections: DaySheet['hmo_collections'] }) {
  return (
    <section aria-labelledby="day-sheet-hmo-collections" className="reports-block" data-testid="day-sheet-hmo">
      <h4 id="day-sheet-hmo-collections">{TEXT.hmoCollections}</h4>
      {collections.payments.length === 0 ? <EmptyState title={TEXT.hmoCollectionsEmpty} /> : null}
      <SheetTable
        caption={TEXT.hmoCollections}
        head={[COLUMNS.receivedOn, COLUMNS.hmo, COLUMNS.batch, COLUMNS.reference, COLUMNS.recordedBy, COLUMNS.amount]}
      >
        {collections.payments.map((collection) => (
          <tr key={collection.id} data-testid={`day-sheet-hmo-${collection.id}`}>
            <td>{collection.received_on}</td>
            <td>{collection.hmo_name}</td>
            <td>#{collection.batch_id}</td>
            <td>{collection.reference_number ?? ''}</td>
            <td>{staffLabel(collection.recorded_by_name)}</td>
            <td className="align-end">
              <Money centavos={collection.amount_centavos} />
            </td>
          </tr>
        ))}
        <tr className="reports-grand-total">
          <th scope="row" colSpan={5}>
            {TEXT.hmoCollectionsTotal}
          </th>
          <td className="align-end" data-testid="day-sheet-hmo-total">
            <Money centavos={collections.total_centavos} />
          </td>
        </tr>
      </SheetTable>
    </section>
  );
}
