/**
 * Save of the Edit Dentist form: src/lib/conditional-edit.ts with the dentist's fields and merge,
 * its outcome in the form's words. No React: the write and the read are passed in
 * (./components/use-dentist-submission.ts).
 */
import type { FormMessageValue } from '@/components/form-message';
import { saveConditionalEdit, type ConditionalEditDependencies } from '@/lib/conditional-edit';
import type { Dentist } from '../model/api/get-dentists';
import { failureDetail } from '../model/failure-detail';
import {
  mergeConcurrentDentistEdit,
  storedDentistInput,
  type DentistFormValues,
  type DentistInput,
} from './dentist-form';
import { DENTIST_FORM_EXTRA_TEXT, DENTIST_FORM_TEXT } from './messages';

/** The write (while the stored dentist still holds `opened`) and the fresh read, passed in. */
export type DentistEditDependencies = ConditionalEditDependencies<DentistInput, Dentist, DentistFormValues>;

export interface DentistEdit {
  /** The inputs as typed. */
  readonly typed: DentistFormValues;
  /** What the schema made of them: what is written. */
  readonly input: DentistInput;
  /** The dentist as the form last saw it stored. */
  readonly opened: DentistInput;
}

export type DentistEditOutcome =
  | { readonly type: 'saved'; readonly text: string }
  | { readonly type: 'already-pending' }
  /** Saved elsewhere meanwhile: nothing written; the form shows `values` and now stands on `opened`. */
  | {
      readonly type: 'changed-meanwhile';
      readonly opened: DentistInput;
      readonly values: DentistFormValues;
      readonly message: FormMessageValue;
    }
  | { readonly type: 'gone'; readonly message: FormMessageValue }
  | { readonly type: 'failed'; readonly message: FormMessageValue };

export async function saveDentistEdit(
  { typed, input, opened }: DentistEdit,
  deps: DentistEditDependencies,
): Promise<DentistEditOutcome> {
  const result = await saveConditionalEdit<DentistInput, Dentist, DentistFormValues>(
    { typed, fields: input, opened },
    { ...deps, storedFieldsOf: storedDentistInput, merge: mergeConcurrentDentistEdit },
  );
  if (result.type === 'saved') return { type: 'saved', text: DENTIST_FORM_TEXT.updated };
  if (result.type === 'already-pending') return result;
  if (result.type === 'changed-meanwhile') {
    const message = { tone: 'error', text: DENTIST_FORM_EXTRA_TEXT.changedMeanwhile } as const;
    return { type: 'changed-meanwhile', opened: result.opened, values: result.values, message };
  }
  console.error('Ngiti: updating a dentist failed', result.error);
  return {
    type: result.type,
    message: { tone: 'error', text: DENTIST_FORM_TEXT.updateFailed, detail: failureDetail(result.error) },
  };
}
