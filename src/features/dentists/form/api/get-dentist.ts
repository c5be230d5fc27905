import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import type { Dentist } from '../../model/api/get-dentists';

export const DENTIST_COLUMNS = 'id, clinic_id, name, email, phone, is_active';

/** The dentist as stored now, or null when it is deleted (or not the clinic's). */
export async function getDentist(clinicId: number, id: number): Promise<Dentist | null> {
  const rows = throwOnError(
    await getSupabase()
      .from('dentists')
      .select(DENTIST_COLUMNS)
      .eq('id', id)
      .eq('clinic_id', clinicId)
      .eq('deleted', false),
  );
  return rows[0] ?? null;
}
