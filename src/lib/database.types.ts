/**
 * The app's typed view of the database. Everything is derived from database.generated.ts (made
 * from supabase/migrations by `npm run db:types`), narrowed only where the database guarantees a
 * narrower value than the column's SQL type says: a text column whose check constraint lists the
 * allowed values (closed sets are enum types, which the generated file already spells out), or an
 * RPC whose jsonb argument or result has a fixed shape. A migration that changes a column
 * changes these types on the next `npm run db:types`; the test
 * tests/integration/database/generated-types.test.ts fails until it has been run.
 */
import type { AppointmentStatus, WaitlistEntryStatus, WaitlistOfferStatus } from '@common/contract';
import type { StaffRole } from '@common/contract/permissions';
import type { AuditRecordKind } from '@common/csv/exports';
import type { Database as GeneratedDatabase, Json, Tables, TablesInsert, TablesUpdate } from './database.generated';

export type { Json };

type GeneratedEnums = GeneratedDatabase['public']['Enums'];

/** appointments.status (enum appointment_status): the statuses of the SPA↔service contract. */
export type { AppointmentStatus };

/** users.role (enum staff_role): the roles of @common/contract/permissions (checked below). */
export type Role = GeneratedEnums['staff_role'];

/** appointments.reminder_recipient_type (enum reminder_recipient_type). */
export type ReminderRecipientType = GeneratedEnums['reminder_recipient_type'];

/**
 * appointment_reminders.outcome (enum reminder_outcome): 'pending' while an automated reminder is
 * claimed or waiting for a retry; 'skipped' for an automated one not needed (a manual reminder
 * already went out that day).
 */
export type ReminderOutcome = GeneratedEnums['reminder_outcome'];

/** payments.method (enum payment_method); shown as Cash, Card, E-Wallet, Bank Transfer. */
export type PaymentMethod = GeneratedEnums['payment_method'];

/** invoice_summaries.status: derived from the payments that are not void. */
export type InvoiceStatus = 'Paid' | 'Partial' | 'Unpaid';

/** audit_log.entity, action and source (enums audit_entity, audit_action, audit_source). */
export type AuditEntity = GeneratedEnums['audit_entity'];
export type AuditAction = GeneratedEnums['audit_action'];
export type AuditSource = GeneratedEnums['audit_source'];

/** waitlist_entries.status and waitlist_offers.status (enums; the contract's lists). */
export type { WaitlistEntryStatus, WaitlistOfferStatus };

/** Fails to compile unless the contract's list and the database's enum hold the same values. */
type SameValues<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<_ extends true> = never;
export type ContractMatchesDatabase =
  | Holds<SameValues<AppointmentStatus, GeneratedEnums['appointment_status']>>
  | Holds<SameValues<WaitlistEntryStatus, GeneratedEnums['waitlist_entry_status']>>
  | Holds<SameValues<WaitlistOfferStatus, GeneratedEnums['waitlist_offer_status']>>
  | Holds<SameValues<StaffRole, GeneratedEnums['staff_role']>>
  | Holds<SameValues<AuditRecordKind, AuditEntity>>;

/** One block of `save_availability_day`'s p_blocks: HH:MM clinic time, within 09:00–18:00. */
export type AvailabilityBlockInput = { start_time: string; end_time: string };

/** One row of `save_availability_day`'s p_read: a row of the day as the caller read it. */
export type AvailabilityRowRead = { start_time: string; end_time: string; is_available: boolean };

/**
 * `update_clinic_settings`'s p_settings, and its p_read (the same columns as the caller read them):
 * Clinic Configuration's columns, every key present; reminder_time as HH:MM or HH:MM:SS.
 */
export type ClinicSettingsColumns = {
  name: string;
  reminder_time: string;
  recall_interval_months: number;
  vat_registered: boolean;
  address: string | null;
  contact_email: string | null;
  contact_phone: string | null;
};

type GeneratedSchema = GeneratedDatabase['public'];
type GeneratedTables = GeneratedSchema['Tables'];
type GeneratedViews = GeneratedSchema['Views'];
type GeneratedFunctions = GeneratedSchema['Functions'];

