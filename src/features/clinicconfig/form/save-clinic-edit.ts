/**
 * Update Clinic's save: src/lib/conditional-edit.ts with the clinic's fields and merge, its outcome
 * in the form's words. No React: the write and the read are passed in (./components/clinic-form.tsx).
 */
import type { FormMessageValue } from '@/components/form-message';
import { saveConditionalEdit, type ConditionalEdit } from '@/lib/conditional-edit';
import type { AlreadyPending } from '@/lib/keyed-guard';
import type { ClinicSettings } from '../model/api/get-clinic';
import {
  mergeConcurrentClinicEdit,
  storedFieldsOf,
  type ClinicFormValues,
  type ClinicPayload,
} from '../model/clinic-form';
import { saveFailureReason } from '../model/failure-text';
import { CLINIC_EXTRA_TEXT, CLINIC_TEXT } from '../model/messages';

export interface ClinicEditDependencies {
  /**
   * Writes `fields` while the stored clinic still holds `opened`: the saved row, null when that
   * matched nothing, ALREADY_PENDING when this form's save is in flight.
   */
  write(fields: ClinicPayload, opened: ClinicPayload): Promise<ClinicSettings | null | AlreadyPending>;
  /** The clinic as stored now; throws 'gone' when the caller can no longer read it. */
  readCurrent(): Promise<ClinicSettings | null>;
}

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
