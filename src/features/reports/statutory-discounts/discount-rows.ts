/**
 * The statutory discounts report as people read it: ID type labels, the heading, and the CSV file
 * with the same rows and totals as the screen. Pure.
 */
import { clinicWallClock } from '@common/clinic-calendar';
import { csvRow, CSV_BOM, type CsvValue } from '@common/csv';
import { pesosCell } from '../model/csv-cells';
import { DISCOUNTS_TEXT } from '../model/messages';
import type { DiscountAmounts, DiscountIdType, StatutoryDiscounts } from '../model/report-shapes';

const TEXT = DISCOUNTS_TEXT;

/** 'Senior citizen' or 'PWD'. */
export const idTypeLabel = (type: DiscountIdType) => TEXT.idTypes[type];

/** 'Statutory discounts from 2026-11-01 to 2026-11-30'. */
export const discountsHeading = (report: Pick<StatutoryDiscounts, 'from' | 'to'>) =>
  TEXT.heading(report.from, report.to);

/** The invoice's clinic day, YYYY-MM-DD (sorts as it reads in any spreadsheet). */
export const invoiceDay = (report: Pick<StatutoryDiscounts, 'time_zone'>, createdAt: string) =>
  clinicWallClock(createdAt, report.time_zone).date;

const amountCells = (amounts: DiscountAmounts) => [
  pesosCell(amounts.gross_centavos),
  pesosCell(amounts.vat_exemption_centavos),
  pesosCell(amounts.discount_centavos),
  pesosCell(amounts.amount_due_centavos),
];

/** The report as one CSV file: the invoices, a blank line, then the totals per ID type and overall. */
export function discountsCsv(report: StatutoryDiscounts, clinicName: string): string {
  const columns = TEXT.columns;
  const money = [columns.gross, columns.vatExemption, columns.discount, columns.amountDue];
  const lines: CsvValue[][] = [
    [`${clinicName} — ${discountsHeading(report)}`],
    [],
    [columns.date, columns.invoice, columns.patient, columns.idType, columns.idNumber, ...money],
  ];
  for (const invoice of report.invoices)
    lines.push([
      invoiceDay(report, invoice.created_at),
      invoice.id,
      invoice.patient_name,
      idTypeLabel(invoice.discount_id_type),
      invoice.discount_id_number,
      ...amountCells(invoice),
    ]);
  lines.push([], [columns.idType, columns.invoices, ...money]);
  for (const total of report.by_type)
    lines.push([TEXT.typeTotal(idTypeLabel(total.discount_id_type)), total.invoice_count, ...amountCells(total)]);
  lines.push([TEXT.overall, report.overall.invoice_count, ...amountCells(report.overall)]);
  return CSV_BOM + lines.map((values) => csvRow(values)).join('');
}

/** 'statutory-discounts-2026-11-01-to-2026-11-30.csv'. */
export const discountsFileName = (report: Pick<StatutoryDiscounts, 'from' | 'to'>) =>
  `statutory-discounts-${report.from}-to-${report.to}.csv`;