/**
 * Service-internal columns left out of the SPA's view: browsers never read them, and the mock's
 * table specs would otherwise have to give them defaults.
 */
type HiddenColumns = { appointment_reminders: 'claim_token' };

/** Base with the types of some of its columns replaced; keys, order and optionality stay. */
type Narrow<Base, Narrower> = { [K in keyof Base]: K extends keyof Narrower ? Narrower[K] : Base[K] };

/**
 * Columns a browser may not insert (column-level grants): the database sets them. Money is sent
 * as a decimal string ("1500.50"), never a binary float; PostgREST casts it to numeric.
 */
type InsertShapes = {
  invoices: { total: string };
  payments: { amount: string; accepted_balance: string | null };
};
type DatabaseSetColumns = {
  invoices: 'created_at' | 'created_by' | 'voided_at' | 'void_reason' | 'voided_by' | 'voided_by_name';
  payments:
    'created_at' | 'payment_date' | 'recorded_by' | 'voided_at' | 'void_reason' | 'voided_by' | 'voided_by_name';
};

/** A table the browser only reads and inserts into (no update, no delete: admins void by RPC). */
type AppendOnlyTable<Name extends keyof InsertShapes & keyof GeneratedTables> = {
  Row: AppShape<Name, Tables<Name>>;
  Insert: Narrow<Omit<TablesInsert<Name>, DatabaseSetColumns[Name]>, InsertShapes[Name]>;
  Update: { [_ in never]: never };
  Relationships: GeneratedTables[Name]['Relationships'];
};

/** A view row: every column not null except those listed (views lose NOT NULL in the catalog). */
type ViewRow<Name extends keyof GeneratedViews, Nullable extends keyof GeneratedViews[Name]['Row'], Narrower> = Narrow<
  {
    [K in keyof GeneratedViews[Name]['Row']]: K extends Nullable
      ? GeneratedViews[Name]['Row'][K]
      : NonNullable<GeneratedViews[Name]['Row'][K]>;
  },
  Narrower
>;

type AppView<Row, Name extends keyof GeneratedViews> = {
  Row: Row;
  Relationships: GeneratedViews[Name]['Relationships'];
};

/** One of the row, insert or update shapes of a table, as the SPA sees it. */
type AppShape<Name extends keyof GeneratedTables, Shape> = Omit<
  Shape,
  Name extends keyof HiddenColumns ? HiddenColumns[Name] : never
>;

/** A table browsers only read: select is their one privilege; the notification service writes it. */
type ReadOnlyTable<Name extends keyof GeneratedTables> = {
  Row: AppShape<Name, Tables<Name>>;
  Insert: { [_ in never]: never };
  Update: { [_ in never]: never };
  Relationships: GeneratedTables[Name]['Relationships'];
};

type AppTable<Name extends keyof GeneratedTables> = {
  Row: AppShape<Name, Tables<Name>>;
  Insert: AppShape<Name, TablesInsert<Name>>;
  Update: AppShape<Name, TablesUpdate<Name>>;
  Relationships: GeneratedTables[Name]['Relationships'];
};

/** RPCs whose jsonb argument or result the function itself builds or validates. */
type AppFunctions = Omit<
  GeneratedFunctions,
  'delete_patient' | 'save_availability_day' | 'payment_receipt' | 'record_hmo_payment' | 'update_clinic_settings'
