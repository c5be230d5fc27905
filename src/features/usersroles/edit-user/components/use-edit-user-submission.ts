import { useRef, useState } from 'react';
import type { FormMessageValue } from '@/components/form-message';
import type { StaffUser } from '../../model/user';
import { storedUserFields, type EditUserInput, type EditUserValues } from '../../model/user-form';
import { getUser } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { saveUserEdit, type UserEditDependencies } from '../save-user';

/**
 * Edit User's save for one profile: saveUserEdit (../save-user.ts) wired to the guarded write and
 * a fresh read of the profile, with what the form shows; `onSaved` gets the row as saved.
 */
export function useEditUserSubmission(
  clinicId: number,
  user: StaffUser,
  { viewerIsSuperadmin, onSaved }: { viewerIsSuperadmin: boolean; onSaved: (text: string, saved: StaffUser) => void },
) {
  // The profile as stored when the form opened (or was last brought up to date); a save only goes
  // through while the database still holds it.
  const [opened, setOpened] = useState<EditUserInput>(() => storedUserFields(user));
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const update = useUpdateUser(clinicId);
  // Once saved, the modal is closing: a second click that lands before it unmounts saves nothing.
  const saved = useRef(false);
  const deps: UserEditDependencies = {
    write: (fields, stored) => update.mutateAsync({ id: user.id, input: fields, opened: stored }),
    readCurrent: () => getUser(clinicId, user.id),
  };

  return {
    /** The profile as the form now stands on it: its role decides what the Role input offers. */
    opened,
    message,
    setMessage,
    pending: update.isPending,
    /**
     * Save pressed with values that passed the schema. Answers the values the inputs are to show
     * after a save made elsewhere meanwhile, else nothing.
     */
    async submit(typed: EditUserValues, fields: EditUserInput): Promise<EditUserValues | undefined> {
      if (saved.current) return undefined;
      setMessage(null);
      const outcome = await saveUserEdit({ typed, fields, opened }, deps, { viewerIsSuperadmin });
      if (outcome.type === 'already-pending') return undefined;
      if (outcome.type === 'saved') {
        saved.current = true;
        onSaved(outcome.text, outcome.row);
        return undefined;
      }
      setMessage(outcome.message);
      if (outcome.type !== 'changed-meanwhile') return undefined;
      setOpened(outcome.opened);
      return outcome.values;
    },
  };
}
