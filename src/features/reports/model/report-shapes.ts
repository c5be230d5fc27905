/**
 * The JSON the report functions answer (supabase/migrations/…_reports.sql), read strictly: a
 * field of the wrong type is an error rather than a wrong number on a printed sheet. Amounts are
 * integer centavos, as the billing views give them. Pure.
 */
import { APPOINTMENT_STATUSES } from '@/entities/appointment';
import { invoiceLinesSchema, type InvoiceLine } from '@/entities/invoice';
import type { AppointmentStatus, PaymentMethod } from '@/lib/database.types';

export interface DaySheetAppointment {
  id: number;
  appointment_time: string;
  status: AppointmentStatus;
  patient_name: string;
  dentist_name: string;
  reason: string | null;
}

export interface DaySheetPayment {
  id: number;
  invoice_id: number;
  patient_name: string;
  amount_centavos: number;
  method: PaymentMethod;
  reference_number: string | null;
  payment_date: string;
  receipt_number: number;
  /** Who recorded it, as their name was then; null when the service did. */
  cashier_name: string | null;
}

export interface DaySheetMethodTotal {
  method: PaymentMethod;
  payment_count: number;
  total_centavos: number;
}

export interface DaySheetCashierTotal {
  /** The staff account that recorded the payments (two cashiers may share a name). */
  cashier_id: string | null;
  /** Their name on their latest payment of the period. */
  cashier_name: string | null;
  payment_count: number;
  total_centavos: number;
}

/**
 * What invoices billed, step by step, as the database stored it: gross (the lines' totals, after
 * any desk line discount) − VAT exemption − statutory discount = net (the clinic's production);
 * net − HMO share = what the patient pays. Each a sum over invoices where it is a group's.
 */
export interface ProductionAmounts {
  gross_centavos: number;
  vat_exemption_centavos: number;
  statutory_discount_centavos: number;
  net_centavos: number;
  hmo_share_centavos: number;
  patient_pays_centavos: number;
}

/** What was charged: one line per dentist of the billed appointments (null: no appointment). */
export interface DaySheetProductionLine extends ProductionAmounts {
  dentist_id: number | null;
  dentist_name: string | null;
  invoice_count: number;
}

/** One invoice issued in the period, with its lines when it is itemised. */
export interface DaySheetIssuedInvoice extends ProductionAmounts {
  id: number;
  patient_name: string;
  dentist_name: string | null;
  created_at: string;
  /** The senior citizen / PWD ID it was billed with; null without a statutory discount. */
  discount_id_type: DiscountIdType | null;
  items: InvoiceLine[];
}

export interface DaySheetProduction extends ProductionAmounts {
  invoice_count: number;
  by_dentist: DaySheetProductionLine[];
  invoices: DaySheetIssuedInvoice[];
}

interface DaySheetVoidBase {
  id: number;
  amount_centavos: number;
  voided_at: string;
  void_reason: string;
  voided_by_name: string | null;
}

/** A patient's payment or invoice voided: whose, and by which method (a payment). */
export interface DaySheetPatientVoid extends DaySheetVoidBase {
  kind: 'payment' | 'invoice';
  invoice_id: number;
  patient_name: string;
  hmo_name: null;
  method: PaymentMethod | null;
}

/** An HMO payment voided: the HMO's, against no one invoice. */
export interface DaySheetHmoPaymentVoid extends DaySheetVoidBase {
  kind: 'hmo_payment';
  invoice_id: null;
  patient_name: null;
  hmo_name: string;
  method: null;
}

export type DaySheetVoid = DaySheetPatientVoid | DaySheetHmoPaymentVoid;

export interface DaySheetOpenInvoice {
  id: number;
  patient_name: string;
  appointment_id: number | null;
  total_centavos: number;
  paid_centavos: number;
  balance_centavos: number;
  status: 'Unpaid' | 'Partial';
  created_at: string;
}

