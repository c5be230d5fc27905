/**
 * The CSV exports of the Patients, Appointments and Billing tabs: what each file
 * holds, column by column, and the filters each accepts. The service writes the files with these
 * columns and the SPA asks for them with these filters, so the two cannot drift; the on-screen
 * headers are checked against the tables' own in src/features/*\/export tests. Browser-safe.
 *
 * Every column a person sees on screen is a column here, in the same order and under the same
 * header; the combined "Patient / Date & Time" cell of the Appointments list is split into its
 * parts (one value per cell, so a spreadsheet can sort and filter them). Ids and a few values
 * shown only on hover (void reasons) come after. Money is pesos with two decimals and no sign or
 * thousands separator ('1234.50'), which spreadsheets read as a number. Every instant is two
 * cells in the clinic's zone, a Date ('2027-03-02') and a 24-hour Time ('09:20'): text that sorts
 * as it reads, whatever the spreadsheet's locale. docs/exports.md has the reasons.
 */
import { auditValueKind, CENTAVOS_SUFFIX } from '../audit/value-kinds';
import { toClinicIso } from '../clinic-calendar';
import type { CsvColumn } from './index';

export const EXPORT_KINDS = ['patients', 'appointments', 'invoices', 'payments', 'audit'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export function isExportKind(value: string): value is ExportKind {
  return (EXPORT_KINDS as readonly string[]).includes(value);
}

/** The invoice list's Status filter ('All', the three derived statuses, 'Void'). */
export const INVOICE_STATUS_FILTERS = ['All', 'Paid', 'Partial', 'Unpaid', 'Void'] as const;
export type InvoiceStatusFilter = (typeof INVOICE_STATUS_FILTERS)[number];

/** The longest search text the filters take (the Billing search box's maxLength). */
export const EXPORT_SEARCH_MAX_LENGTH = 200;
/** The longest period an appointments export may cover: the list's widest view is one year. */
export const EXPORT_MAX_PERIOD_DAYS = 366;

/** The filters of each export, as the query string carries them (besides clinicId). */
export interface ExportFilters {
  patients: { q: string };
  appointments: { from: string; to: string; dentistId: number | null };
  invoices: { q: string; status: InvoiceStatusFilter };
  payments: { q: string };
  /** The Audit Trail's filters: a kind of record, a person (auth user id), occurred_at >= since and < until. */
  audit: { entity: AuditRecordKind | null; actor: string | null; since: string | null; until: string | null };
}

/** The kinds of record of the audit trail (audit_log.entity). */
export const AUDIT_RECORD_KINDS = [
  'appointment',
  'patient',
  'chart_entry',
  'hmo_card',
  'hmo',
  'hmo_coverage',
  'treatment_plan_item',
  'dentist',
  'availability',
  'procedure',
  'procedure_category',
  'invoice',
  'invoice_item',
  'payment',
  'hmo_claim',
  'hmo_claim_batch',
  'hmo_payment',
  'user',
  'clinic',
  'facebook_connection',
  'sign_in',
  'export',
] as const;
export type AuditRecordKind = (typeof AUDIT_RECORD_KINDS)[number];

export function isAuditRecordKind(value: string): value is AuditRecordKind {
  return (AUDIT_RECORD_KINDS as readonly string[]).includes(value);
}

/** The query string of an export: clinicId and the kind's filters, empty ones left out. */
export function exportQuery<K extends ExportKind>(clinicId: number, filters: ExportFilters[K]): Record<string, string> {
  const query: Record<string, string> = { clinicId: String(clinicId) };
  for (const [name, value] of Object.entries(filters) as [string, unknown][]) {
    if (value === null || value === undefined || value === '') continue;
    if (name === 'status' && value === 'All') continue;
    query[name] = String(value);
  }
  return query;
}

/** The file's name: `<kind>-<clinic>-<YYYY-MM-DD>.csv`, the clinic's name cut to ASCII letters, digits and dashes. */
export function exportFileName(kind: ExportKind, clinicName: string, clinicDate: string): string {
  const slug = clinicName
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${kind}-${slug || 'clinic'}-${clinicDate}.csv`;
}

// ---------------------------------------------------------------------------
// Search: the same matching as the tabs' search boxes.
// ---------------------------------------------------------------------------

export { foldName as searchableName, matchesPatientName, matchesPatientQuery } from '../contract/patient-search';

// ---------------------------------------------------------------------------
// Values as the screens show them.
// ---------------------------------------------------------------------------

/** The Origin column: 'Messenger' when booking_origin mentions messenger, 'System' when empty, else as stored. */
export function originText(bookingOrigin: string | null | undefined): string {
  if (bookingOrigin == null || bookingOrigin.trim() === '') return 'System';
  if (bookingOrigin.toLowerCase().includes('messenger')) return 'Messenger';
  return bookingOrigin;
}

/** A Messenger id as the appointment row shows it: the id, or 'N/A'. */
export function messengerText(messengerId: string | null | undefined): string {
  return messengerId == null || messengerId.trim() === '' ? 'N/A' : messengerId;
}

/** What separates the procedure from the notes in appointments.reason (the booking form writes it). */
export const REASON_NOTES_MARK = ' — Notes: ';

/** The procedure and the notes of an appointment's reason. */
export function reasonParts(reason: string | null | undefined): { procedure: string; notes: string } {
  const text = reason ?? '';
  const at = text.indexOf(REASON_NOTES_MARK);
  return at === -1
    ? { procedure: text, notes: '' }
    : { procedure: text.slice(0, at), notes: text.slice(at + REASON_NOTES_MARK.length) };
}

/** Payment methods as the Billing tab labels them; one it does not know is shown as stored. */
export const PAYMENT_METHOD_TEXT: Readonly<Record<string, string>> = {
  cash: 'Cash',
  card: 'Card',
  'e-wallet': 'E-Wallet',
  bank: 'Bank Transfer',
};

export function paymentMethodText(method: string | null | undefined): string {
  return (method && PAYMENT_METHOD_TEXT[method]) ?? method ?? '';
}

// ---------------------------------------------------------------------------
// The rows the service reads (every value as text: ids are bigint, money is numeric) and their columns.
// ---------------------------------------------------------------------------

export interface PatientExportRow {
  id: string;
  name: string;
  phone: string | null;
  messenger_id: string | null;
  /** No-shows in the last 12 months when the patient is flagged (2 or more, view patient_no_show_flags), else null. */
  no_show_count: string | null;
}

export const PATIENT_EXPORT_COLUMNS: readonly CsvColumn<PatientExportRow>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Phone', value: (row) => row.phone },
  { header: 'Messenger ID', value: (row) => row.messenger_id },
  // The list's frequent no-show badge ('3 no-shows in 12 months'), as a number a spreadsheet can sort.
  { header: 'No-shows (12 months)', value: (row) => row.no_show_count },
  { header: 'Patient ID', value: (row) => row.id },
];

export interface AppointmentExportRow {
  id: string;
  /** An ISO timestamp. */
  appointment_time: string;
  /** The clinic's date and 24-hour time of day at appointment_time ('2027-03-02', '09:20'), read by the database. */
  local_date: string;
  local_time: string;
  patient_name: string | null;
  patient_messenger_id: string | null;
  guardian_messenger_id: string | null;
  dentist_name: string | null;
  reason: string | null;
  booking_origin: string | null;
  status: string;
}

export const UNKNOWN_PATIENT_TEXT = 'Unknown patient';
export const UNKNOWN_DENTIST_TEXT = 'Unknown dentist';

/** The Appointments list's columns; Date and Time are the clinic's, as the database read them. */
export const APPOINTMENT_EXPORT_COLUMNS: readonly CsvColumn<AppointmentExportRow>[] = [
  { header: 'Patient', value: (row) => row.patient_name ?? UNKNOWN_PATIENT_TEXT },
  { header: 'Date', value: (row) => row.local_date },
  { header: 'Time', value: (row) => row.local_time },
  { header: 'Appointment ID', value: (row) => row.id },
  { header: 'Messenger', value: (row) => messengerText(row.patient_messenger_id) },
  { header: 'Guardian', value: (row) => messengerText(row.guardian_messenger_id) },
  { header: 'Dentist', value: (row) => row.dentist_name ?? UNKNOWN_DENTIST_TEXT },
  { header: 'Procedure', value: (row) => reasonParts(row.reason).procedure },
  { header: 'Notes', value: (row) => reasonParts(row.reason).notes },
  { header: 'Origin', value: (row) => originText(row.booking_origin) },
  { header: 'Status', value: (row) => row.status },
];

export interface InvoiceExportRow {
  id: string;
  patient_id: string;
  patient_name: string;
  /** Pesos, two decimals ('1234.50'). */
  total: string;
  balance: string;
  status: string;
  voided_at: string | null;
  void_reason: string | null;
}

export const INVOICE_EXPORT_COLUMNS: readonly CsvColumn<InvoiceExportRow>[] = [
  { header: 'ID', value: (row) => row.id },
  { header: 'Patient', value: (row) => row.patient_name },
  { header: 'Total', value: (row) => row.total },
  { header: 'Status', value: (row) => (row.voided_at === null ? row.status : 'Void') },
  { header: 'Balance', value: (row) => row.balance },
  { header: 'Patient ID', value: (row) => row.patient_id },
  { header: 'Void reason', value: (row) => row.void_reason },
];

export interface PaymentExportRow {
  id: string;
  invoice_id: string;
  patient_name: string;
  /** Pesos, two decimals ('1234.50'). */
  amount: string;
  method: string;
  reference_number: string | null;
  /** An ISO timestamp. */
  payment_date: string;
  /** The clinic's date and 24-hour time of day at payment_date ('2027-03-05', '09:05'), read by the database. */
  local_date: string;
  local_time: string;
  voided_at: string | null;
  void_reason: string | null;
}

/** The Payments list's columns; the table's Date is two cells here, the clinic's Date and Time. */
export const PAYMENT_EXPORT_COLUMNS: readonly CsvColumn<PaymentExportRow>[] = [
  { header: 'IID', value: (row) => row.invoice_id },
  { header: 'Patient', value: (row) => row.patient_name },
  { header: 'Amount', value: (row) => row.amount },
  { header: 'Method', value: (row) => paymentMethodText(row.method) },
  { header: 'Ref #', value: (row) => row.reference_number },
  { header: 'Date', value: (row) => row.local_date },
  { header: 'Time', value: (row) => row.local_time },
  { header: 'Payment ID', value: (row) => row.id },
  { header: 'Void', value: (row) => (row.voided_at === null ? '' : 'Void') },
  { header: 'Void reason', value: (row) => row.void_reason },
];

// ---------------------------------------------------------------------------
// The Audit Trail (admins): one row per recorded change, sign-in or export.
// ---------------------------------------------------------------------------

export interface AuditExportRow {
  id: string;
  /** An ISO timestamp. */
  occurred_at: string;
  /** The clinic's date and 24-hour time of day at occurred_at ('2027-03-05', '09:05'), read by the database. */
  local_date: string;
  local_time: string;
  /** The clinic's zone, in which the changed times are written too. */
  time_zone: string;
  entity: string;
  action: string;
  entity_label: string | null;
  actor_name: string | null;
  actor_email: string | null;
  actor_role: string | null;
  source: string;
  client_address: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * One stored value as text: centavos as pesos with two decimals, an instant as the clinic's date
 * and time ('2027-03-02 09:20', as the Date and Time cells), null as empty, objects as JSON. Which
 * fields hold money or instants is the Audit Trail screen's rule (@common/audit/value-kinds), by
 * name: a note that reads like a timestamp stays as written, and an instant that does not parse too.
 */
function auditValueText(field: string, value: unknown, timeZone: string): string {
  if (value === null || value === undefined) return '';
  const kind = auditValueKind(field);
  if (kind === 'centavos' && typeof value === 'number' && Number.isSafeInteger(value)) {
    const sign = value < 0 ? '-' : '';
    const abs = Math.abs(value);
    return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  }
  if (kind === 'instant' && typeof value === 'string' && !Number.isNaN(Date.parse(value))) {
    const local = toClinicIso(value, timeZone);
    return `${local.slice(0, 10)} ${local.slice(11, 16)}`;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The changed fields as 'field: before → after', one per line (a new value alone for an insert, the old for a delete). */
export function auditChangesText(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  timeZone: string,
): string {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  return fields
    .map((field) => {
      const name = field.endsWith(CENTAVOS_SUFFIX) ? field.slice(0, -CENTAVOS_SUFFIX.length) : field;
      if (before && after)
        return `${name}: ${auditValueText(field, before[field], timeZone)} → ${auditValueText(field, after[field], timeZone)}`;
      return `${name}: ${auditValueText(field, (after ?? before)?.[field], timeZone)}`;
    })
    .join('\n');
}

/** The Audit Trail's columns; its When is two cells here, the clinic's Date and Time. */
export const AUDIT_EXPORT_COLUMNS: readonly CsvColumn<AuditExportRow>[] = [
  { header: 'Date', value: (row) => row.local_date },
  { header: 'Time', value: (row) => row.local_time },
  { header: 'Who', value: (row) => row.actor_name ?? row.actor_email ?? '' },
  { header: 'Role', value: (row) => row.actor_role },
  { header: 'Source', value: (row) => row.source },
  { header: 'Record', value: (row) => row.entity },
  { header: 'Action', value: (row) => row.action },
  { header: 'Subject', value: (row) => row.entity_label },
  { header: 'Changes', value: (row) => auditChangesText(row.before, row.after, row.time_zone) },
  { header: 'Address', value: (row) => row.client_address },
  { header: 'Entry ID', value: (row) => row.id },
];
