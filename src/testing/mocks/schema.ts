/**
 * What the mock knows of the database (supabase/migrations): each table's columns with the values
 * an insert fills in, the columns an insert must give, unique keys, and the foreign keys that
 * embeds follow. Column sets are typed against src/lib/database.types.ts, so a table that gains a
 * column there fails to compile here until its default is declared.
 */
import type {
  AppointmentFlagRow,
  AppointmentReminderRow,
  AppointmentRow,
  AuditLogRow,
  ClinicRow,
  Database,
  DentistAvailabilityRow,
  DentistRow,
  InvoiceRow,
  MessengerContactRow,
  PatientRow,
  PaymentRow,
  ProcedureCategoryRow,
  ProcedureRow,
  WaitlistEntryRow,
  WaitlistOfferRow,
  UserProfileRow,
} from '@/lib/database.types';

type Tables = Database['public']['Tables'];
export type TableName = keyof Tables & string;
/**
 * A stored row. Every mock row has an `id`, the store's key: for the tables that have one it is
 * theirs; messenger_contacts (key page_id + psid) gets one of the mock's own, which only a
 * `select=*` shows.
 */
export type RowOf<T extends TableName> = Tables[T]['Row'] & { id: number };
export type FunctionName = keyof Database['public']['Functions'] & string;
export type Row = Record<string, unknown>;

export interface TableSpec<R extends { id: number } = { id: number }, Required extends keyof R = keyof R> {
  /** Not null and without a database default: an insert that leaves one out fails with 23502. */
  required: readonly Required[];
  /** What the database fills in for every other column (null for a nullable column without default). */
  defaults: (now: string) => Omit<R, 'id' | Required>;
  /** Plausible values for the required columns, used by the factories only. */
  sample: (id: number) => Pick<R, Required>;
  /** Unique keys besides the primary key `id` (targets for `on_conflict`, 23505 on duplicates). */
  unique?: readonly (readonly (keyof R & string)[])[];
}

const table =
  <R extends { id: number }>() =>
  <Required extends keyof R>(spec: TableSpec<R, Required>): TableSpec<R, Required> =>
    spec;