/** What an HMO paid on one of the period's days (by date received), against one of its batches. */
export interface DaySheetHmoCollection {
  id: number;
  batch_id: number;
  hmo_name: string;
  amount_centavos: number;
  received_on: string;
  reference_number: string | null;
  recorded_by_name: string | null;
}

/** HMO collections, apart from the patients' payments and their grand total. */
export interface DaySheetHmoCollections {
  payments: DaySheetHmoCollection[];
  total_centavos: number;
}

/** The sheet of clinic days from..to (at most 31). */
export interface DaySheet {
  from: string;
  to: string;
  time_zone: string;
  appointments: DaySheetAppointment[];
  production: DaySheetProduction;
  payments: DaySheetPayment[];
  totals: DaySheetMethodTotal[];
  cashier_totals: DaySheetCashierTotal[];
  grand_total_centavos: number;
  hmo_collections: DaySheetHmoCollections;
  voids: DaySheetVoid[];
  open_invoices: DaySheetOpenInvoice[];
}

/** A statutory discount ID as billed: senior citizen (RA 9994) or person with disability (RA 10754). */
export type DiscountIdType = 'senior_citizen' | 'pwd';

/** The money of a discount: the patient's share before it, the VAT exemption, the discount, what is due. */
export interface DiscountAmounts {
  gross_centavos: number;
  vat_exemption_centavos: number;
  discount_centavos: number;
  amount_due_centavos: number;
}

/** One invoice issued with a senior citizen / PWD discount. */
export interface DiscountedInvoice extends DiscountAmounts {
  id: number;
  created_at: string;
  patient_name: string;
  discount_id_type: DiscountIdType;
  discount_id_number: string | null;
}

/** The statutory discounts granted over clinic days from..to (rpc statutory_discounts). */
export interface StatutoryDiscounts {
  from: string;
  to: string;
  time_zone: string;
  invoices: DiscountedInvoice[];
  by_type: (DiscountAmounts & { discount_id_type: DiscountIdType; invoice_count: number })[];
  overall: DiscountAmounts & { invoice_count: number };
}

/**
 * One group's appointments whose time has come: all of them (booked), the Completed (kept), the
 * No Show, the Cancelled, and of those the ones cancelled less than 24 hours ahead.
 */
export interface RateCounts {
  booked: number;
  kept: number;
  no_shows: number;
  cancelled: number;
  late_cancels: number;
}

/** A no-show or a late cancellation: the appointment behind the insight's numbers. */
export interface MissedAppointment {
  appointment_id: number;
  appointment_time: string;
  patient_id: number;
  patient_name: string;
  dentist_name: string;
  outcome: 'no_show' | 'late_cancel';
  cancelled_at: string | null;
  cancel_reason: string | null;
}

export interface NoShowInsight {
  from: string;
  to: string;
  time_zone: string;
  as_of: string;
  overall: RateCounts;
  by_dentist: (RateCounts & { dentist_id: number; dentist_name: string })[];
  by_weekday: (RateCounts & { weekday: number })[];
  by_hour: (RateCounts & { hour: number })[];
  /** Every clinic month of the period up to today, 'YYYY-MM', oldest first. */
  by_month: (RateCounts & { month: string })[];
  /** Latest first. */
  missed: MissedAppointment[];
}

export class ReportShapeError extends Error {
  constructor(path: string) {
    super(`The report's answer is not as expected at ${path}.`);
    this.name = 'ReportShapeError';
  }
}

type Reader<T> = (value: unknown, path: string) => T;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const integer: Reader<number> = (value, path) => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new ReportShapeError(path);
  return value;
};
const text: Reader<string> = (value, path) => {
  if (typeof value !== 'string') throw new ReportShapeError(path);
  return value;
};
const oneOf =
  <T extends string>(allowed: readonly T[]): Reader<T> =>
  (value, path) => {
    if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) throw new ReportShapeError(path);
    return value as T;
  };
