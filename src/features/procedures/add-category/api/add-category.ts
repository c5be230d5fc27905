import { useQueryClient } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { procedureKeys } from '../../model/query-keys';

/** Adds a category: insert {clinic_id, name}. A name taken ignoring case answers 23505. */
export async function addCategory(clinicId: number, name: string): Promise<void> {
  throwOnError(await getSupabase().from('procedure_categories').insert({ clinic_id: clinicId, name }));
}

/** One add at a time per clinic; the list re-reads after it, whatever the outcome. */
export function useAddCategory(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: procedureKeys.addCategory(clinicId),
    mutationFn: (name: string) => addCategory(clinicId, name),
    onSettled: () => queryClient.invalidateQueries({ queryKey: procedureKeys.all(clinicId) }),
  });
}
