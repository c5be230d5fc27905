import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';

/** A procedure of the price list, its price as the database's decimal text ('1500.00'). */
export interface NamedProcedure {
  id: number;
  price: string;
}

/**
 * The clinic's procedures named `name`, with their current prices read as text, never as a JSON
 * number, so no peso passes through a binary float.
 */
export async function getProceduresNamed(clinicId: number, name: string): Promise<NamedProcedure[]> {
  if (name === '') return [];
  return throwOnError(
    await getSupabase()
      .from('procedures')
      .select('id, price::text')
      .eq('clinic_id', clinicId)
      .eq('name', name)
      .order('id'),
  );
}
