/**
 * The day sheet as people read it: appointments grouped by status (in the order of the day's
 * work), method labels, and the CSV file with the same sections and numbers as the screen. Pure.
 */
import { clinicWallClock, weekdayName } from '@common/clinic-calendar';
import { csvRow, CSV_BOM, type CsvValue } from '@common/csv';
import { APPOINTMENT_STATUSES } from '@/entities/appointment';
import { INVOICE_LINE_TEXT } from '@/entities/invoice';
import type { AppointmentStatus, PaymentMethod } from '@/lib/database.types';
import { pesosCell } from '../model/csv-cells';
import { DAY_SHEET_TEXT, DISCOUNTS_TEXT } from '../model/messages';
import type {
  DaySheet,
  DaySheetAppointment,
  DaySheetMethodTotal,
  DaySheetPayment,
  DaySheetVoid,
  DiscountIdType,
  ProductionAmounts,
} from '../model/report-shapes';

/** The day's work in order: the contract's statuses, as every screen lists them. */
export const STATUS_ORDER: readonly AppointmentStatus[] = APPOINTMENT_STATUSES;

const METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  'e-wallet': 'E-Wallet',
  bank: 'Bank Transfer',
};

/** The spec's method labels (Cash, Card, E-Wallet, Bank Transfer), as Billing shows them. */
export const methodLabel = (method: PaymentMethod | null) => (method === null ? '' : METHOD_LABELS[method]);

/** A staff member's name as recorded, or who it was when no one signed in did it (the service). */
export const staffLabel = (name: string | null) => name ?? DAY_SHEET_TEXT.bySystem;

/** The dentist a production line is charged to; invoices not from an appointment have none. */
export const dentistLabel = (name: string | null) => name ?? DAY_SHEET_TEXT.noDentist;

/** 'Senior citizen' or 'PWD' for an invoice billed with that ID; nothing without one. */
export const discountIdLabel = (type: DiscountIdType | null) => (type === null ? '' : DISCOUNTS_TEXT.idTypes[type]);

/**
 * The columns that take an invoice from the gross of its lines to what the patient pays, in the
 * order they are read: gross − VAT exemption − discount = net; net − HMO share = patient pays.
 */
export const PRODUCTION_AMOUNT_COLUMNS = [
  DAY_SHEET_TEXT.columns.gross,
  DAY_SHEET_TEXT.columns.vatExemption,
  DAY_SHEET_TEXT.columns.statutoryDiscount,
  DAY_SHEET_TEXT.columns.net,
  DAY_SHEET_TEXT.columns.hmoShare,
  DAY_SHEET_TEXT.columns.patientPays,
] as const;

/** The amounts of PRODUCTION_AMOUNT_COLUMNS, in their order. */
export const productionAmounts = (amounts: ProductionAmounts) => [
  amounts.gross_centavos,
  amounts.vat_exemption_centavos,
  amounts.statutory_discount_centavos,
  amounts.net_centavos,
  amounts.hmo_share_centavos,
  amounts.patient_pays_centavos,
];

const VOID_KIND_LABELS: Record<DaySheetVoid['kind'], string> = {
  payment: DAY_SHEET_TEXT.kindPayment,
  invoice: DAY_SHEET_TEXT.kindInvoice,
  hmo_payment: DAY_SHEET_TEXT.kindHmoPayment,
};

/** What was voided: Payment, Invoice or HMO payment. */
export const voidKindLabel = (kind: DaySheetVoid['kind']) => VOID_KIND_LABELS[kind];

/** Whose money a void touched: the patient's, or for an HMO payment the HMO's. */
export const voidPartyName = (entry: DaySheetVoid) =>
  entry.kind === 'hmo_payment' ? entry.hmo_name : entry.patient_name;

const dayWithWeekday = (day: string) => `${weekdayName(day)}, ${day}`;