export const schema = {
  clinics: table<ClinicRow>()({
    required: ['name'],
    defaults: (now) => ({
      timezone: 'Asia/Manila',
      reminder_time: '09:00:00',
      address: null,
      contact_email: null,
      contact_phone: null,
      fb_page_id: null,
      messenger_page_id: null,
      page_token_hint: null,
      recall_interval_months: 6,
      created_at: now,
    }),
    sample: (id) => ({ name: id === 1 ? 'Smile Dental' : `Clinic ${id}` }),
  }),
  users: table<UserProfileRow>()({
    required: ['email', 'name', 'clinic_id'],
    defaults: (now) => ({ user_id: null, role: 'receptionist', created_at: now }),
    sample: (id) => ({ email: `user${id}@example.test`, name: `User ${id}`, clinic_id: 1 }),
    unique: [['user_id']],
  }),
  patients: table<PatientRow>()({
    required: ['clinic_id', 'name', 'phone'],
    defaults: (now) => ({ messenger_id: null, deleted: false, created_at: now, updated_at: now }),
    sample: (id) => ({ clinic_id: 1, name: `Patient ${id}`, phone: `0917 555 ${String(id).padStart(4, '0')}` }),
  }),
  dentists: table<DentistRow>()({
    required: ['clinic_id', 'name', 'email', 'phone'],
    defaults: (now) => ({ is_active: true, deleted: false, created_at: now }),
    sample: (id) => ({
      clinic_id: 1,
      name: `Dr. Dentist ${id}`,
      email: `dentist${id}@example.test`,
      phone: `0917 000 ${String(id).padStart(4, '0')}`,
    }),
  }),
  dentist_availability: table<DentistAvailabilityRow>()({
    required: ['clinic_id', 'dentist_id', 'specific_date', 'start_time', 'end_time'],
    defaults: (now) => ({ is_available: false, created_at: now }),
    sample: () => ({
      clinic_id: 1,
      dentist_id: 1,
      specific_date: '2030-01-09',
      start_time: '09:00:00',
      end_time: '10:00:00',
    }),
  }),
  appointments: table<AppointmentRow>()({
    required: ['clinic_id', 'patient_id', 'dentist_id', 'appointment_time'],
    defaults: (now) => ({
      reason: null,
      status: 'Scheduled',
      deleted: false,
      booking_origin: null,
      guardian_messenger_id: null,
      reminder_enabled: true,
      reminder_days: [1],
      reminder_message: null,
      reminder_recipient_type: 'patient',
      created_at: now,
      updated_at: now,
    }),
    sample: () => ({ clinic_id: 1, patient_id: 1, dentist_id: 1, appointment_time: '2030-01-09T02:00:00+00:00' }),
  }),
  procedure_categories: table<ProcedureCategoryRow>()({
    required: ['clinic_id', 'name'],
    defaults: (now) => ({ created_at: now }),
    sample: (id) => ({ clinic_id: 1, name: `Category ${id}` }),
    unique: [['clinic_id', 'name']],
  }),
  procedures: table<ProcedureRow>()({
    required: ['clinic_id', 'category_id', 'name'],
    defaults: (now) => ({ price: 0, created_at: now }),
    sample: (id) => ({ clinic_id: 1, category_id: 1, name: `Procedure ${id}` }),
  }),
  appointment_reminders: table<AppointmentReminderRow>()({
    required: ['clinic_id', 'appointment_id', 'days_ahead'],
    defaults: (now) => ({
      sent_on: now,
      messenger_id: null,
      is_manual: false,
      outcome: 'sent',
      error: null,
      attempts: 0,
      next_attempt_at: null,
      created_at: now,
    }),
    sample: () => ({ clinic_id: 1, appointment_id: 1, days_ahead: 1 }),
  }),
  appointment_flags: table<AppointmentFlagRow>()({
    required: ['clinic_id', 'appointment_id', 'kind', 'note'],
    defaults: (now) => ({ source_mid: null, created_at: now, resolved_at: null }),
    sample: () => ({
      clinic_id: 1,
      appointment_id: 1,
      kind: 'late_cancellation_request',
      note: 'The patient tapped Cancel less than an hour before.',
    }),
  }),
  // Money: the mock keeps the value as sent (inserts send decimal strings, "1500.50"); the views
  // (views.ts) read it as exact centavos.
  invoices: table<InvoiceRow>()({
    required: ['clinic_id', 'patient_id', 'total'],
    defaults: (now) => ({
      appointment_id: null,
      idempotency_key: crypto.randomUUID(),
      voided_at: null,
      void_reason: null,
      voided_by: null,
      created_by: null,
      created_at: now,
    }),
    sample: () => ({ clinic_id: 1, patient_id: 1, total: 1500 }),
    unique: [['clinic_id', 'idempotency_key']],
  }),
  payments: table<PaymentRow>()({
    required: ['clinic_id', 'invoice_id', 'patient_id', 'amount', 'method'],
    defaults: (now) => ({
      reference_number: null,
      notes: null,
      payment_date: now,
      idempotency_key: crypto.randomUUID(),
      voided_at: null,
      void_reason: null,
      voided_by: null,
      recorded_by: null,
      overpayment_accepted: false,
      created_at: now,
    }),
    sample: () => ({ clinic_id: 1, invoice_id: 1, patient_id: 1, amount: 500, method: 'cash' }),
    unique: [['clinic_id', 'idempotency_key']],
  }),
  // Written by the notification service; browsers only read it (the mock does not refuse writes).
  messenger_contacts: table<MessengerContactRow & { id: number }>()({
    required: ['clinic_id', 'page_id', 'psid'],
    defaults: (now) => ({
      last_inbound_at: now,
      patient_id: null,
      display_name: null,
      profile_pic_url: null,
      first_message: null,
      first_message_at: null,
      created_at: now,
    }),
    sample: (id) => ({ clinic_id: 1, page_id: '1000000000000001', psid: String(7_000_000_000_000_000 + id) }),
    unique: [['page_id', 'psid']],
  }),
  audit_log: table<AuditLogRow>()({
    // clinic_id is null only for a failed sign-in of an unknown address (superadmins read it), entity_id for exports.
    required: ['entity', 'action', 'source'],
    defaults: (now) => ({
      clinic_id: null,
      entity_id: null,
      entity_label: null,
      before: null,
      after: null,
      actor_user_id: null,
      actor_name: null,
      actor_email: null,
      actor_role: null,
      occurred_at: now,
      table_name: null,
      client_address: null,
    }),
    sample: () => ({ clinic_id: 1, entity: 'appointment', entity_id: 1, action: 'update', source: 'browser' }),
  }),
  waitlist_entries: table<WaitlistEntryRow>()({
    required: ['clinic_id', 'patient_id', 'dentist_id', 'from_date', 'to_date'],
    defaults: (now) => ({
      note: null,
      status: 'waiting',
      booked_appointment_id: null,
      created_by: null,
      created_at: now,
      updated_at: now,
      removed_at: null,
      removed_by: null,
    }),
    sample: () => ({ clinic_id: 1, patient_id: 1, dentist_id: 1, from_date: '2030-01-09', to_date: '2030-01-10' }),
  }),
  // Written by the notification service; browsers only read it (the mock does not refuse writes).
  waitlist_offers: table<WaitlistOfferRow>()({
    required: ['clinic_id', 'freed_slot_id', 'entry_id', 'slot_time', 'messenger_id'],
    defaults: (now) => ({
      status: 'sending',
      error: null,
      via: null,
      appointment_id: null,
      created_at: now,
      sent_at: null,
      answered_at: null,
      updated_at: now,
    }),
    sample: () => ({
      clinic_id: 1,
      freed_slot_id: 1,
      entry_id: 1,
      slot_time: '2030-01-09T02:00:00+00:00',
      messenger_id: '7000000000000001',
    }),
  }),
} satisfies { [T in TableName]: { sample: (id: number) => Partial<RowOf<T>> } };

