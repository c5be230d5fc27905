import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getSupabase } from '@/lib/supabase';
import { useAction } from '@/lib/use-action';
import { dentistKeys } from '../query-keys';
import type { DentistInput } from '../validation';
import type { Dentist } from './get-dentists';

/** Adds a dentist to the clinic: insert {name, email, phone, is_active, clinic_id} (spec part 1 §7). */
export async function createDentist(clinicId: number, input: DentistInput): Promise<Dentist> {
  const { data, error } = await getSupabase()
    .from('dentists')
    .insert({ ...input, clinic_id: clinicId })
    .select('id, clinic_id, name, email, phone, is_active')
    .single();
  if (error) throw error;
  return data;
}

/** One insert at a time: a double-click on Save adds one dentist. */
export function useCreateDentist() {
  const queryClient = useQueryClient();
  const operation = useCallback(
    async (clinicId: number, input: DentistInput) => {
      const dentist = await createDentist(clinicId, input);
      await queryClient.invalidateQueries({ queryKey: dentistKeys.lists() });
      return dentist;
    },
    [queryClient],
  );
  return useAction(operation);
}
