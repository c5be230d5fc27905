import type { PostgrestClient } from '@supabase/postgrest-js';
import { useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { sortByName } from '../booking-choices';
import { toBookingRequestError } from '../booking-outcome';
import type { ProcedureCategoryChoice } from '../booking-validation';
import { appointmentKeys } from '../query-keys';

/** The price-list tables as the database has them (supabase/migrations, schema). */
interface PriceListSchema {
  public: {
    Tables: {
      procedure_categories: {
        Row: { id: number; clinic_id: number; name: string; created_at: string };
        Insert: never;
        Update: never;
        Relationships: [];
      };
      procedures: {
        Row: { id: number; clinic_id: number; category_id: number; name: string; price: number; created_at: string };
        Insert: never;
        Update: never;
        Relationships: [];
      };
    };
    Views: Record<never, never>;
    Functions: Record<never, never>;
    Enums: Record<never, never>;
    CompositeTypes: Record<never, never>;
  };
}

/**
 * src/lib/database.types.ts does not list the price-list tables yet; this read uses the same
 * client, typed with their shape here.
 */
const priceList = () => getSupabase().from as unknown as PostgrestClient<PriceListSchema>['from'];

/**
 * The clinic's procedure categories with their procedures (spec part 2 §7: procedure_categories
 * read with nested procedures), categories and procedures by name. Prices arrive as numbers.
 */
export async function getBookingProcedures(clinicId: number): Promise<ProcedureCategoryChoice[]> {
  const { data, error, status } = await priceList()('procedure_categories')
    .select('id, name, procedures(id, name, price)')
    .eq('clinic_id', clinicId)
    .overrideTypes<
      { id: number; name: string; procedures: { id: number; name: string; price: number | string }[] }[],
      { merge: false }
    >();
  if (error) throw toBookingRequestError(error, status);
  return sortByName(
    data.map((category) => ({
      id: category.id,
      name: category.name,
      procedures: sortByName(
        category.procedures.map((procedure) => ({ ...procedure, price: Number(procedure.price) })),
      ),
    })),
  );
}

export function useBookingProcedures(clinicId: number) {
  return useQuery({
    queryKey: appointmentKeys.procedures(clinicId),
    queryFn: () => getBookingProcedures(clinicId),
    staleTime: 30_000,
  });
}
