/**
 * The part of the database schema (supabase/migrations) the SPA reads, in the shape
 * `supabase gen types typescript` produces. Features add their tables here as they land;
 * regenerate against a Supabase project with `supabase gen types typescript --linked`.
 */
export type Role = 'superadmin' | 'admin' | 'receptionist' | 'dentist';

type Table<Row, Required extends keyof Row> = {
  Row: Row;
  Insert: Pick<Row, Required> & Partial<Omit<Row, Required>>;
  Update: Partial<Row>;
  Relationships: [];
};

export type ClinicRow = {
  id: number;
  name: string;
  /** IANA time zone; 'Asia/Manila' by default. */
  timezone: string;
  /** HH:MM:SS, clinic time. */
  reminder_time: string;
  address: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  fb_page_id: string | null;
  messenger_page_id: string | null;
  page_token_hint: string | null;
  created_at: string;
};

export type UserProfileRow = {
  id: number;
  /** The auth.users account (null only for a profile whose account is gone). */
  user_id: string | null;
  email: string;
  name: string;
  role: Role;
  clinic_id: number;
  created_at: string;
};

export type PatientRow = {
  id: number;
  clinic_id: number;
  /** 1–200 characters, not blank. */
  name: string;
  /** 1–50 characters, not blank. */
  phone: string;
  /** Page-scoped Messenger id; null or 1–100 characters, never blank (send null, not ''). */
  messenger_id: string | null;
  /** Soft delete; RLS does not hide deleted patients, lists filter them. */
  deleted: boolean;
  created_at: string;
  updated_at: string;
};

export type DentistRow = {
  id: number;
  clinic_id: number;
  /** 1–200 characters, not blank. */
  name: string;
  /** ≤ 320 characters, shaped like an address (`x@y`, no spaces). */
  email: string;
  /** 1–50 characters, not blank. */
  phone: string;
  is_active: boolean;
  /** Soft delete; RLS does not hide deleted dentists, lists filter them. */
  deleted: boolean;
  created_at: string;
};

export type DentistAvailabilityRow = {
  id: number;
  clinic_id: number;
  dentist_id: number;
  /** YYYY-MM-DD, clinic date. */
  specific_date: string;
  /** HH:MM:SS, clinic time, within 09:00–18:00. */
  start_time: string;
  end_time: string;
  /** false: a blocked period (the only kind the app writes). */
  is_available: boolean;
  created_at: string;
};

export type AppointmentStatus = 'Scheduled' | 'Confirmed' | 'Completed' | 'No Show' | 'Cancelled';

export type AppointmentRow = {
  id: number;
  clinic_id: number;
  patient_id: number;
  dentist_id: number;
  /** timestamptz, ISO with offset. */
  appointment_time: string;
  /** The procedure ('Procedure' on screen); null or not blank. */
  reason: string | null;
  status: AppointmentStatus;
  deleted: boolean;
  booking_origin: string | null;
  guardian_messenger_id: string | null;
  reminder_enabled: boolean;
  reminder_days: number[];
  reminder_message: string | null;
  reminder_recipient_type: 'patient' | 'guardian';
  created_at: string;
  updated_at: string;
};

export type ProcedureCategoryRow = {
  id: number;
  clinic_id: number;
  name: string;
  created_at: string;
};

export type ProcedureRow = {
  id: number;
  clinic_id: number;
  category_id: number;
  name: string;
  /** numeric: pesos with centavos. */
  price: number;
  created_at: string;
};

/** Written only by the notification service; read-only to browsers. */
export type AppointmentReminderRow = {
  id: number;
  clinic_id: number;
  appointment_id: number;
  sent_on: string;
  days_ahead: number;
  messenger_id: string | null;
  is_manual: boolean;
  /** 'pending' while an automated reminder is claimed or waiting for a retry. */
  outcome: 'sent' | 'failed' | 'pending';
  error: string | null;
  attempts: number;
  next_attempt_at: string | null;
  created_at: string;
};

/** JSON as the database returns it (`jsonb` results of RPCs). */
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: {
      clinics: Table<ClinicRow, 'name'>;
      users: Table<UserProfileRow, 'email' | 'name' | 'clinic_id'>;
      patients: Table<PatientRow, 'clinic_id' | 'name' | 'phone'>;
      dentists: Table<DentistRow, 'clinic_id' | 'name' | 'email' | 'phone'>;
      dentist_availability: Table<
        DentistAvailabilityRow,
        'clinic_id' | 'dentist_id' | 'specific_date' | 'start_time' | 'end_time'
      >;
      appointments: Table<AppointmentRow, 'clinic_id' | 'patient_id' | 'dentist_id' | 'appointment_time'>;
      procedure_categories: Table<ProcedureCategoryRow, 'clinic_id' | 'name'>;
      procedures: Table<ProcedureRow, 'clinic_id' | 'category_id' | 'name'>;
      appointment_reminders: Table<AppointmentReminderRow, 'clinic_id' | 'appointment_id' | 'days_ahead'>;
    };
    Views: Record<never, never>;
    Functions: {
      delete_dentist: { Args: { p_dentist_id: number }; Returns: Json };
      delete_patient: { Args: { p_patient_id: number }; Returns: { deleted_appointments: number } };
      save_availability_day: {
        Args: { p_dentist_id: number; p_date: string; p_blocks: { start_time: string; end_time: string }[] };
        Returns: DentistAvailabilityRow[];
      };
    };
    Enums: Record<never, never>;
    CompositeTypes: Record<never, never>;
  };
};
