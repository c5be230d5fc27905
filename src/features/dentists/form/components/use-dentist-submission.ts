import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { FormMessageValue } from '@/components/form-message';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import type { Dentist } from '../../model/api/get-dentists';
import { failureDetail } from '../../model/failure-detail';
import { dentistKeys } from '../../model/query-keys';
import { useCreateDentist } from '../api/create-dentist';
import { getDentist } from '../api/get-dentist';
import { useUpdateDentist } from '../api/update-dentist';
import { storedDentistInput, type DentistFormValues, type DentistInput } from '../dentist-form';
import { DENTIST_FORM_TEXT } from '../messages';
import { saveDentistEdit } from '../save-dentist';

/**
 * Save of the Add or Edit Dentist form (`dentist` absent for Add): the insert, or saveDentistEdit
 * (../save-dentist.ts) wired to the guarded write, a fresh read of the dentist and the list, with
 * what the form shows. `replaceValues` puts the merged values in the inputs after a save made
 * elsewhere meanwhile.
 */
export function useDentistSubmission(
  clinicId: number,
  dentist: Dentist | undefined,
  { onSaved, replaceValues }: { onSaved: (text: string) => void; replaceValues: (values: DentistFormValues) => void },
) {
  // Edit: the dentist as stored when the form opened (or was last brought up to date); a save only
  // goes through while the database still holds it.
  const [opened, setOpened] = useState<DentistInput | null>(() => (dentist ? storedDentistInput(dentist) : null));
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const create = useCreateDentist(clinicId);
  const update = useUpdateDentist(clinicId);
  const queryClient = useQueryClient();
  // Once saved, the modal is closing, but the guard has let go: a second click that lands before
  // it unmounts saves nothing.
  const saved = useRef(false);

  async function add(input: DentistInput) {
    try {
      if ((await create.mutateAsync(input)) === ALREADY_PENDING) return;
      saved.current = true;
      onSaved(DENTIST_FORM_TEXT.added);
    } catch (error) {
      console.error('Ngiti: adding a dentist failed', error);
      setMessage({ tone: 'error', text: DENTIST_FORM_TEXT.createFailed, detail: failureDetail(error) });
    }
  }

  async function edit(id: number, typed: DentistFormValues, input: DentistInput, stored: DentistInput) {
    const outcome = await saveDentistEdit(
      { typed, input, opened: stored },
      {
        write: (fields, openedFields) => update.mutateAsync({ dentistId: id, input: fields, opened: openedFields }),
        readCurrent: () => getDentist(clinicId, id),
      },
    );
    const refreshList = () => void queryClient.invalidateQueries({ queryKey: dentistKeys.lists() });
    if (outcome.type === 'already-pending') return;
    if (outcome.type === 'saved') {
      saved.current = true;
      onSaved(outcome.text);
      return;
    }
    // A save made elsewhere or a delete: the list is out of date too.
    if (outcome.type !== 'failed') refreshList();
    if (outcome.type === 'changed-meanwhile') {
      replaceValues(outcome.values);
      setOpened(outcome.opened);
    }
    setMessage(outcome.message);
  }

  return {
    message,
    setMessage,
    pending: create.isPending || update.isPending,
    /** Save pressed with values that passed the schema. */
    async submit(typed: DentistFormValues, input: DentistInput) {
      if (saved.current) return;
      setMessage(null);
      if (dentist && opened) await edit(dentist.id, typed, input, opened);
      else await add(input);
    },
  };
}
