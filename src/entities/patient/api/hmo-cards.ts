/**
 * A patient's HMO cards with their status on a clinic day, read through
 * public.patient_hmo_cards_on (…_hmo_coverage.sql): the database says which card is valid, once,
 * for the Patients tab, the booking form and billing alike.
 */
import { useQuery } from '@tanstack/react-query';
import type { HmoCardStatus } from '@/lib/database.types';
import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { patientQueryKeys } from '../query-keys';

export interface PatientHmoCard {
  id: number;
  hmo_id: number;
  hmo_name: string;
  member_number: string;
  company: string | null;
  valid_from: string | null;
  valid_until: string | null;
  note: string | null;
  status: HmoCardStatus;
}

export const hmoCardKeys = {
  /** Under ['patients'], so whatever refreshes patients refreshes cards too. */
  patient: (clinicId: number, patientId: number) =>
    [...patientQueryKeys.all, 'hmo-cards', clinicId, patientId] as const,
  onDay: (clinicId: number, patientId: number, day: string) =>
    [...hmoCardKeys.patient(clinicId, patientId), day] as const,
};

/** Every card of the patient, the valid ones first, with its status on `day` (a clinic date). */
export async function getPatientHmoCards(patientId: number, day: string): Promise<PatientHmoCard[]> {
  const { data, error, status } = await getSupabase().rpc('patient_hmo_cards_on', {
    p_patient_id: patientId,
    p_day: day,
  });
  if (error) throw toRequestError(error, status);
  return data;
}

/** The patient's cards on `day`; nothing is read until a patient and a day are chosen. */
export function usePatientHmoCards(clinicId: number, patientId: number | null, day: string | null) {
  return useQuery({
    queryKey: hmoCardKeys.onDay(clinicId, patientId ?? -1, day ?? ''),
    queryFn: () => getPatientHmoCards(patientId!, day!),
    enabled: patientId !== null && day !== null,
  });
}
