/**
 * How one audit_log row reads in the Audit Trail: labels for records, actions, sources and
 * fields, and each changed field as "before → after" in words a clinic's staff use (clinic time,
 * pesos, role and method names). Pure: the clinic's time zone is passed in.
 */
import { auditValueKind, CENTAVOS_SUFFIX, type AuditValueKind } from '@common/audit/value-kinds';
import { formatClinicDateTime, twelveHourLabel } from '@common/clinic-calendar';
import { formatPesos } from '@/entities/money';
import { ROLE_LABELS, isRole } from '@/lib/authorization';
import type { AuditAction, AuditEntity, AuditLogRow, AuditSource, Json } from '@/lib/database.types';
import { AUDIT_TEXT } from './messages';

export const AUDIT_ENTITIES: readonly { value: AuditEntity; label: string }[] = [
  { value: 'appointment', label: 'Appointments' },
  { value: 'patient', label: 'Patients' },
  { value: 'chart_entry', label: 'Dental chart' },
  { value: 'hmo_card', label: 'HMO cards' },
  { value: 'hmo', label: 'HMOs' },
  { value: 'hmo_coverage', label: 'HMO coverage' },
  { value: 'treatment_plan_item', label: 'Treatment plans' },
  { value: 'dentist', label: 'Dentists' },
  { value: 'availability', label: 'Availability' },
  { value: 'procedure', label: 'Procedures and prices' },
  { value: 'procedure_category', label: 'Procedure categories' },
  { value: 'invoice', label: 'Invoices' },
  { value: 'invoice_item', label: 'Invoice items' },
  { value: 'payment', label: 'Payments' },
  { value: 'hmo_claim', label: 'HMO claims' },
  { value: 'hmo_claim_batch', label: 'HMO billing batches' },
  { value: 'hmo_payment', label: 'HMO payments' },
  { value: 'user', label: 'Staff users' },
  { value: 'clinic', label: 'Clinic settings' },
  { value: 'facebook_connection', label: 'Facebook page' },
  { value: 'sign_in', label: 'Sign-ins' },
  { value: 'export', label: 'Exports' },
];

const ENTITY_NAMES: Record<AuditEntity, string> = {
  appointment: 'Appointment',
  patient: 'Patient',
  chart_entry: 'Chart entry',
  hmo_card: 'HMO card',
  hmo: 'HMO',
  hmo_coverage: 'HMO coverage',
  treatment_plan_item: 'Treatment plan item',
  dentist: 'Dentist',
  availability: 'Availability',
  procedure: 'Procedure',
  procedure_category: 'Procedure category',
  invoice: 'Invoice',
  invoice_item: 'Invoice item',
  payment: 'Payment',
  hmo_claim: 'HMO claim',
  hmo_claim_batch: 'HMO billing batch',
  hmo_payment: 'HMO payment',
  user: 'Staff user',
  clinic: 'Clinic settings',
  facebook_connection: 'Facebook page',
  sign_in: 'Sign-in',
  export: 'Export',
};

const ACTION_NAMES: Record<AuditEntity, Partial<Record<AuditAction, string>>> = {
  appointment: { insert: 'booked', delete: 'deleted' },
  patient: { insert: 'added', delete: 'deleted' },
  chart_entry: { insert: 'recorded' },
  hmo_card: { insert: 'added', delete: 'removed' },
  hmo: { insert: 'added' },
  hmo_coverage: { insert: 'added', delete: 'removed' },
  treatment_plan_item: { insert: 'planned' },
  dentist: { insert: 'added', delete: 'deleted' },
  availability: { insert: 'added', delete: 'removed' },
  procedure: { insert: 'added', delete: 'removed' },
  procedure_category: { insert: 'added', delete: 'removed' },
  invoice: { insert: 'added', void: 'voided', delete: 'removed' },
  invoice_item: { insert: 'added', delete: 'removed' },
  payment: { insert: 'recorded', void: 'voided', delete: 'removed' },
  hmo_claim: { insert: 'submitted' },
  hmo_claim_batch: { insert: 'opened' },
  hmo_payment: { insert: 'recorded' },
  user: { insert: 'added', delete: 'removed' },
  clinic: { insert: 'created', delete: 'deleted' },
  facebook_connection: { connect: 'connected', disconnect: 'disconnected' },
  sign_in: { sign_in: 'succeeded', sign_in_failed: 'failed' },
  export: { export: 'downloaded' },
};

export const SOURCE_LABELS: Record<AuditSource, string> = {
  browser: 'Browser',
  edge_function: 'Edge function',
  service: 'Service',
  webhook: 'Webhook',
  auth: 'Sign-in',
  sql: 'SQL',
};

export function isAuditEntity(value: string): value is AuditEntity {
  return AUDIT_ENTITIES.some((entity) => entity.value === value);
}

