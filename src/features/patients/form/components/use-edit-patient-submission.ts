import { useRef, useState } from 'react';
import type { FormMessageValue } from '@/components/form-message';
import type { PatientListItem } from '../../model/api/patient-columns';
import { usePatientListCache } from '../../model/api/patient-list-cache';
import { getPatient } from '../api/get-patient';
import { useUpdatePatient } from '../api/update-patient';
import { storedFieldsOf, type PatientFields, type PatientFormValues } from '../patient-form';
import { savePatientEdit, type PatientEditDependencies } from '../save-patient';

/**
 * Edit Patient's save for one patient: savePatientEdit (../save-patient.ts) wired to the guarded
 * write, a fresh read of the patient and the list cache, with what the form shows. `replaceValues`
 * puts the merged values in the inputs after a save made elsewhere meanwhile.
 */
export function useEditPatientSubmission(
  clinicId: number,
  patient: PatientListItem,
  { onSaved, replaceValues }: { onSaved: (text: string) => void; replaceValues: (values: PatientFormValues) => void },
) {
  // The patient as stored when the form opened (or was last brought up to date); a save only goes
  // through while the database still holds it.
  const [opened, setOpened] = useState<PatientFields>(() => storedFieldsOf(patient));
  // The Messenger ID as stored, for the link above the form; null once unlinked.
  const [linkedId, setLinkedId] = useState<string | null>(patient.messenger_id);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const update = useUpdatePatient(clinicId);
  const cache = usePatientListCache(clinicId);
  // Once saved, the modal is closing: a second click that lands before it unmounts saves nothing.
  const saved = useRef(false);
  const deps: PatientEditDependencies = {
    write: (fields, stored) => update.mutateAsync({ patientId: patient.id, fields, opened: stored }),
    readCurrent: () => getPatient(clinicId, patient.id),
  };

  return {
    linkedId,
    message,
    saving: update.isPending,
    /** Shows a message in the form's message line (the Messenger link's outcomes too). */
    setMessage,
    /** Save pressed with values that passed the schema. */
    async submit(typed: PatientFormValues, fields: PatientFields) {
      if (saved.current) return;
      setMessage(null);
      const outcome = await savePatientEdit({ typed, fields, opened }, deps);
      if (outcome.type === 'already-pending') return;
      if (outcome.type === 'saved') {
        saved.current = true;
        onSaved(outcome.text);
        return;
      }
      if (outcome.type === 'changed-meanwhile') {
        cache.put(outcome.current);
        replaceValues(outcome.values);
        setOpened(outcome.opened);
        setLinkedId(outcome.opened.messenger_id);
      } else if (outcome.type === 'gone') {
        void cache.refresh();
      }
      setMessage(outcome.message);
    },
    /**
     * Unlink found the patient linked to another ID, set elsewhere meanwhile: nothing was unlinked,
     * and the form now stands on the link as stored. Answers the ID shown before.
     */
    linkedElsewhere(current: PatientListItem): string | null {
      const shown = linkedId;
      setLinkedId(current.messenger_id);
      setOpened((stored) => ({ ...stored, messenger_id: current.messenger_id }));
      return shown;
    },
    /** The Messenger link was removed: the form now stands on a patient without one. */
    unlinked() {
      setLinkedId(null);
      setOpened((stored) => ({ ...stored, messenger_id: null }));
    },
  };
}
