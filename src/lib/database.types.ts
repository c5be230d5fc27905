/**
 * The app's typed view of the database. Everything is derived from database.generated.ts (made
 * from supabase/migrations by `npm run db:types`), narrowed only where the database guarantees a
 * narrower value than the column's SQL type says: a check constraint listing the allowed values,
 * or an RPC whose jsonb argument or result has a fixed shape. A migration that changes a column
 * changes these types on the next `npm run db:types`; the test
 * tests/integration/database/generated-types.test.ts fails until it has been run.
 */
import type { AppointmentStatus } from '@common/contract';
import type { Database as GeneratedDatabase, Json, Tables, TablesInsert, TablesUpdate } from './database.generated';

export type { Json };

/** appointments.status (check constraint): the statuses of the SPA↔service contract. */
export type { AppointmentStatus };

/** users.role (check constraint). */
export type Role = 'superadmin' | 'admin' | 'receptionist' | 'dentist';

/** appointments.reminder_recipient_type (check constraint). */
export type ReminderRecipientType = 'patient' | 'guardian';

/** appointment_reminders.outcome: 'pending' while an automated reminder is claimed or waiting for a retry. */
export type ReminderOutcome = 'sent' | 'failed' | 'pending';

/** One block of `save_availability_day`'s p_blocks: HH:MM clinic time, within 09:00–18:00. */
export type AvailabilityBlockInput = { start_time: string; end_time: string };

type GeneratedSchema = GeneratedDatabase['public'];
type GeneratedTables = GeneratedSchema['Tables'];
type GeneratedFunctions = GeneratedSchema['Functions'];

/**
 * Service-internal columns left out of the SPA's view: browsers never read them, and the mock's
 * table specs would otherwise have to give them defaults.
 */
type HiddenColumns = { appointment_reminders: 'claim_token' };

/** Base with the types of some of its columns replaced; keys, order and optionality stay. */
type Narrow<Base, Narrower> = { [K in keyof Base]: K extends keyof Narrower ? Narrower[K] : Base[K] };

/** Fails to compile when a narrowed column is renamed or dropped, or its narrower type does not fit. */
type ValidNarrowing<
  T extends {
    [Name in keyof T]: Name extends keyof GeneratedTables
      ? { [Column in keyof T[Name]]: Column extends keyof Tables<Name> ? Tables<Name>[Column] : never }
      : never;
  },
> = T;

/** Columns whose check constraint allows fewer values than their type says. */
type CheckedColumns = ValidNarrowing<{
  users: { role: Role };
  appointments: { status: AppointmentStatus; reminder_recipient_type: ReminderRecipientType };
  appointment_reminders: { outcome: ReminderOutcome };
}>;

/** One of the row, insert or update shapes of a table, as the SPA sees it. */
type AppShape<Name extends keyof GeneratedTables, Shape> = Narrow<
  Omit<Shape, Name extends keyof HiddenColumns ? HiddenColumns[Name] : never>,
  Name extends keyof CheckedColumns ? CheckedColumns[Name] : unknown
>;

type AppTable<Name extends keyof GeneratedTables> = {
  Row: AppShape<Name, Tables<Name>>;
  Insert: AppShape<Name, TablesInsert<Name>>;
  Update: AppShape<Name, TablesUpdate<Name>>;
  Relationships: GeneratedTables[Name]['Relationships'];
};

/** RPCs whose jsonb argument or result the function itself builds or validates. */
type AppFunctions = Omit<GeneratedFunctions, 'delete_patient' | 'save_availability_day'> & {
  /** Returns jsonb_build_object('deleted_appointments', n). */
  delete_patient: Narrow<GeneratedFunctions['delete_patient'], { Returns: { deleted_appointments: number } }>;
  /** Refuses (22023) any p_blocks that is not an array of blocks. */
  save_availability_day: Narrow<
    GeneratedFunctions['save_availability_day'],
    { Args: Narrow<GeneratedFunctions['save_availability_day']['Args'], { p_blocks: AvailabilityBlockInput[] }> }
  >;
};

type AppRow<Name extends keyof GeneratedTables> = AppShape<Name, Tables<Name>>;

/** The Database type the app's Supabase client is built with (src/lib/supabase.ts). */
export type Database = {
  public: {
    /**
     * The tables the SPA works with, as the hand-written types listed them; a feature adds its
     * table here when it lands. Spelled out (not mapped) so that a row of any of them, indexed by
     * a generic name, still has its common columns such as `id` (src/testing/mocks relies on it).
     */
    Tables: {
      clinics: AppTable<'clinics'>;
      users: AppTable<'users'>;
      patients: AppTable<'patients'>;
      dentists: AppTable<'dentists'>;
      dentist_availability: AppTable<'dentist_availability'>;
      appointments: AppTable<'appointments'>;
      procedure_categories: AppTable<'procedure_categories'>;
      procedures: AppTable<'procedures'>;
      appointment_reminders: AppTable<'appointment_reminders'>;
    };
    Views: GeneratedSchema['Views'];
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