/** 'Appointment booked', 'Payment voided', 'Clinic settings changed'. */
export function describeAction(entity: AuditEntity, action: AuditAction): string {
  return `${ENTITY_NAMES[entity]} ${ACTION_NAMES[entity][action] ?? 'changed'}`;
}

/** Who made the change: the staff member's name (or e-mail), else what did it. */
export function actorLabel(row: Pick<AuditLogRow, 'actor_name' | 'actor_email' | 'source'>): string {
  const name = row.actor_name?.trim() || row.actor_email?.trim();
  if (name) return name;
  return row.source === 'webhook' ? AUDIT_TEXT.messenger : AUDIT_TEXT.system;
}

/** The actor's role when it was recorded ('Admin'), or null. */
export function actorRoleLabel(role: string | null): string | null {
  return role && isRole(role) ? ROLE_LABELS[role] : null;
}

/** How the table below reads a field's values; money and instants go by the audit trail's naming. */
type ListedKind = 'text' | 'method' | 'role' | 'time' | 'yes-no' | 'record' | 'secret' | 'failure';
type ValueKind = ListedKind | AuditValueKind;

/**
 * Labels, and the order changes are listed in. A money or instant field has no kind here: those
 * are told by the rule in @common/audit/value-kinds, which the CSV export follows too.
 */
const FIELDS: Record<string, { label: string; kind?: ListedKind }> = {
  status: { label: 'Status', kind: 'text' },
  appointment_time: { label: 'Time' },
  dentist: { label: 'Dentist', kind: 'text' },
  deleted: { label: 'Deleted', kind: 'yes-no' },
  total_centavos: { label: 'Total' },
  amount_centavos: { label: 'Amount' },
  hmo_share_centavos: { label: 'HMO share' },
  patient_share_centavos: { label: 'Patient share' },
  vat_exemption_centavos: { label: 'VAT exemption' },
  statutory_discount_centavos: { label: 'Statutory discount' },
  unit_price_centavos: { label: 'Unit price' },
  discount_centavos: { label: 'Discount' },
  line_total_centavos: { label: 'Line total' },
  cancelled_at: { label: 'Cancelled at' },
  appointment_id: { label: 'Appointment', kind: 'record' },
  invoice_id: { label: 'Invoice', kind: 'record' },
  rebills_claim_id: { label: 'Bills the unpaid HMO claim', kind: 'record' },
  method: { label: 'Method', kind: 'method' },
  reference_number: { label: 'Reference number', kind: 'text' },
  payment_date: { label: 'Payment date' },
  voided_at: { label: 'Voided at' },
  void_reason: { label: 'Void reason', kind: 'text' },
  name: { label: 'Name', kind: 'text' },
  email: { label: 'Email', kind: 'text' },
  role: { label: 'Role', kind: 'role' },
  timezone: { label: 'Time zone', kind: 'text' },
  reminder_time: { label: 'Reminder time', kind: 'time' },
  address: { label: 'Address', kind: 'text' },
  contact_email: { label: 'Contact email', kind: 'text' },
  contact_phone: { label: 'Contact phone', kind: 'text' },
  recall_interval_months: { label: 'Recall interval (months)', kind: 'text' },
  vat_registered: { label: 'VAT-registered', kind: 'yes-no' },
  discount_id_type: { label: 'Discount ID type', kind: 'text' },
  discount_id_number: { label: 'Discount ID number', kind: 'text' },
  claim_deadline_days: { label: 'Claim deadline (days)', kind: 'text' },
  annual_limit_centavos: { label: 'Annual limit' },
  active: { label: 'Active', kind: 'yes-no' },
  contracted_price_centavos: { label: 'Contracted price' },
  covered_percent: { label: 'Covered percent', kind: 'text' },
  hmo_id: { label: 'HMO', kind: 'record' },
  procedure_id: { label: 'Procedure', kind: 'record' },
  member_number: { label: 'Member number', kind: 'text' },
  company: { label: 'Company', kind: 'text' },
  valid_from: { label: 'Valid from', kind: 'text' },
  valid_until: { label: 'Valid until', kind: 'text' },
  fb_page_id: { label: 'Facebook page ID', kind: 'text' },
  messenger_page_id: { label: 'Messenger page ID', kind: 'text' },
  fb_page_name: { label: 'Facebook page name', kind: 'text' },
  page_access_token: { label: 'Page access token', kind: 'secret' },
  patient: { label: 'Patient', kind: 'text' },
  phone: { label: 'Phone', kind: 'text' },
  messenger_id: { label: 'Messenger ID', kind: 'text' },
  guardian_messenger_id: { label: 'Guardian Messenger ID', kind: 'text' },
  reason: { label: 'Procedure / notes', kind: 'text' },
  booking_origin: { label: 'Booked through', kind: 'text' },
  reminder_enabled: { label: 'Reminder on', kind: 'yes-no' },
  reminder_days: { label: 'Reminder days', kind: 'text' },
  reminder_message: { label: 'Reminder message', kind: 'text' },
  reminder_recipient_type: { label: 'Reminder recipient', kind: 'text' },
  category: { label: 'Category', kind: 'text' },
  price_centavos: { label: 'Price' },
  specific_date: { label: 'Date', kind: 'text' },
  start_time: { label: 'From', kind: 'time' },
  end_time: { label: 'To', kind: 'time' },
  is_available: { label: 'Available', kind: 'yes-no' },
  is_active: { label: 'Active', kind: 'yes-no' },
  voided_by: { label: 'Voided by', kind: 'text' },
  voided_by_name: { label: 'Voided by (name)', kind: 'text' },
  kind: { label: 'List', kind: 'text' },
  rows: { label: 'Rows', kind: 'text' },
  filters: { label: 'Filters', kind: 'text' },
  failure: { label: 'Why', kind: 'failure' },
};

