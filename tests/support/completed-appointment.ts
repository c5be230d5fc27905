import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { clinicTime, clinicWorkday } from './clinic-time.ts';

/**
 * A Completed appointment of the patient, `day` clinic workdays from today, with a dentist of its
 * own so no other test's booking collides; made through the service role (browsers may not book
 * into the past). Answers its id.
 */
export async function completedAppointment(
  service: SupabaseClient,
  clinicId: number,
  patientId: number,
  day: number,
  { time = '09:00', reason = 'Tooth Extraction' }: { time?: string; reason?: string } = {},
): Promise<number> {
  const dentistRow = await service
    .from('dentists')
    .insert({ clinic_id: clinicId, name: `Dr. ${randomUUID().slice(0, 6)}`, email: 'bill@demo.test', phone: '1' })
    .select('id')
    .single();
  if (dentistRow.error) throw dentistRow.error;
  const appointment = await service
    .from('appointments')
    .insert({
      clinic_id: clinicId,
      patient_id: patientId,
      dentist_id: dentistRow.data.id,
      appointment_time: clinicTime(clinicWorkday(day), time),
      reason,
      status: 'Completed',
    })
    .select('id')
    .single();
  if (appointment.error) throw appointment.error;
  return appointment.data.id as number;
}