/**
 * A foreign key `table.column → references.id`. Embedding `references` from `table` gives one
 * object (or null); embedding `table` from `references` gives an array, or one object when the
 * key is `unique` (one-to-one).
 */
export interface Relationship {
  table: TableName;
  column: string;
  references: TableName;
  unique?: boolean;
}

export const relationships: readonly Relationship[] = [
  { table: 'users', column: 'clinic_id', references: 'clinics' },
  { table: 'patients', column: 'clinic_id', references: 'clinics' },
  { table: 'dentists', column: 'clinic_id', references: 'clinics' },
  { table: 'dentist_availability', column: 'clinic_id', references: 'clinics' },
  { table: 'dentist_availability', column: 'dentist_id', references: 'dentists' },
  { table: 'appointments', column: 'clinic_id', references: 'clinics' },
  { table: 'appointments', column: 'patient_id', references: 'patients' },
  { table: 'appointments', column: 'dentist_id', references: 'dentists' },
  { table: 'procedure_categories', column: 'clinic_id', references: 'clinics' },
  { table: 'procedures', column: 'clinic_id', references: 'clinics' },
  { table: 'procedures', column: 'category_id', references: 'procedure_categories' },
  { table: 'appointment_reminders', column: 'clinic_id', references: 'clinics' },
  { table: 'appointment_reminders', column: 'appointment_id', references: 'appointments' },
  { table: 'appointment_flags', column: 'clinic_id', references: 'clinics' },
  { table: 'appointment_flags', column: 'appointment_id', references: 'appointments' },
  { table: 'invoices', column: 'clinic_id', references: 'clinics' },
  { table: 'invoices', column: 'patient_id', references: 'patients' },
  { table: 'invoices', column: 'appointment_id', references: 'appointments' },
  { table: 'payments', column: 'clinic_id', references: 'clinics' },
  { table: 'payments', column: 'invoice_id', references: 'invoices' },
  { table: 'payments', column: 'patient_id', references: 'patients' },
  { table: 'messenger_contacts', column: 'clinic_id', references: 'clinics' },
  { table: 'messenger_contacts', column: 'patient_id', references: 'patients' },
  { table: 'waitlist_entries', column: 'clinic_id', references: 'clinics' },
  { table: 'waitlist_entries', column: 'patient_id', references: 'patients' },
  { table: 'waitlist_entries', column: 'dentist_id', references: 'dentists' },
  { table: 'waitlist_offers', column: 'clinic_id', references: 'clinics' },
  { table: 'waitlist_offers', column: 'entry_id', references: 'waitlist_entries' },
];

/** The constraint name PostgREST accepts as an embed hint, e.g. `patients!appointments_patient_id_fkey(name)`. */
export const foreignKeyName = (relationship: Relationship) => `${relationship.table}_${relationship.column}_fkey`;

export const tableNames = Object.keys(schema) as TableName[];

export function isTableName(name: string): name is TableName {
  return Object.hasOwn(schema, name);
}

export function specOf(name: TableName): TableSpec {
  return schema[name] as unknown as TableSpec;
}

const columnCache = new Map<TableName, readonly string[]>();

/** The table's columns in declaration order: id, the required ones, then the defaulted ones. */
export function columnsOf(name: TableName): readonly string[] {
  let columns = columnCache.get(name);
  if (!columns) {
    const spec = specOf(name);
    columns = ['id', ...(spec.required as string[]), ...Object.keys(spec.defaults(''))];
    columnCache.set(name, columns);
  }
  return columns;
}

const sampleCache = new Map<TableName, Row>();

/** A row of plausible values, from which the mock reads each column's type. */
export function sampleRowOf(name: TableName): Row {
  let row = sampleCache.get(name);
  if (!row) {
    const spec = specOf(name);
    row = { id: 1, ...(spec.defaults('2030-01-01T00:00:00.000Z') as Row), ...(spec.sample(1) as Row) };
    sampleCache.set(name, row);
  }
  return row;
}

/** Columns that reject null: the key, the required ones and those whose default is not null. */
export function notNullColumnsOf(name: TableName): readonly string[] {
  const spec = specOf(name);
  const defaults = spec.defaults('') as Row;
  return ['id', ...(spec.required as string[]), ...Object.keys(defaults).filter((column) => defaults[column] !== null)];
}