/** Ids shown through a name beside them: the dentist's name says more than dentist_id. */
const HIDDEN_FIELDS = new Set(['dentist_id', 'patient_id', 'category_id']);

/** payments.method as Billing shows it. */
const METHOD_LABELS: Record<string, string> = {
  cash: 'Cash',
  card: 'Card',
  'e-wallet': 'E-Wallet',
  bank: 'Bank Transfer',
};
const SECRET_LABELS: Record<string, string> = { stored: 'Stored (hidden)', replaced: 'Replaced (hidden)' };
/** Why a sign-in failed (the auth server's error codes). */
const FAILURE_LABELS: Record<string, string> = {
  invalid_credentials: 'Wrong e-mail or password',
  email_not_confirmed: 'E-mail not confirmed',
  user_banned: 'Account blocked',
};

export const EMPTY_VALUE = '—';

/**
 * How a field reads: money and instants by the audit trail's own naming (@common/audit/value-kinds:
 * `<column>_centavos`, `<event>_at` and the few instant columns named otherwise), so a column added
 * later is still shown in pesos and clinic time rather than raw; labels and other kinds from the
 * table above.
 */
function fieldDisplay(field: string): { label: string; kind: ValueKind } {
  const known = FIELDS[field];
  const kind = auditValueKind(field) ?? known?.kind ?? 'text';
  if (known) return { label: known.label, kind };
  if (kind === 'centavos') return { label: inWords(field.slice(0, -CENTAVOS_SUFFIX.length)), kind };
  if (kind === 'instant') return { label: inWords(field), kind };
  return { label: field, kind };
}

/** 'removed_at' → 'Removed at'. */
function inWords(field: string): string {
  const words = field.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One stored value in words; null and '' read as an em dash. */
export function formatAuditValue(field: string, value: Json | undefined, timeZone: string): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  const { kind } = fieldDisplay(field);
  if (kind === 'centavos' && typeof value === 'number' && Number.isSafeInteger(value)) return formatPesos(value);
  if (typeof value === 'string') {
    if (kind === 'instant' && !Number.isNaN(Date.parse(value))) return formatClinicDateTime(value, timeZone);
    if (kind === 'method') return METHOD_LABELS[value] ?? value;
    if (kind === 'role') return actorRoleLabel(value) ?? value;
    if (kind === 'time') return timeLabel(value);
    if (kind === 'secret') return SECRET_LABELS[value] ?? 'Hidden';
    if (kind === 'failure') return FAILURE_LABELS[value] ?? value;
    return value;
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return kind === 'record' ? `#${value}` : String(value);
  return JSON.stringify(value);
}

export interface FieldChange {
  field: string;
  label: string;
  /** null when the field did not exist before (an insert). */
  before: string | null;
  /** null when the field is gone (a delete). */
  after: string | null;
}

const asObject = (value: Json | null): Record<string, Json | undefined> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};

/** The changed fields of a row, in the order the table above lists them, then any others by name. */
export function fieldChanges(row: Pick<AuditLogRow, 'before' | 'after' | 'action'>, timeZone: string): FieldChange[] {
  const before = asObject(row.before);
  const after = asObject(row.after);
  const known = Object.keys(FIELDS);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((field) => !HIDDEN_FIELDS.has(field))
    .sort((a, b) => rank(a, known) - rank(b, known) || a.localeCompare(b));
  return fields.map((field) => ({
    field,
    label: fieldDisplay(field).label,
    before: row.before === null ? null : formatAuditValue(field, before[field], timeZone),
    after: row.after === null ? null : formatAuditValue(field, after[field], timeZone),
  }));
}

function rank(field: string, known: readonly string[]): number {
  const index = known.indexOf(field);
  return index === -1 ? known.length : index;
}

function timeLabel(value: string): string {
  try {
    return twelveHourLabel(value);
  } catch {
    return value;
  }
}
