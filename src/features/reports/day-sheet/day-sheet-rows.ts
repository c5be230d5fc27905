/**
 * The day sheet as people read it: appointments grouped by status (in the order of the day's
 * work), method labels, and the CSV file with the same sections and numbers as the screen. Pure.
 */
import { clinicWallClock } from '@common/clinic-calendar';
import { csvRow, CSV_BOM, type CsvValue } from '@common/csv';
import { APPOINTMENT_STATUSES } from '@/entities/appointment';
import type { AppointmentStatus, PaymentMethod } from '@/lib/database.types';
import { DAY_SHEET_TEXT } from '../model/messages';
import type { DaySheet, DaySheetAppointment, DaySheetMethodTotal, DaySheetPayment } from '../model/report-shapes';

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

/** Pesos for a spreadsheet cell: '1234.50' (a number Excel sums), exact from centavos. */
export function pesosCell(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const magnitude = Math.abs(centavos);
  return `${sign}${Math.trunc(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
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
  const lines: CsvValue[][] = [[`${clinicName} — ${text.heading(sheet.day)}`], []];

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

  lines.push(
    [text.payments],
    [
      columns.method,
      text.csvColumns.date,
      columns.time,
      columns.invoice,
      columns.patient,
      columns.reference,
      columns.amount,
    ],
  );
  for (const { total, payments } of paymentsByMethod(sheet)) {
    for (const payment of payments)
      lines.push([
        methodLabel(payment.method),
        ...dateAndTime(payment.payment_date),
        payment.invoice_id,
        payment.patient_name,
        payment.reference_number,
        pesosCell(payment.amount_centavos),
      ]);
    lines.push([text.methodTotal(methodLabel(total.method)), '', '', '', '', '', pesosCell(total.total_centavos)]);
  }
  lines.push([text.grandTotal, '', '', '', '', '', pesosCell(sheet.grand_total_centavos)], []);

  lines.push(
    [text.voids],
    [
      columns.kind,
      columns.invoice,
      columns.patient,
      columns.method,
      columns.amount,
      text.csvColumns.voidedDate,
      text.csvColumns.voidedTime,
      columns.reason,
    ],
  );
  for (const entry of sheet.voids)
    lines.push([
      entry.kind === 'payment' ? text.kindPayment : text.kindInvoice,
      entry.invoice_id,
      entry.patient_name,
      methodLabel(entry.method),
      pesosCell(entry.amount_centavos),
      ...dateAndTime(entry.voided_at),
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

/** 'day-sheet-2026-11-26.csv' */
export const daySheetFileName = (day: string) => `day-sheet-${day}.csv`;
