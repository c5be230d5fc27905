/**
 * Update Clinic's save: src/lib/conditional-edit.ts with the clinic's fields and merge, its outcome
 * in the form's words. No React: the write and the read are passed in (./components/clinic-form.tsx).
 */
import type { FormMessageValue } from '@/components/form-message';
import { saveConditionalEdit, type ConditionalEdit, type ConditionalEditDependencies } from '@/lib/conditional-edit';
import type { ClinicSettings } from '../model/api/get-clinic';
import {
  mergeConcurrentClinicEdit,
  storedFieldsOf,
  type ClinicFormValues,
  type ClinicPayload,
} from '../model/clinic-form';
import { saveFailureReason } from '../model/failure-text';
import { CLINIC_EXTRA_TEXT, CLINIC_TEXT } from '../model/messages';

/**
 * The write (while the stored clinic still holds `opened`) and the fresh read, passed in; the read
 * throws 'gone' when the caller can no longer read the clinic.
 */
export type ClinicEditDependencies = ConditionalEditDependencies<ClinicPayload, ClinicSettings, ClinicFormValues>;

/** The inputs as typed, what the schema made of them (what is written), and the clinic as last seen. */
export type ClinicEdit = ConditionalEdit<ClinicPayload, ClinicFormValues>;

export type ClinicEditOutcome =
  | { readonly type: 'saved'; readonly row: ClinicSettings }
  | { readonly type: 'already-pending' }
  /** Saved elsewhere meanwhile: nothing written; the form shows `values` and now stands on `opened`. */
  | {
      readonly type: 'changed-meanwhile';
      readonly current: ClinicSettings;
      readonly opened: ClinicPayload;
      readonly values: ClinicFormValues;
      readonly message: FormMessageValue;
    }
  /** The spec's 'Failed to save clinic.', with why under it: the clinic gone, or the request refused. */
  | { readonly type: 'failed'; readonly message: FormMessageValue };

export async function saveClinicEdit(edit: ClinicEdit, deps: ClinicEditDependencies): Promise<ClinicEditOutcome> {
  const result = await saveConditionalEdit<ClinicPayload, ClinicSettings, ClinicFormValues>(edit, {
    ...deps,
    storedFieldsOf,
    merge: mergeConcurrentClinicEdit,
  });
  switch (result.type) {
    case 'changed-meanwhile':
      return { ...result, message: { tone: 'error', text: CLINIC_EXTRA_TEXT.changedMeanwhile } };
    case 'gone':
    case 'failed':
      return {
        type: 'failed',
        message: { tone: 'error', text: CLINIC_TEXT.saveFailed, detail: saveFailureReason(result.error) },
      };
    default:
      return result;
  }
}