const nullable =
  <T>(read: Reader<T>): Reader<T | null> =>
  (value, path) =>
    value === null || value === undefined ? null : read(value, path);
const none: Reader<null> = (value, path) => {
  if (value !== null) throw new ReportShapeError(path);
  return null;
};
const list =
  <T>(read: Reader<T>): Reader<T[]> =>
  (value, path) => {
    if (!Array.isArray(value)) throw new ReportShapeError(path);
    return value.map((item, index) => read(item, `${path}[${index}]`));
  };
function object<T>(fields: { [K in keyof T]: Reader<T[K]> }): Reader<T> {
  return (value, path) => {
    if (!isRecord(value)) throw new ReportShapeError(path);
    const result = {} as T;
    for (const key of Object.keys(fields) as (keyof T & string)[])
      result[key] = fields[key](value[key], `${path}.${key}`);
    return result;
  };
}

/** Invoice lines, read by their entity's schema. */
const invoiceLines: Reader<InvoiceLine[]> = (value, path) => {
  const parsed = invoiceLinesSchema.safeParse(value);
  if (!parsed.success) throw new ReportShapeError(path);
  return parsed.data;
};

const METHODS: readonly PaymentMethod[] = ['cash', 'card', 'e-wallet', 'bank'];

const voidBase = {
  id: integer,
  amount_centavos: integer,
  voided_at: text,
  void_reason: text,
  voided_by_name: nullable(text),
};
const readPatientVoid = object<DaySheetPatientVoid>({
  ...voidBase,
  kind: oneOf(['payment', 'invoice'] as const),
  invoice_id: integer,
  patient_name: text,
  hmo_name: none,
  method: nullable(oneOf(METHODS)),
});
const readHmoPaymentVoid = object<DaySheetHmoPaymentVoid>({
  ...voidBase,
  kind: oneOf(['hmo_payment'] as const),
  invoice_id: none,
  patient_name: none,
  hmo_name: text,
  method: none,
});
const voidEntry: Reader<DaySheetVoid> = (value, path) =>
  isRecord(value) && value.kind === 'hmo_payment' ? readHmoPaymentVoid(value, path) : readPatientVoid(value, path);

const DISCOUNT_ID_TYPES: readonly DiscountIdType[] = ['senior_citizen', 'pwd'];

const productionAmounts = {
  gross_centavos: integer,
  vat_exemption_centavos: integer,
  statutory_discount_centavos: integer,
  net_centavos: integer,
  hmo_share_centavos: integer,
  patient_pays_centavos: integer,
};

const rateCounts = { booked: integer, kept: integer, no_shows: integer, cancelled: integer, late_cancels: integer };

