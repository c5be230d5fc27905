import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';

/**
 * The current prices of the clinic's procedures named `name`, as the database's decimal text
 * ('1500.00'): read as text, never as a JSON number, so no peso passes through a binary float.
 */
export async function getProcedurePrices(clinicId: number, name: string): Promise<string[]> {
  if (name === '') return [];
  const rows = throwOnError(
    await getSupabase().from('procedures').select('price::text').eq('clinic_id', clinicId).eq('name', name),
  );
  return rows.map((row) => row.price);
}
