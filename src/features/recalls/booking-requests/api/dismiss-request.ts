import { useQueryClient } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { recallKeys } from '../../model/query-keys';

/** 'Dismiss': the request is closed without a booking (public.dismiss_recall_request; front desk only). */
export async function dismissBookingRequest(requestId: number): Promise<void> {
  throwOnError(await getSupabase().rpc('dismiss_recall_request', { p_request_id: requestId }));
}

export function useDismissBookingRequest(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: (requestId: number) => recallKeys.dismiss(requestId),
    mutationFn: dismissBookingRequest,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: recallKeys.requests(clinicId) });
    },
  });
}
