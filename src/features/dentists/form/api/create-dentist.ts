import { useQueryClient } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import type { Dentist } from '../../model/api/get-dentists';
import { dentistKeys } from '../../model/query-keys';
import type { DentistInput } from '../dentist-form';

/** Adds a dentist to the clinic: insert {name, email, phone, is_active, clinic_id}. */
export async function createDentist(clinicId: number, input: DentistInput): Promise<Dentist> {
  return throwOnError(
    await getSupabase()
      .from('dentists')
      .insert({ ...input, clinic_id: clinicId })
      .select('id, clinic_id, name, email, phone, is_active')
      .single(),
  );
}

/** One insert at a time: a double-click on Save adds one dentist. The list is read again before it resolves. */
export function useCreateDentist(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: dentistKeys.create(clinicId),
    mutationFn: (input: DentistInput) => createDentist(clinicId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dentistKeys.lists() }),
  });
}