> & {
  /** Money goes as a decimal string ("1200.50"), never a binary float; no reference is null. */
  record_hmo_payment: Narrow<
    GeneratedFunctions['record_hmo_payment'],
    {
      Args: Narrow<
        GeneratedFunctions['record_hmo_payment']['Args'],
        { p_amount: string; p_reference_number: string | null }
      >;
    }
  >;
  /** A JSON object; null when the payment is not readable (another clinic's, or none). */
  payment_receipt: Narrow<GeneratedFunctions['payment_receipt'], { Returns: PaymentReceipt | null }>;
  /** Returns jsonb_build_object('deleted_appointments', n). */
  delete_patient: Narrow<GeneratedFunctions['delete_patient'], { Returns: { deleted_appointments: number } }>;
  /** Refuses (22023) a p_settings or p_read without one of the seven keys. */
  update_clinic_settings: Narrow<
    GeneratedFunctions['update_clinic_settings'],
    {
      Args: Narrow<
        GeneratedFunctions['update_clinic_settings']['Args'],
        { p_settings: ClinicSettingsColumns; p_read: ClinicSettingsColumns }
      >;
    }
  >;
  /** Refuses (22023) any p_blocks or p_read that is not an array of blocks or rows. */
  save_availability_day: Narrow<
    GeneratedFunctions['save_availability_day'],
    {
      Args: Narrow<
        GeneratedFunctions['save_availability_day']['Args'],
        { p_blocks: AvailabilityBlockInput[]; p_read: AvailabilityRowRead[] }
      >;
    }
  >;
};

type AppRow<Name extends keyof GeneratedTables> = AppShape<Name, Tables<Name>>;

/** The Database type the app's Supabase client is built with (src/lib/supabase.ts). */
export type Database = {
  public: {
    /**
     * The tables the SPA works with, as the hand-written types listed them; a feature adds its
     * table here when it lands. Spelled out (not mapped) so that a row of any of them, indexed by
     * a generic name, still has its common columns such as `id` (src/testing/real-db relies on it).
     */
    Tables: {
      clinics: AppTable<'clinics'>;
      users: AppTable<'users'>;
      patients: AppTable<'patients'>;
      dentists: AppTable<'dentists'>;
      dentist_availability: ReadOnlyTable<'dentist_availability'>;
      appointments: AppTable<'appointments'>;
      procedure_categories: AppTable<'procedure_categories'>;
      procedures: AppTable<'procedures'>;
      appointment_reminders: AppTable<'appointment_reminders'>;
      appointment_flags: AppTable<'appointment_flags'>;
      invoices: AppendOnlyTable<'invoices'>;
      payments: AppendOnlyTable<'payments'>;
      invoice_items: ReadOnlyTable<'invoice_items'>;
      messenger_contacts: ReadOnlyTable<'messenger_contacts'>;
      waitlist_entries: AppTable<'waitlist_entries'>;
      waitlist_offers: ReadOnlyTable<'waitlist_offers'>;
      chart_entries: AppTable<'chart_entries'>;
      hmos: AppTable<'hmos'>;
      hmo_coverages: AppTable<'hmo_coverages'>;
      patient_hmo_cards: AppTable<'patient_hmo_cards'>;
      treatment_plan_items: ReadOnlyTable<'treatment_plan_items'>;
      hmo_claim_batches: ReadOnlyTable<'hmo_claim_batches'>;
      hmo_claims: ReadOnlyTable<'hmo_claims'>;
      hmo_payments: ReadOnlyTable<'hmo_payments'>;
      hmo_claim_settlements: ReadOnlyTable<'hmo_claim_settlements'>;
      audit_log: ReadOnlyTable<'audit_log'>;
    };
    Views: {
      invoice_summaries: AppView<InvoiceSummaryRow, 'invoice_summaries'>;
      payment_entries: AppView<PaymentEntryRow, 'payment_entries'>;
      patient_no_show_flags: AppView<PatientNoShowFlagRow, 'patient_no_show_flags'>;
      treatment_plan_totals: AppView<TreatmentPlanTotalRow, 'treatment_plan_totals'>;
      hmo_claim_summaries: AppView<HmoClaimSummaryRow, 'hmo_claim_summaries'>;
      hmo_claim_batch_summaries: AppView<HmoClaimBatchSummaryRow, 'hmo_claim_batch_summaries'>;
      hmo_receivables: AppView<HmoReceivableRow, 'hmo_receivables'>;
      hmo_payment_entries: AppView<HmoPaymentEntryRow, 'hmo_payment_entries'>;
    };
    Functions: AppFunctions;
    Enums: GeneratedSchema['Enums'];
    CompositeTypes: GeneratedSchema['CompositeTypes'];
  };
};

