import { useQuery } from '@tanstack/react-query';
import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { reportKeys } from '../../model/query-keys';
import { parseNoShowInsight, type NoShowInsight } from '../../model/report-shapes';

/** No-show and late-cancel counts over clinic days from..to (rpc no_show_insight). */
export async function getNoShowInsight(clinicId: number, from: string, to: string): Promise<NoShowInsight> {
  const { data, error, status } = await getSupabase().rpc('no_show_insight', {
    p_clinic_id: clinicId,
    p_from: from,
    p_to: to,
  });
  if (error) throw toRequestError(error, status);
  return parseNoShowInsight(data);
}

export function useNoShowInsight(clinicId: number, period: { from: string; to: string } | null) {
  return useQuery({
    queryKey: reportKeys.noShowInsight(clinicId, period?.from ?? '', period?.to ?? ''),
    queryFn: () => getNoShowInsight(clinicId, period!.from, period!.to),
    enabled: period !== null,
  });
}
