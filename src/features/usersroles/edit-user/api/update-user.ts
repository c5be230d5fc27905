import { useQueryClient } from '@tanstack/react-query';
import { requestErrorOf, throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { userKeys } from '../../model/query-keys';
import { STAFF_USER_COLUMNS, type StaffUser } from '../../model/user';
import type { EditUserInput } from '../../model/user-form';

/**
 * Edit User: update {name, role} by id, within the clinic on screen, only while the profile still
 * holds the name and role the form was opened with (`opened`), so a save never undoes unseen what
 * another admin saved meanwhile (docs/adr/0023-concurrent-edits.md): a promotion written back as
 * the old role would demote the user and end their sessions. The saved row, or null when the
 * update matched nothing: the profile was changed or deleted meanwhile, and ../save-user.ts reads
 * it again to tell which. The filter is part of the update's `where`, so the database's triggers
 * (last admin, own role, the superadmin's profile, the role copied to the account, access ended)
 * run only for a row it matched. The database refuses (42501) changing one's own role and making
 * a superadmin, and (PT409) demoting a clinic's last admin.
 */
export async function updateUser(
  clinicId: number,
  id: number,
  input: EditUserInput,
  opened: EditUserInput,
): Promise<StaffUser | null> {
  const rows = throwOnError(
    await getSupabase()
      .from('users')
      .update({ name: input.name, role: input.role })
      .eq('id', id)
      .eq('clinic_id', clinicId)
      .eq('name', opened.name)
      .eq('role', opened.role)
      .select(STAFF_USER_COLUMNS),
  ) as StaffUser[];
  return rows[0] ?? null;
}

export interface UserUpdate {
  id: number;
  input: EditUserInput;
  /** What the form was opened with (or last brought up to date with). */
  opened: EditUserInput;
}

/** One save at a time per profile; the list is read again after a save. */
export function useUpdateUser(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: ({ id }: UserUpdate) => userKeys.update(clinicId, id),
    mutationFn: ({ id, input, opened }: UserUpdate) => updateUser(clinicId, id, input, opened),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list(clinicId) }),
    onError: (error) => {
      if (requestErrorOf(error).kind === 'gone')
        void queryClient.invalidateQueries({ queryKey: userKeys.list(clinicId) });
    },
  });
}