/** timezone: IANA name, 'Asia/Manila' by default; reminder_time: HH:MM:SS clinic time. */
export type ClinicRow = AppRow<'clinics'>;

/** A staff profile; user_id is the auth.users account (null for a profile made without one). */
export type UserProfileRow = AppRow<'users'>;

/** messenger_id: null or 1–100 characters, never blank (send null, not ''); `deleted`: soft delete. */
export type PatientRow = AppRow<'patients'>;

/** `deleted`: soft delete; RLS does not hide deleted dentists, lists filter them. */
export type DentistRow = AppRow<'dentists'>;

/** specific_date YYYY-MM-DD and HH:MM:SS times in clinic time; is_available false: a blocked period. */
export type DentistAvailabilityRow = AppRow<'dentist_availability'>;

/** appointment_time: timestamptz (ISO with offset); reason: the procedure, null or not blank. */
export type AppointmentRow = AppRow<'appointments'>;

export type ProcedureCategoryRow = AppRow<'procedure_categories'>;

/** price: numeric(12, 2), pesos with centavos. */
export type ProcedureRow = AppRow<'procedures'>;

/** Written only by the notification service; read-only to browsers. */
export type AppointmentReminderRow = AppRow<'appointment_reminders'>;

/** Written by the notification service; staff read them and may set resolved_at only. */
export type AppointmentFlagRow = AppRow<'appointment_flags'>;

/**
 * total: pesos as numeric (at most two decimals, refused rather than rounded); read amounts from
 * InvoiceSummaryRow's *_centavos, never from this JSON number. voided_*: set by void_invoice only.
 * appointment_id: the appointment billed; at most one invoice that is not void per appointment.
 */
export type InvoiceRow = AppRow<'invoices'>;

/**
 * Someone who wrote to the clinic's Facebook page (key: page_id + psid, no id). patient_id: the
 * patient whose messenger_id is this psid, kept by a trigger on patients; null for a sender staff
 * have not linked yet. Written by the notification service only.
 */
export type MessengerContactRow = AppRow<'messenger_contacts'>;

/**
 * One audited change, written by triggers only; admins of the clinic and superadmins read it.
 * before/after: the audited fields that changed (money as integer *_centavos); actor_*: a snapshot.
 */
export type AuditLogRow = AppRow<'audit_log'>;

/**
 * A patient waiting for a slot with one dentist between two clinic dates (waitlist order:
 * created_at, id). Browsers insert waiting entries and may only set status to 'removed'.
 */
export type WaitlistEntryRow = AppRow<'waitlist_entries'>;

/** One entry of a patient's dental chart: FDI tooth, surfaces, condition and state; removed, never edited. */
export type ChartEntryRow = AppRow<'chart_entries'>;
export type ChartCondition = GeneratedEnums['chart_condition'];
export type ChartEntryState = GeneratedEnums['chart_entry_state'];

/** An HMO the clinic accepts; annual_limit: pesos per patient per year, null for none. */
export type HmoRow = AppRow<'hmos'>;

/** A procedure an HMO covers: contracted_price (pesos) or covered_percent (0–100), exactly one. */
export type HmoCoverageRow = AppRow<'hmo_coverages'>;

/** A patient's HMO card; valid_from / valid_until: clinic dates (YYYY-MM-DD), inclusive, either may be null. */
export type PatientHmoCardRow = AppRow<'patient_hmo_cards'>;
export type HmoCardStatus = GeneratedEnums['hmo_card_status'];
export type DiscountIdType = GeneratedEnums['discount_id_type'];
/** One item of a patient's treatment plan; browsers read it, the plan functions write it. */
export type TreatmentPlanItemRow = AppRow<'treatment_plan_items'>;
export type PlanItemStatus = GeneratedEnums['plan_item_status'];
/** A plan's totals in integer centavos: one row per phase, and phase null for the whole plan. */
export type TreatmentPlanTotalRow = ViewRow<'treatment_plan_totals', 'phase', unknown>;

