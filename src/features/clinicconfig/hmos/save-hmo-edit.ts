/**
 * Edit HMO's save: src/lib/conditional-edit.ts with the HMO's fields and merge, its outcome in the
 * form's words (docs/adr/0023-concurrent-edits.md). No React: the write and the read are passed in
 * (./components/hmo-form-modal.tsx).
 */
import type { FormMessageValue } from '@/components/form-message';
import { saveConditionalEdit, type ConditionalEdit, type ConditionalEditDependencies } from '@/lib/conditional-edit';
import { NOT_PERMITTED_TEXT, refusalTextOf } from '@/lib/refusal-text';
import { requestErrorOf } from '@/lib/request-error';
import type { StoredHmo } from './api/get-hmos';
import { mergeConcurrentHmoEdit, storedHmoFieldsOf, type HmoFields, type HmoFormValues } from './hmo-forms';
import { HMO_TEXT } from './messages';

/** The write (while the stored HMO still holds `opened`) and the fresh read, passed in. */
export type HmoEditDependencies = ConditionalEditDependencies<HmoFields, StoredHmo, HmoFormValues>;

/** The inputs as typed, what the schema made of them (what is written), and the HMO as last seen. */
export type HmoEdit = ConditionalEdit<HmoFields, HmoFormValues>;

export type HmoEditOutcome =
  | { readonly type: 'saved'; readonly row: StoredHmo }
  | { readonly type: 'already-pending' }
  /** Saved elsewhere meanwhile: nothing written; the form shows `values` and now stands on `opened`. */
  | {
      readonly type: 'changed-meanwhile';
      readonly opened: HmoFields;
      readonly values: HmoFormValues;
      readonly message: FormMessageValue;
    }
  /** Not saved: the HMO is gone, or the request failed or was refused. */
  | { readonly type: 'failed'; readonly error: unknown };

/**
 * 'Failed to save the HMO.', with why under it: the HMO gone, the database's refusal, or the
 * caller's role not let change it.
 */
export function hmoSaveFailure(error: unknown): FormMessageValue {
  const kind = requestErrorOf(error).kind;
  const detail =
    kind === 'gone' ? HMO_TEXT.gone : (refusalTextOf(error) ?? (kind === 'forbidden' ? NOT_PERMITTED_TEXT : undefined));
  return { tone: 'error', text: HMO_TEXT.saveFailed, detail };
}

export async function saveHmoEdit(edit: HmoEdit, deps: HmoEditDependencies): Promise<HmoEditOutcome> {
  const result = await saveConditionalEdit<HmoFields, StoredHmo, HmoFormValues>(edit, {
    ...deps,
    storedFieldsOf: storedHmoFieldsOf,
    merge: mergeConcurrentHmoEdit,
  });
  switch (result.type) {
    case 'saved':
    case 'already-pending':
      return result;
    case 'changed-meanwhile':
      return {
        type: 'changed-meanwhile',
        opened: result.opened,
        values: result.values,
        message: { tone: 'error', text: HMO_TEXT.changedMeanwhile },
      };
    case 'gone':
    case 'failed':
      return { type: 'failed', error: result.error };
  }
}
