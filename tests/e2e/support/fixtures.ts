/**
 * Test data for browser tests, made through the stack's API outside the browser: a demo staff
 * member's clinic gets its own dentists, patients and appointments (unique names, so test files
 * can run in parallel against the one shared stack). Extend `ClinicFixtures` for a file's own
 * reads; `signInAs` then returns the subclass.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { dayBlocksExcept } from '../../support/day-blocks.ts';
import { createStaffAccount, DEMO_PASSWORD, serviceClient, uniqueEmail } from './app.ts';
import type { E2eContext } from './context.ts';

/** `prefix` followed by a short random tag: a name no other test uses. */
export const uniqueName = (prefix: string) => `${prefix} ${randomUUID().slice(0, 6)}`;

/** A supabase-js client (no stored session) signed in as a staff member. */
export async function signedInClient(
  ctx: E2eContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<SupabaseClient> {
  const client = createClient(ctx.baseUrl, ctx.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in as ${email} failed: ${error.message}`);
  return client;
}

export interface AppointmentInput {
  dentistId: number;
  patientId: number;
  time: string;
  /** The database's default (Scheduled) when left out. */
  status?: string;
  /** 'Dental Consultation' (a procedure of every demo clinic) when left out. */
  reason?: string | null;
}

export interface StoredAppointment {
  id: number;
  dentist_id: number;
  patient_id: number;
  appointment_time: string;
  reason: string | null;
  status: string;
  deleted: boolean;
  clinic_id: number;
}

type FixturesClass<T> = new (api: SupabaseClient, service: SupabaseClient, clinicId: number) => T;

export class ClinicFixtures {
  constructor(
    /** Signed in as the staff member: row-level security and the booking guards apply. */
    readonly api: SupabaseClient,
    /** The service role, for writes browsers may not make (history in the past, service logs). */
    readonly service: SupabaseClient,
    readonly clinicId: number,
  ) {}

  /** Works on the clinic of the signed-in staff member (a demo account). */
  static async signInAs<T extends ClinicFixtures>(this: FixturesClass<T>, ctx: E2eContext, email: string): Promise<T> {
    const api = await signedInClient(ctx, email);
    const { data, error } = await api.from('users').select('clinic_id').eq('email', email).single();
    if (error) throw error;
    return new this(api, serviceClient(ctx), data.clinic_id as number);
  }

  /**
   * A clinic of the test's own, with `settings`, one procedure category and one staff member of
   * `role` (signed in as `api`): for a test that changes clinic settings the demo clinics' other
   * tests read or save meanwhile.
   */
  static async ofOwnClinic<T extends ClinicFixtures>(
    this: FixturesClass<T>,
    ctx: E2eContext,
    { role, settings = {} }: { role: string; settings?: Record<string, unknown> },
  ): Promise<{ fixtures: T; email: string }> {
    const service = serviceClient(ctx);
    const name = uniqueName('E2E Clinic');
    const clinic = await service
      .from('clinics')
      .insert({ name, ...settings })
      .select('id')
      .single();
    if (clinic.error) throw clinic.error;
    const clinicId = clinic.data.id as number;
    const category = await service.from('procedure_categories').insert({ clinic_id: clinicId, name: 'General' });
    if (category.error) throw category.error;
    const email = uniqueEmail('own-clinic');
    await createStaffAccount(service, {
      email,
      password: DEMO_PASSWORD,
      name: uniqueName(`E2E ${role}`),
      clinicId,
      role,
    });
    return { fixtures: new this(await signedInClient(ctx, email), service, clinicId), email };
  }

  async dentist(name: string, extra: { is_active?: boolean } = {}): Promise<number> {
    const { data, error } = await this.api
      .from('dentists')
      .insert({
        clinic_id: this.clinicId,
        name,
        email: `${randomUUID().slice(0, 8)}@dentists.test`,
        phone: '+63 917 555 0000',
        ...extra,
      })
      .select('id')
      .single();
    if (error) throw error;
    return data.id as number;
  }

  async patient(name: string, extra: { messenger_id?: string | null } = {}): Promise<number> {
    const { data, error } = await this.api
      .from('patients')
      .insert({ clinic_id: this.clinicId, name, phone: '+63 918 555 0000', ...extra })
      .select('id')
      .single();
    if (error) throw error;
    return data.id as number;
  }

  /** A procedure of the clinic's first category at `price` (pesos as text); its name is unique. */
  async procedure(price: string, name = uniqueName('E2E Filling')): Promise<{ id: number; name: string }> {
    const { data: category, error: categoryError } = await this.service
      .from('procedure_categories')
      .select('id')
      .eq('clinic_id', this.clinicId)
      .order('id')
      .limit(1)
      .single();
    if (categoryError) throw categoryError;
    const { data, error } = await this.service
      .from('procedures')
      .insert({ clinic_id: this.clinicId, category_id: category.id, name, price })
      .select('id')
      .single();
    if (error) throw error;
    return { id: data.id as number, name };
  }

  /** A booking as the staff member makes it (only free slots ahead, a procedure of the clinic). */
  appointment(input: AppointmentInput): Promise<number> {
    return this.insertAppointment(this.api, input);
  }

  /** Through the service role: browsers may not book into the past, and history needs it. */
  appointmentAsServiceRole(input: AppointmentInput): Promise<number> {
    return this.insertAppointment(this.service, input);
  }

  /** Blocks the dentist's day except the slots starting at `open`, so a waitlist entry finds no other. */
  async blockDayExcept(dentistId: number, date: string, open: readonly string[] = []): Promise<void> {
    const { error } = await this.service.from('dentist_availability').insert(
      dayBlocksExcept(open).map((block) => ({
        clinic_id: this.clinicId,
        dentist_id: dentistId,
        specific_date: date,
        is_available: false,
        ...block,
      })),
    );
    if (error) throw error;
  }

  async appointmentsOf(patientId: number): Promise<StoredAppointment[]> {
    const { data, error } = await this.api
      .from('appointments')
      .select('id, dentist_id, patient_id, appointment_time, reason, status, deleted, clinic_id')
      .eq('patient_id', patientId)
      .order('appointment_time');
    if (error) throw error;
    return data as StoredAppointment[];
  }

  private async insertAppointment(client: SupabaseClient, input: AppointmentInput): Promise<number> {
    const { data, error } = await client
      .from('appointments')
      .insert({
        clinic_id: this.clinicId,
        dentist_id: input.dentistId,
        patient_id: input.patientId,
        appointment_time: input.time,
        reason: input.reason === undefined ? 'Dental Consultation' : input.reason,
        ...(input.status ? { status: input.status } : {}),
      })
      .select('id')
      .single();
    if (error) throw error;
    return data.id as number;
  }
}
