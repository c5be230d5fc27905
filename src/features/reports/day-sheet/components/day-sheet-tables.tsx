import { formatClinicDateTime, formatClinicTime } from '@common/clinic-calendar';
import { EmptyState } from '@/components/states/states';
import { Money, SheetTable as Table } from '../../model/components/report-table';
import { DAY_SHEET_TEXT } from '../../model/messages';
import type { DaySheet } from '../../model/report-shapes';
import {
  staffLabel,
  groupByStatus,
  methodLabel,
  paymentsByMethod,
  sheetHeading,
  voidKindLabel,
  voidPartyName,
} from '../day-sheet-rows';
import { HmoCollectionsBlock } from './hmo-collections';
import { CashierTotalsBlock, ProductionBlock } from './production-and-cashiers';

const TEXT = DAY_SHEET_TEXT;
const COLUMNS = TEXT.columns;

/**
 * The day sheet on screen: appointments by status, production by dentist, payments by method and
 * by cashier, HMO collections apart, voids with who voided, and open invoices.
 */
export function DaySheetTables({ sheet }: { sheet: DaySheet }) {
  const zone = sheet.time_zone;
  const groups = groupByStatus(sheet.appointments);
  // One day reads as times; a longer period needs the date beside each.
  const when = (instant: string) =>
    sheet.from === sheet.to ? formatClinicTime(instant, zone) : formatClinicDateTime(instant, zone);
  // A time alone ('9:00 AM') is never broken before its AM or PM by a long name beside it.
  const whenClass = sheet.from === sheet.to ? 'reports-time' : undefined;
  return (
    <div className="reports-sheet" data-testid="day-sheet">
      <h3 className="reports-sheet-day">{sheetHeading(sheet)}</h3>

      <section aria-labelledby="day-sheet-appointments" className="reports-block">
        <h4 id="day-sheet-appointments">{TEXT.appointments}</h4>
        {groups.length === 0 ? (
          <EmptyState title={TEXT.appointmentsEmpty} />
        ) : (
          groups.map((group) => (
            <div key={group.status} className="reports-group">
              <h5 className="reports-group-title">{TEXT.statusCount(group.status, group.appointments.length)}</h5>
              <Table
                caption={`${TEXT.appointments}: ${group.status}`}
                head={[COLUMNS.time, COLUMNS.patient, COLUMNS.dentist, COLUMNS.procedure]}
              >
                {group.appointments.map((appointment) => (
                  <tr key={appointment.id}>
                    <td className={whenClass}>{when(appointment.appointment_time)}</td>
                    <td>{appointment.patient_name}</td>
                    <td>{appointment.dentist_name}</td>
                    <td>{appointment.reason ?? ''}</td>
                  </tr>
                ))}
              </Table>
            </div>
          ))
        )}
      </section>

      <ProductionBlock production={sheet.production} />

      <section aria-labelledby="day-sheet-payments" className="reports-block">
        <h4 id="day-sheet-payments">{TEXT.payments}</h4>
        {sheet.totals.length === 0 ? <EmptyState title={TEXT.paymentsEmpty} /> : null}
        <Table
          caption={TEXT.payments}
          head={[
            COLUMNS.method,
            COLUMNS.time,
            COLUMNS.receipt,
            COLUMNS.invoice,
            COLUMNS.patient,
            COLUMNS.reference,
            COLUMNS.cashier,
            COLUMNS.amount,
          ]}
        >
          {paymentsByMethod(sheet).map(({ total, payments }) => [
            ...payments.map((payment) => (
              <tr key={`payment-${payment.id}`}>
                <td>{methodLabel(payment.method)}</td>
                <td className={whenClass}>{when(payment.payment_date)}</td>
                <td>{payment.receipt_number}</td>
                <td>#{payment.invoice_id}</td>
                <td>{payment.patient_name}</td>
                <td>{payment.reference_number ?? ''}</td>
                <td>{staffLabel(payment.cashier_name)}</td>
                <td className="align-end">
                  <Money centavos={payment.amount_centavos} />
                </td>
              </tr>
            )),
            <tr
              key={`total-${total.method}`}
              className="reports-subtotal"
              data-testid={`day-sheet-total-${total.method}`}
            >
              <th scope="row" colSpan={7}>
                {TEXT.methodTotal(methodLabel(total.method))} ({total.payment_count})
              </th>
              <td className="align-end">
                <Money centavos={total.total_centavos} />
              </td>
            </tr>,
          ])}
          <tr className="reports-grand-total">
            <th scope="row" colSpan={7}>
              {TEXT.grandTotal}
            </th>
            <td className="align-end" data-testid="day-sheet-grand-total">
              <Money centavos={sheet.grand_total_centavos} />
            </td>
          </tr>
        </Table>
      </section>

      <CashierTotalsBlock totals={sheet.cashier_totals} />

      <HmoCollectionsBlock collections={sheet.hmo_collections} />

      <section aria-labelledby="day-sheet-voids" className="reports-block">
        <h4 id="day-sheet-voids">{TEXT.voids}</h4>
        {sheet.voids.length === 0 ? (
          <EmptyState title={TEXT.voidsEmpty} />
        ) : (
          <Table
            caption={TEXT.voids}
            head={[
              COLUMNS.kind,
              COLUMNS.invoice,
              COLUMNS.party,
              COLUMNS.amount,
              COLUMNS.voidedAt,
              COLUMNS.voidedBy,
              COLUMNS.reason,
            ]}
          >
            {sheet.voids.map((entry) => (
              <tr key={`${entry.kind}-${entry.id}`}>
                <td>
                  {entry.kind === 'payment'
                    ? `${voidKindLabel(entry.kind)} (${methodLabel(entry.method)})`
                    : voidKindLabel(entry.kind)}
                </td>
                <td>{entry.invoice_id === null ? '' : `#${entry.invoice_id}`}</td>
                <td>{voidPartyName(entry)}</td>
                <td className="align-end">
                  <Money centavos={entry.amount_centavos} />
                </td>
                <td>{formatClinicDateTime(entry.voided_at, zone)}</td>
                <td>{staffLabel(entry.voided_by_name)}</td>
                <td className="reports-reason">{entry.void_reason}</td>
              </tr>
            ))}
          </Table>
        )}
      </section>

      <section aria-labelledby="day-sheet-open" className="reports-block">
        <h4 id="day-sheet-open">{TEXT.openInvoices}</h4>
        {sheet.open_invoices.length === 0 ? (
          <EmptyState title={TEXT.openInvoicesEmpty} />
        ) : (
          <Table
            caption={TEXT.openInvoices}
            head={[COLUMNS.invoice, COLUMNS.patient, COLUMNS.status, COLUMNS.total, COLUMNS.paid, COLUMNS.balance]}
          >
            {sheet.open_invoices.map((invoice) => (
              <tr key={invoice.id}>
                <td>#{invoice.id}</td>
                <td>{invoice.patient_name}</td>
                <td>{invoice.status}</td>
                <td className="align-end">
                  <Money centavos={invoice.total_centavos} />
                </td>
                <td className="align-end">
                  <Money centavos={invoice.paid_centavos} />
                </td>
                <td className="align-end">
                  <Money centavos={invoice.balance_centavos} />
                </td>
              </tr>
            ))}
          </Table>
        )}
      </section>
    </div>
  );
}
