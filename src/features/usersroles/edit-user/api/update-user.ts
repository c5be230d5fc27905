import { useQueryClient } from '@tanstack/react-query';
import { firstRowOrGone, requestErrorOf, throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { userKeys } from '../../model/query-keys';
import { STAFF_USER_COLUMNS, type StaffUser } from '../../model/user';
import type { EditUserInput } from '../../model/user-form';

/**
 * Edit User: update {name, role} by id, within the clinic on screen. The database refuses (42501)
 * changing one's own role, demoting a clinic's last admin and making a superadmin; a user deleted
 * meanwhile matches no row ('gone').
 */
export async function updateUser(clinicId: number, id: number, input: EditUserInput): Promise<StaffUser> {
  return firstRowOrGone(
    throwOnError(
      await getSupabase()
        .from('users')
        .update({ name: input.name, role: input.role })
        .eq('id', id)
        .eq('clinic_id', clinicId)
        .select(STAFF_USER_COLUMNS),
    ),
  ) as StaffUser;
}

export interface UserUpdate {
  id: number;
  input: EditUserInput;
}

export function useUpdateUser(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: ({ id }: UserUpdate) => userKeys.update(clinicId, id),
    mutationFn: ({ id, input }: UserUpdate) => updateUser(clinicId, id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list(clinicId) }),
    onError: (error) => {
      if (requestErrorOf(error).kind === 'gone')
        void queryClient.invalidateQueries({ queryKey: userKeys.list(clinicId) });
    },
  });
}