/** 'Day sheet for Thursday, 2026-11-26', or '… for Monday, 2026-11-23 to Thursday, 2026-11-26'. */
export function sheetHeading(sheet: Pick<DaySheet, 'from' | 'to'>): string {
  return sheet.from === sheet.to
    ? DAY_SHEET_TEXT.heading(dayWithWeekday(sheet.from))
    : DAY_SHEET_TEXT.rangeHeading(dayWithWeekday(sheet.from), dayWithWeekday(sheet.to));
}

export interface StatusGroup {
  status: AppointmentStatus;
  appointments: readonly DaySheetAppointment[];
}

/** Non-empty groups in STATUS_ORDER; each keeps the day's time order. */
export function groupByStatus(appointments: readonly DaySheetAppointment[]): StatusGroup[] {
  return STATUS_ORDER.map((status) => ({
    status,
    appointments: appointments.filter((appointment) => appointment.status === status),
  })).filter((group) => group.appointments.length > 0);
}

export interface MethodPayments {
  total: DaySheetMethodTotal;
  payments: readonly DaySheetPayment[];
}

/** The day's payments under their method's total, in the order of the totals. */
export function paymentsByMethod(sheet: Pick<DaySheet, 'payments' | 'totals'>): MethodPayments[] {
  return sheet.totals.map((total) => ({
    total,
    payments: sheet.payments.filter((payment) => payment.method === total.method),
  }));
}

/**
 * The day sheet as one CSV file: a titled section per table, a blank line between them. Each
 * instant is two cells of the clinic's clock, 'YYYY-MM-DD' and 24-hour 'HH:MM', which sort as
 * they read in any spreadsheet.
 */
