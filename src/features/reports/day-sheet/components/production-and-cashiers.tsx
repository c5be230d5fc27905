import { Fragment } from 'react';
import { EmptyState } from '@/components/states/states';
import { InvoiceLinesTable } from '@/entities/invoice';
import { Money, SheetTable } from '../../model/components/report-table';
import { DAY_SHEET_TEXT } from '../../model/messages';
import type { DaySheet, ProductionAmounts } from '../../model/report-shapes';
import {
  staffLabel,
  dentistLabel,
  discountIdLabel,
  PRODUCTION_AMOUNT_COLUMNS,
  productionAmounts,
} from '../day-sheet-rows';

const TEXT = DAY_SHEET_TEXT;
const COLUMNS = TEXT.columns;

const NET_COLUMN = PRODUCTION_AMOUNT_COLUMNS.indexOf(COLUMNS.net);

/** Gross, VAT exemption, discount, net, HMO share and patient pays: one cell each, as the database summed them. */
function AmountCells({ amounts, netTestId }: { amounts: ProductionAmounts; netTestId?: string }) {
  return productionAmounts(amounts).map((centavos, index) => (
    <td
      key={PRODUCTION_AMOUNT_COLUMNS[index]}
      className="align-end"
      data-testid={index === NET_COLUMN ? netTestId : undefined}
    >
      <Money centavos={centavos} />
    </td>
  ));
}

/**
 * What was charged in the period: invoices issued and not void, by the billed appointment's
 * dentist, from gross through the statutory discounts to net (the production total) and who pays it.
 */
export function ProductionBlock({ production }: { production: DaySheet['production'] }) {
  return (
    <section aria-labelledby="day-sheet-production" className="reports-block">
      <h4 id="day-sheet-production">{TEXT.production}</h4>
      {production.by_dentist.length === 0 ? <EmptyState title={TEXT.productionEmpty} /> : null}
      <p className="reports-note">{TEXT.productionNote}</p>
      <SheetTable caption={TEXT.production} head={[COLUMNS.dentist, COLUMNS.invoices, ...PRODUCTION_AMOUNT_COLUMNS]}>
        {production.by_dentist.map((line) => (
          <tr key={line.dentist_id ?? 'none'} data-testid={`day-sheet-production-${line.dentist_id ?? 'none'}`}>
            <td>{dentistLabel(line.dentist_name)}</td>
            <td>{line.invoice_count}</td>
            <AmountCells amounts={line} />
          </tr>
        ))}
        <tr className="reports-grand-total">
          <th scope="row">{TEXT.productionTotal}</th>
          <td>{production.invoice_count}</td>
          <AmountCells amounts={production} netTestId="day-sheet-production-total" />
        </tr>
      </SheetTable>
      <IssuedInvoices invoices={production.invoices} />
    </section>
  );
}

const INVOICE_HEAD = [COLUMNS.invoice, COLUMNS.patient, COLUMNS.dentist, ...PRODUCTION_AMOUNT_COLUMNS];

/** Each invoice issued with its figures, its lines under it when it is itemised. */
function IssuedInvoices({ invoices }: { invoices: DaySheet['production']['invoices'] }) {
  if (invoices.length === 0) return null;
  return (
    <SheetTable caption={TEXT.issuedInvoices} head={INVOICE_HEAD}>
      {invoices.map((invoice) => (
        <Fragment key={invoice.id}>
          <tr data-testid={`day-sheet-invoice-${invoice.id}`}>
            <td>#{invoice.id}</td>
            <td>
              {invoice.patient_name}
              {invoice.discount_id_type === null ? null : (
                <span className="reports-note"> ({discountIdLabel(invoice.discount_id_type)})</span>
              )}
            </td>
            <td>{dentistLabel(invoice.dentist_name)}</td>
            <AmountCells amounts={invoice} />
          </tr>
          {invoice.items.length > 0 ? (
            <tr className="reports-invoice-items">
              <td colSpan={INVOICE_HEAD.length}>
                <InvoiceLinesTable lines={invoice.items} caption={TEXT.invoiceItems(invoice.id)} />
              </td>
            </tr>
          ) : null}
        </Fragment>
      ))}
    </SheetTable>
  );
}

/** The period's collections (payments not void) by the cashier who recorded them. */
export function CashierTotalsBlock({ totals }: { totals: DaySheet['cashier_totals'] }) {
  if (totals.length === 0) return null;
  return (
    <section aria-labelledby="day-sheet-cashiers" className="reports-block">
      <h4 id="day-sheet-cashiers">{TEXT.cashiers}</h4>
      <SheetTable caption={TEXT.cashiers} head={[COLUMNS.cashier, COLUMNS.count, COLUMNS.total]}>
        {totals.map((total) => (
          <tr key={`${total.cashier_id ?? ''}:${total.cashier_name ?? ''}`}>
            <td>{staffLabel(total.cashier_name)}</td>
            <td>{total.payment_count}</td>
            <td className="align-end">
              <Money centavos={total.total_centavos} />
            </td>
          </tr>
        ))}
      </SheetTable>
    </section>
  );
}
