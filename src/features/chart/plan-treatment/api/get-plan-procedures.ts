import { useQuery } from '@tanstack/react-query';
import type { ChartCondition } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { chartKeys } from '../../model/query-keys';

/** A procedure of the price list as the plan form offers it, with what it charts by default. */
export interface PlanProcedure {
  id: number;
  name: string;
  categoryName: string;
  /** The price as the database's decimal text ('1500.00'), shown as it is stored. */
  price: string;
  chartCondition: ChartCondition | null;
}

/** The clinic's price list, by category then name. */
export async function getPlanProcedures(clinicId: number): Promise<PlanProcedure[]> {
  const rows = throwOnError(
    await getSupabase()
      .from('procedures')
      .select('id, name, price::text, chart_condition, category:procedure_categories(name)')
      .eq('clinic_id', clinicId)
      .overrideTypes<
        {
          id: number;
          name: string;
          price: string;
          chart_condition: ChartCondition | null;
          category: { name: string } | null;
        }[],
        { merge: false }
      >(),
  );
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      categoryName: row.category?.name ?? '',
      price: row.price,
      chartCondition: row.chart_condition,
    }))
    .sort((a, b) => a.categoryName.localeCompare(b.categoryName) || a.name.localeCompare(b.name));
}

export function usePlanProcedures(clinicId: number) {
  return useQuery({ queryKey: chartKeys.procedures(clinicId), queryFn: () => getPlanProcedures(clinicId) });
}
