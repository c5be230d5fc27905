import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { getSupabase } from '@/lib/supabase';
import { DentistGoneError } from '../errors';
import { dentistKeys } from '../query-keys';
import type { Dentist } from './get-dentists';

/** The Status cell: update is_active flipped (spec part 1 §4, §7). Returns the new state. */
export async function toggleDentistStatus(dentist: Pick<Dentist, 'id' | 'clinic_id' | 'is_active'>): Promise<boolean> {
  const { data, error } = await getSupabase()
    .from('dentists')
    .update({ is_active: !dentist.is_active })
    .eq('id', dentist.id)
    .eq('clinic_id', dentist.clinic_id)
    .eq('deleted', false)
    .select('is_active');
  if (error) throw error;
  const updated = data[0];
  if (!updated) throw new DentistGoneError();
  return updated.is_active;
}

/**
 * Toggles one dentist at a time per row: a second click on a row whose toggle is still on its
 * way is ignored (it would flip the status back), other rows stay clickable.
 */
export function useToggleDentistStatus() {
  const queryClient = useQueryClient();
  const running = useRef(new Set<number>());
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());

  const toggle = useCallback(
    async (dentist: Pick<Dentist, 'id' | 'clinic_id' | 'is_active'>): Promise<boolean | undefined> => {
      if (running.current.has(dentist.id)) return undefined;
      running.current.add(dentist.id);
      setPending(new Set(running.current));
      try {
        return await toggleDentistStatus(dentist);
      } finally {
        await queryClient.invalidateQueries({ queryKey: dentistKeys.lists() });
        running.current.delete(dentist.id);
        setPending(new Set(running.current));
      }
    },
    [queryClient],
  );
  return { toggle, isPending: (id: number) => pending.has(id) };
}