const readDaySheet = object<DaySheet>({
  from: text,
  to: text,
  time_zone: text,
  appointments: list(
    object<DaySheetAppointment>({
      id: integer,
      appointment_time: text,
      status: oneOf(APPOINTMENT_STATUSES),
      patient_name: text,
      dentist_name: text,
      reason: nullable(text),
    }),
  ),
  production: object<DaySheetProduction>({
    ...productionAmounts,
    invoice_count: integer,
    by_dentist: list(
      object<DaySheetProductionLine>({
        ...productionAmounts,
        dentist_id: nullable(integer),
        dentist_name: nullable(text),
        invoice_count: integer,
      }),
    ),
    invoices: list(
      object<DaySheetIssuedInvoice>({
        ...productionAmounts,
        id: integer,
        patient_name: text,
        dentist_name: nullable(text),
        created_at: text,
        discount_id_type: nullable(oneOf(DISCOUNT_ID_TYPES)),
        items: invoiceLines,
      }),
    ),
  }),
  payments: list(
    object<DaySheetPayment>({
      id: integer,
      invoice_id: integer,
      patient_name: text,
      amount_centavos: integer,
      method: oneOf(METHODS),
      reference_number: nullable(text),
      payment_date: text,
      receipt_number: integer,
      cashier_name: nullable(text),
    }),
  ),
  totals: list(
    object<DaySheetMethodTotal>({ method: oneOf(METHODS), payment_count: integer, total_centavos: integer }),
  ),
  cashier_totals: list(
    object<DaySheetCashierTotal>({
      cashier_id: nullable(text),
      cashier_name: nullable(text),
      payment_count: integer,
      total_centavos: integer,
    }),
  ),
  grand_total_centavos: integer,
  hmo_collections: object<DaySheetHmoCollections>({
    payments: list(
      object<DaySheetHmoCollection>({
        id: integer,
        batch_id: integer,
        hmo_name: text,
        amount_centavos: integer,
        received_on: text,
        reference_number: nullable(text),
        recorded_by_name: nullable(text),
      }),
    ),
    total_centavos: integer,
  }),
  voids: list(voidEntry),
  open_invoices: list(
    object<DaySheetOpenInvoice>({
      id: integer,
      patient_name: text,
      appointment_id: nullable(integer),
      total_centavos: integer,
      paid_centavos: integer,
      balance_centavos: integer,
      status: oneOf(['Unpaid', 'Partial'] as const),
      created_at: text,
    }),
  ),
});

const readInsight = object<NoShowInsight>({
  from: text,
  to: text,
  time_zone: text,
  as_of: text,
  overall: object<RateCounts>(rateCounts),
  by_dentist: list(
    object<RateCounts & { dentist_id: number; dentist_name: string }>({
      ...rateCounts,
      dentist_id: integer,
      dentist_name: text,
    }),
  ),
  by_weekday: list(object<RateCounts & { weekday: number }>({ ...rateCounts, weekday: integer })),
  by_hour: list(object<RateCounts & { hour: number }>({ ...rateCounts, hour: integer })),
  by_month: list(object<RateCounts & { month: string }>({ ...rateCounts, month: text })),
  missed: list(
    object<MissedAppointment>({
      appointment_id: integer,
      appointment_time: text,
      patient_id: integer,
      patient_name: text,
      dentist_name: text,
      outcome: oneOf(['no_show', 'late_cancel'] as const),
      cancelled_at: nullable(text),
      cancel_reason: nullable(text),
    }),
  ),
});

const discountAmounts = {
  gross_centavos: integer,
  vat_exemption_centavos: integer,
  discount_centavos: integer,
  amount_due_centavos: integer,
};

const readStatutoryDiscounts = object<StatutoryDiscounts>({
  from: text,
  to: text,
  time_zone: text,
  invoices: list(
    object<DiscountedInvoice>({
      ...discountAmounts,
      id: integer,
      created_at: text,
      patient_name: text,
      discount_id_type: oneOf(DISCOUNT_ID_TYPES),
      discount_id_number: nullable(text),
    }),
  ),
  by_type: list(
    object<StatutoryDiscounts['by_type'][number]>({
      ...discountAmounts,
      discount_id_type: oneOf(DISCOUNT_ID_TYPES),
      invoice_count: integer,
    }),
  ),
  overall: object<StatutoryDiscounts['overall']>({ ...discountAmounts, invoice_count: integer }),
});

export const parseStatutoryDiscounts = (value: unknown): StatutoryDiscounts =>
  readStatutoryDiscounts(value, 'statutory_discounts');

export const parseDaySheet = (value: unknown): DaySheet => readDaySheet(value, 'day_sheet');

/** An empty period answers overall null (no rows to group): read as zero counts. */
export function parseNoShowInsight(value: unknown): NoShowInsight {
  const withOverall =
    isRecord(value) && value.overall === null
      ? { ...value, overall: { booked: 0, kept: 0, no_shows: 0, cancelled: 0, late_cancels: 0 } }
      : value;
  return readInsight(withOverall, 'no_show_insight');
}
