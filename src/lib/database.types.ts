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

export type Database = {
  public: {
    Tables: {
      clinics: Table<ClinicRow, 'name'>;
      users: Table<UserProfileRow, 'email' | 'name' | 'clinic_id'>;
    };
    Views: Record<never, never>;
    Functions: Record<never, never>;
    Enums: Record<never, never>;
    CompositeTypes: Record<never, never>;
  };
};
