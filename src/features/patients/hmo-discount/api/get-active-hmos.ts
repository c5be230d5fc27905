import { useQuery } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';

export interface HmoOption {
  id: number;
  name: string;
}

export const activeHmoKeys = {
  clinic: (clinicId: number) => ['hmos', 'active', clinicId] as const,
};

/** The HMOs the clinic accepts now, by name: a new card names one of these. */
export async function getActiveHmos(clinicId: number): Promise<HmoOption[]> {
  const answer = await getSupabase()
    .from('hmos')
    .select('id, name')
    .eq('clinic_id', clinicId)
    .eq('active', true)
    .order('name');
  return throwOnError(answer);
}

export function useActiveHmos(clinicId: number) {
  return useQuery({ queryKey: activeHmoKeys.clinic(clinicId), queryFn: () => getActiveHmos(clinicId) });
}