export function daySheetCsv(sheet: DaySheet, clinicName: string): string {
  const text = DAY_SHEET_TEXT;
  const columns = text.columns;
  const dateAndTime = (instant: string) => {
    const clock = clinicWallClock(instant, sheet.time_zone);
    return [clock.date, clock.time];
  };
  const lines: CsvValue[][] = [[`${clinicName} — ${sheetHeading(sheet)}`], []];

  lines.push(
    [text.appointments],
    [text.csvColumns.date, columns.time, columns.patient, columns.dentist, columns.procedure, columns.status],
  );
  for (const group of groupByStatus(sheet.appointments))
    for (const appointment of group.appointments)
      lines.push([
        ...dateAndTime(appointment.appointment_time),
        appointment.patient_name,
        appointment.dentist_name,
        appointment.reason,
        appointment.status,
      ]);
  lines.push([]);

  const amountCells = (amounts: ProductionAmounts) => productionAmounts(amounts).map(pesosCell);
  lines.push([text.production], [columns.dentist, columns.invoices, ...PRODUCTION_AMOUNT_COLUMNS]);
  for (const line of sheet.production.by_dentist)
    lines.push([dentistLabel(line.dentist_name), line.invoice_count, ...amountCells(line)]);
  lines.push([text.productionTotal, sheet.production.invoice_count, ...amountCells(sheet.production)], []);

  // Each invoice issued with its own figures, then its lines in a section of their own: no column
  // holds both an invoice's figure and a line's, so summing a column counts each peso once.
  lines.push(
    [text.issuedInvoices],
    [columns.invoice, columns.patient, columns.dentist, columns.discountId, ...PRODUCTION_AMOUNT_COLUMNS],
  );
  for (const invoice of sheet.production.invoices)
    lines.push([
      invoice.id,
      invoice.patient_name,
      dentistLabel(invoice.dentist_name),
      discountIdLabel(invoice.discount_id_type),
      ...amountCells(invoice),
    ]);
  lines.push([]);

  const lineColumns = INVOICE_LINE_TEXT.columns;
  lines.push(
    [text.invoiceLines],
    [
      columns.invoice,
      lineColumns.item,
      lineColumns.quantity,
      lineColumns.price,
      lineColumns.discount,
      lineColumns.lineTotal,
      lineColumns.hmoShare,
      lineColumns.patientShare,
    ],
  );
  for (const invoice of sheet.production.invoices)
    for (const item of invoice.items)
      lines.push([
        invoice.id,
        item.label,
        item.quantity,
        pesosCell(item.unit_price_centavos),
        pesosCell(item.discount_centavos),
        pesosCell(item.line_total_centavos),
        pesosCell(item.hmo_share_centavos),
        pesosCell(item.patient_share_centavos),
      ]);
  lines.push([]);

  lines.push(
    [text.payments],
    [
      columns.method,
      text.csvColumns.date,
      columns.time,
      columns.receipt,
      columns.invoice,
      columns.patient,
      columns.reference,
      columns.cashier,
      columns.amount,
    ],
  );
  const blanks = ['', '', '', '', '', '', ''];
  for (const { total, payments } of paymentsByMethod(sheet)) {
    for (const payment of payments)
      lines.push([
        methodLabel(payment.method),
        ...dateAndTime(payment.payment_date),
        payment.receipt_number,
        payment.invoice_id,
        payment.patient_name,
        payment.reference_number,
        staffLabel(payment.cashier_name),
        pesosCell(payment.amount_centavos),
      ]);
    lines.push([text.methodTotal(methodLabel(total.method)), ...blanks, pesosCell(total.total_centavos)]);
  }
  lines.push([text.grandTotal, ...blanks, pesosCell(sheet.grand_total_centavos)], []);

  lines.push([text.cashiers], [columns.cashier, columns.count, columns.total]);
  for (const total of sheet.cashier_totals)
    lines.push([staffLabel(total.cashier_name), total.payment_count, pesosCell(total.total_centavos)]);
  lines.push([]);

  // What HMOs paid, apart from the patients' collections and their grand total.
  lines.push(
    [text.hmoCollections],
    [columns.receivedOn, columns.hmo, columns.batch, columns.reference, columns.recordedBy, columns.amount],
  );
  for (const collection of sheet.hmo_collections.payments)
    lines.push([
      collection.received_on,
      collection.hmo_name,
      collection.batch_id,
      collection.reference_number,
      staffLabel(collection.recorded_by_name),
      pesosCell(collection.amount_centavos),
    ]);
  lines.push([text.hmoCollectionsTotal, '', '', '', '', pesosCell(sheet.hmo_collections.total_centavos)], []);

  lines.push(
    [text.voids],
    [
      columns.kind,
      columns.invoice,
      columns.party,
      columns.method,
      columns.amount,
      text.csvColumns.voidedDate,
      text.csvColumns.voidedTime,
      columns.voidedBy,
      columns.reason,
    ],
  );
  for (const entry of sheet.voids)
    lines.push([
      voidKindLabel(entry.kind),
      entry.invoice_id,
      voidPartyName(entry),
      methodLabel(entry.method),
      pesosCell(entry.amount_centavos),
      ...dateAndTime(entry.voided_at),
      staffLabel(entry.voided_by_name),
      entry.void_reason,
    ]);
  lines.push([]);

  lines.push(
    [text.openInvoices],
    [columns.invoice, columns.patient, columns.status, columns.total, columns.paid, columns.balance],
  );
  for (const invoice of sheet.open_invoices)
    lines.push([
      invoice.id,
      invoice.patient_name,
      invoice.status,
      pesosCell(invoice.total_centavos),
      pesosCell(invoice.paid_centavos),
      pesosCell(invoice.balance_centavos),
    ]);

  return CSV_BOM + lines.map((values) => csvRow(values)).join('');
}

/** 'day-sheet-2026-11-26.csv', or 'day-sheet-2026-11-23-to-2026-11-26.csv' for a longer period. */
export const daySheetFileName = (sheet: Pick<DaySheet, 'from' | 'to'>) =>
  sheet.from === sheet.to ? `day-sheet-${sheet.from}.csv` : `day-sheet-${sheet.from}-to-${sheet.to}.csv`;