/**
 * hmo_claim_summaries.status, derived from the claim and its settlements: withdrawn (its invoice
 * was voided), denied, written_off (the rest given up), paid, partly_paid, submitted.
 */
export type HmoClaimStatus = 'submitted' | 'partly_paid' | 'paid' | 'denied' | 'written_off' | 'withdrawn';

/** An HMO claim with settled and outstanding in integer centavos and its derived status. */
export type HmoClaimSummaryRow = ViewRow<
  'hmo_claim_summaries',
  'denied_at' | 'denial_reason' | 'withdrawn_at' | 'written_off_at' | 'write_off_reason' | 'patient_invoice_id',
  { status: HmoClaimStatus }
>;

/** A billing batch: due date = first visit + the HMO's claim deadline; null while it has no live claim. */
export type HmoClaimBatchSummaryRow = ViewRow<
  'hmo_claim_batch_summaries',
  'closed_at' | 'first_visit_date' | 'due_date',
  unknown
>;

/** Per HMO with batches: what it owes and what of that is overdue, in integer centavos. */
export type HmoReceivableRow = ViewRow<'hmo_receivables', never, unknown>;

/** An HMO payment with the HMO's name and amount_centavos; voided_at set once an admin voided it. */
export type HmoPaymentEntryRow = ViewRow<
  'hmo_payment_entries',
  'reference_number' | 'recorded_by_name' | 'voided_at' | 'void_reason' | 'voided_by_name',
  unknown
>;

/** One freed slot offered over Messenger to one entry; written by the notification service only. */
export type WaitlistOfferRow = AppRow<'waitlist_offers'>;

/**
 * One line of an itemised invoice, written with its invoice by rpc/create_itemised_invoice only.
 * label: how the line reads everywhere ('36 MO Composite filling'), made by the database.
 */
export type InvoiceItemRow = AppRow<'invoice_items'>;

/** What the browser inserts: total as a decimal string ("1500.50") and a fresh idempotency_key per form. */
export type InvoiceInsert = Database['public']['Tables']['invoices']['Insert'];

/** amount: pesos as numeric; read amount_centavos from PaymentEntryRow. voided_*: set by void_payment only. */
export type PaymentRow = AppRow<'payments'>;

/** What the browser inserts: amount as a decimal string ("1500.50") and a fresh idempotency_key per form. */
export type PaymentInsert = Database['public']['Tables']['payments']['Insert'];

/**
 * An invoice with paid (non-void payments), balance (total - paid; negative when overpaid) and
 * status, amounts in integer centavos. payment_count: payments that are not void. A void invoice
 * has voided_at and void_reason set (its status is then 'Unpaid'; show it as Void).
 */
export type InvoiceSummaryRow = ViewRow<
  'invoice_summaries',
  'appointment_id' | 'voided_at' | 'void_reason',
  { status: InvoiceStatus }
>;

/** A payment with its patient's name and amount_centavos; void ones included (voided_at set). */
export type PaymentEntryRow = ViewRow<
  'payment_entries',
  'reference_number' | 'notes' | 'voided_at' | 'void_reason',
  unknown
>;

/** A patient with 2 or more no-shows in the last 12 months (view patient_no_show_flags). */
export type PatientNoShowFlagRow = ViewRow<'patient_no_show_flags', never, unknown>;

/** The acknowledgement receipt of one payment (rpc payment_receipt); amounts in integer centavos. */
export type PaymentReceipt = {
  payment_id: number;
  invoice_id: number;
  clinic_name: string;
  /** The clinic's IANA time zone, for the receipt's date and time. */
  clinic_time_zone: string;
  clinic_address: string | null;
  clinic_phone: string | null;
  clinic_email: string | null;
  patient_name: string;
  amount_centavos: number;
  method: PaymentMethod;
  reference_number: string | null;
  notes: string | null;
  payment_date: string;
  voided_at: string | null;
  invoice_total_centavos: number;
  /** Invoice total minus the non-void payments up to and including this one by (payment_date, id). */
  balance_after_centavos: number;
};
