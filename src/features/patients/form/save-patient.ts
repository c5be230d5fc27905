/**
 * Save of the Edit Patient form: src/lib/conditional-edit.ts with the patient's fields and merge,
 * its outcome in the form's words. No React: the write and the read are passed in
 * (./components/use-edit-patient-submission.ts).
 */
import type { FormMessageValue } from '@/components/form-message';
import { saveConditionalEdit, type ConditionalEdit, type ConditionalEditDependencies } from '@/lib/conditional-edit';
import type { PatientListItem } from '../model/api/patient-columns';
import { failureText } from '../model/failure-text';
import { PATIENT_FORM_EXTRA_TEXT, PATIENT_FORM_TEXT } from './messages';
import { mergeConcurrentEdit, storedFieldsOf, type PatientFields, type PatientFormValues } from './patient-form';
import { saveFailureText } from './save-failure-text';

/** The write (while the stored patient still holds `opened`) and the fresh read, passed in. */
export type PatientEditDependencies = ConditionalEditDependencies<PatientFields, PatientListItem, PatientFormValues>;

/** The inputs as typed, what the schema made of them (what is written), and the patient as last seen. */
export type PatientEdit = ConditionalEdit<PatientFields, PatientFormValues>;

export type PatientEditOutcome =
  | { readonly type: 'saved'; readonly row: PatientListItem; readonly text: string }
  | { readonly type: 'already-pending' }
  /** Saved elsewhere meanwhile: nothing written; the form shows `values` and now stands on `current`. */
  | {
      readonly type: 'changed-meanwhile';
      readonly current: PatientListItem;
      readonly opened: PatientFields;
      readonly values: PatientFormValues;
      readonly message: FormMessageValue;
    }
  | { readonly type: 'gone'; readonly message: FormMessageValue }
  | { readonly type: 'failed'; readonly message: FormMessageValue };

export async function savePatientEdit(edit: PatientEdit, deps: PatientEditDependencies): Promise<PatientEditOutcome> {
  const result = await saveConditionalEdit<PatientFields, PatientListItem, PatientFormValues>(edit, {
    ...deps,
    storedFieldsOf,
    merge: mergeConcurrentEdit,
  });
  switch (result.type) {
    case 'saved':
      return { type: 'saved', row: result.row, text: PATIENT_FORM_TEXT.updated };
    case 'changed-meanwhile':
      return { ...result, message: { tone: 'error', text: PATIENT_FORM_EXTRA_TEXT.changedMeanwhile } };
    case 'gone':
      return { type: 'gone', message: failureText(result.error, PATIENT_FORM_TEXT.updateFailed) };
    case 'failed':
      return { type: 'failed', message: saveFailureText(result.error, PATIENT_FORM_TEXT.updateFailed) };
    default:
      return result;
  }
}
