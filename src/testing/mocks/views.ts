/**
 * The database's views the SPA reads (supabase/migrations/…_billing.sql), computed from the mock's
 * tables on each read with the same columns and rules: `invoice_summaries` (paid, balance and
 * status from the payments that are not void), `payment_entries` (payments with the patient's
 * name) and `patient_no_show_flags` (…_reports.sql). Amounts are integer centavos, read exactly
 * from the decimal strings or numbers stored. Views are read-only here, as the browser's grants
 * make them.
 */
import type { InvoiceSummaryRow, PatientNoShowFlagRow, PaymentEntryRow } from '@/lib/database.types';
import type { Row, RowOf, TableName } from './schema';

type RowsOf = (table: TableName) => readonly Row[];

export interface ViewSpec<R> {
  /** The view's columns in its declaration order (what `select=*` returns). */
  columns: readonly (keyof R & string)[];
  rows: (rowsOf: RowsOf) => R[];
}

/**
 * Pesos as stored (a decimal string as sent, or a number from a factory) in exact centavos, as
 * `(amount * 100)::bigint` gives them.
 */
export function centavosOfStored(value: unknown): number {
  if (typeof value === 'number') return Math.round(value * 100);
  const match = /^\s*(-?)(\d*)(?:\.(\d*))?\s*$/.exec(String(value));
  if (!match) throw new Error(`The mock cannot read the amount ${JSON.stringify(value)} as pesos.`);
  const [, sign, whole = '', fraction = ''] = match;
  const centavos = Number(whole || '0') * 100 + Math.round(Number(`0.${fraction || '0'}`) * 100);
  return sign === '-' ? -centavos : centavos;
}

const nameOf = (rowsOf: RowsOf) => {
  const names = new Map(rowsOf('patients').map((patient) => [patient.id, String(patient.name)]));
  return (row: { patient_id: number }) => names.get(row.patient_id);
};

const invoiceSummaries: ViewSpec<InvoiceSummaryRow> = {
  columns: [
    'id',
    'clinic_id',
    'patient_id',
    'patient_name',
    'appointment_id',
    'total_centavos',
    'paid_centavos',
    'balance_centavos',
    'status',
    'payment_count',
    'created_at',
    'voided_at',
    'void_reason',
  ],
  rows: (rowsOf) => {
    const patientName = nameOf(rowsOf);
    const paid = new Map<number, { centavos: number; count: number }>();
    for (const payment of rowsOf('payments') as readonly RowOf<'payments'>[]) {
      if (payment.voided_at !== null) continue;
      const sum = paid.get(payment.invoice_id) ?? { centavos: 0, count: 0 };
      paid.set(payment.invoice_id, { centavos: sum.centavos + centavosOfStored(payment.amount), count: sum.count + 1 });
    }
    return (rowsOf('invoices') as readonly RowOf<'invoices'>[]).flatMap((invoice) => {
      const name = patientName(invoice);
      // The view joins patients: an invoice whose patient is missing is not listed.
      if (name === undefined) return [];
      const total = centavosOfStored(invoice.total);
      const { centavos, count } = paid.get(invoice.id) ?? { centavos: 0, count: 0 };
      return [
        {
          id: invoice.id,
          clinic_id: invoice.clinic_id,
          patient_id: invoice.patient_id,
          patient_name: name,
          appointment_id: invoice.appointment_id,
          total_centavos: total,
          paid_centavos: centavos,
          balance_centavos: total - centavos,
          status: centavos >= total ? 'Paid' : centavos > 0 ? 'Partial' : 'Unpaid',
          payment_count: count,
          created_at: invoice.created_at,
          voided_at: invoice.voided_at,
          void_reason: invoice.void_reason,
        },
      ];
    });
  },
};

const paymentEntries: ViewSpec<PaymentEntryRow> = {
  columns: [
    'id',
    'clinic_id',
    'invoice_id',
    'patient_id',
    'patient_name',
    'amount_centavos',
    'method',
    'reference_number',
    'notes',
    'payment_date',
    'created_at',
    'voided_at',
    'void_reason',
    'idempotency_key',
  ],
  rows: (rowsOf) => {
    const patientName = nameOf(rowsOf);
    return (rowsOf('payments') as readonly RowOf<'payments'>[]).flatMap((payment) => {
      const name = patientName(payment);
      if (name === undefined) return [];
      return [
        {
          id: payment.id,
          clinic_id: payment.clinic_id,
          invoice_id: payment.invoice_id,
          patient_id: payment.patient_id,
          patient_name: name,
          amount_centavos: centavosOfStored(payment.amount),
          method: payment.method,
          reference_number: payment.reference_number,
          notes: payment.notes,
          payment_date: payment.payment_date,
          created_at: payment.created_at,
          voided_at: payment.voided_at,
          void_reason: payment.void_reason,
          idempotency_key: payment.idempotency_key,
        },
      ];
    });
  },
};

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** …_reports.sql: patients with 2 or more No Show appointments (not deleted) in the last 12 months. */
const patientNoShowFlags: ViewSpec<PatientNoShowFlagRow> = {
  columns: ['clinic_id', 'patient_id', 'no_show_count', 'last_no_show_at'],
  rows: (rowsOf) => {
    const now = Date.now();
    const flags = new Map<number, PatientNoShowFlagRow>();
    for (const appointment of rowsOf('appointments') as readonly RowOf<'appointments'>[]) {
      const at = Date.parse(appointment.appointment_time);
      if (appointment.status !== 'No Show' || appointment.deleted || at > now || at <= now - YEAR_MS) continue;
      const flag = flags.get(appointment.patient_id);
      const later = flag && Date.parse(flag.last_no_show_at) > at ? flag.last_no_show_at : appointment.appointment_time;
      flags.set(appointment.patient_id, {
        clinic_id: appointment.clinic_id,
        patient_id: appointment.patient_id,
        no_show_count: (flag?.no_show_count ?? 0) + 1,
        last_no_show_at: later,
      });
    }
    return [...flags.values()].filter((flag) => flag.no_show_count >= 2);
  },
};

export const views = {
  invoice_summaries: invoiceSummaries,
  payment_entries: paymentEntries,
  patient_no_show_flags: patientNoShowFlags,
} as const;

export type ViewName = keyof typeof views;

export function isViewName(name: string): name is ViewName {
  return Object.hasOwn(views, name);
}

/** The view's rows, as plain rows the read plan filters, orders and shapes. */
export function viewRows(name: ViewName, rowsOf: RowsOf): Row[] {
  return (views[name] as ViewSpec<object>).rows(rowsOf) as unknown as Row[];
}

export function viewColumns(name: ViewName): readonly string[] {
  return views[name].columns;
}
