import { useQuery } from '@tanstack/react-query';
import { parsePesos } from '@/entities/money';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { billingKeys } from '../../model/query-keys';

export interface PriceListEntry {
  id: number;
  name: string;
  /** The current price in centavos (0 for a free procedure). */
  priceCentavos: number;
}

/**
 * The clinic's procedures with their current prices, by name, for the item editor. Prices are
 * read as the database's decimal text ('1500.00'), never as a JSON number.
 */
export async function getPriceList(clinicId: number): Promise<PriceListEntry[]> {
  const rows = throwOnError(
    await getSupabase()
      .from('procedures')
      .select('id, name, price::text')
      .eq('clinic_id', clinicId)
      .order('name')
      .order('id'),
  );
  return rows.map((row) => {
    const price = parsePesos(row.price, { allowZero: true });
    return { id: row.id, name: row.name, priceCentavos: price.ok ? price.centavos : 0 };
  });
}

/**
 * Read each time the editor shows (as the booking form does): a price changed in the Procedures tab
 * a moment ago must be the price a new line starts with, not the one cached for the last invoice.
 */
export function usePriceList(clinicId: number, enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.priceList(clinicId),
    queryFn: () => getPriceList(clinicId),
    enabled,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
