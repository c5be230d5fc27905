/**
 * Save of the Edit Patient form as a use case (spec part 1 §5, §8; docs/adr/0023-concurrent-edits.md):
 * write the checked fields only while the patient is stored as the form last saw it; when that
 * matched nothing, read the patient again to tell a save made elsewhere meanwhile (the form then
 * shows the other save's values where this user changed nothing, and says so) from a deleted
 * patient. No React: the write and the read are passed in (./components/use-edit-patient-submission.ts).
 */
import type { FormMessageValue } from '@/components/form-message';
import { ALREADY_PENDING, type AlreadyPending } from '@/lib/keyed-guard';
import { requestErrorOf, RequestError } from '@/lib/request-error';
import type { PatientListItem } from '../model/api/patient-columns';
import { failureText } from '../model/failure-text';
import { PATIENT_FORM_EXTRA_TEXT, PATIENT_FORM_TEXT } from './messages';
import { mergeConcurrentEdit, storedFieldsOf, type PatientFields, type PatientFormValues } from './patient-form';
import { saveFailureText } from './save-failure-text';

export interface PatientEditDependencies {
  /**
   * Writes `fields` while the stored patient still holds `opened`: the saved row, null when that
   * matched nothing, ALREADY_PENDING when the same patient's save is in flight.
   */
  write(fields: PatientFields, opened: PatientFields): Promise<PatientListItem | null | AlreadyPending>;
  /** The patient as stored now; null when it is deleted. */
  readCurrent(): Promise<PatientListItem | null>;
}

export interface PatientEdit {
  /** The inputs as typed. */
  readonly typed: PatientFormValues;
  /** What the schema made of them: what is written. */
  readonly fields: PatientFields;
  /** The patient as the form last saw it stored. */
  readonly opened: PatientFields;
}

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
  try {
    const saved = await deps.write(edit.fields, edit.opened);
    if (saved === ALREADY_PENDING) return { type: 'already-pending' };
    if (saved) return { type: 'saved', row: saved, text: PATIENT_FORM_TEXT.updated };
    const current = await deps.readCurrent();
    if (!current) return goneOutcome(new RequestError('gone'));
    const opened = storedFieldsOf(current);
    return {
      type: 'changed-meanwhile',
      current,
      opened,
      values: mergeConcurrentEdit(edit.typed, edit.opened, opened),
      message: { tone: 'error', text: PATIENT_FORM_EXTRA_TEXT.changedMeanwhile },
    };
  } catch (error) {
    if (requestErrorOf(error).kind === 'gone') return goneOutcome(error);
    return { type: 'failed', message: saveFailureText(error, PATIENT_FORM_TEXT.updateFailed) };
  }
}

function goneOutcome(error: unknown): PatientEditOutcome {
  return { type: 'gone', message: failureText(error, PATIENT_FORM_TEXT.updateFailed) };
}
