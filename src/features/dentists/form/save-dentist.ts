/**
 * Save of the Edit Dentist form as a use case (spec part 1 §5, §8; docs/adr/0023-concurrent-edits.md):
 * write the checked fields only while the dentist is stored as the form last saw it; when that
 * matched nothing, read the dentist again to tell a save made elsewhere meanwhile (the form then
 * shows the other save's values where this user changed nothing, and says so) from a deleted
 * dentist. No React: the write and the read are passed in (./components/use-dentist-submission.ts).
 */
import type { FormMessageValue } from '@/components/form-message';
import { ALREADY_PENDING, type AlreadyPending } from '@/lib/keyed-guard';
import { RequestError, requestErrorOf } from '@/lib/request-error';
import type { Dentist } from '../model/api/get-dentists';
import { failureDetail } from '../model/failure-detail';
import {
  mergeConcurrentDentistEdit,
  storedDentistInput,
  type DentistFormValues,
  type DentistInput,
} from './dentist-form';
import { DENTIST_FORM_EXTRA_TEXT, DENTIST_FORM_TEXT } from './messages';

export interface DentistEditDependencies {
  /**
   * Writes `input` while the stored dentist still holds `opened`: the saved row, null when that
   * matched nothing, ALREADY_PENDING when the same dentist's save is in flight.
   */
  write(input: DentistInput, opened: DentistInput): Promise<Dentist | null | AlreadyPending>;
  /** The dentist as stored now; null when it is deleted. */
  readCurrent(): Promise<Dentist | null>;
}

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

export async function saveDentistEdit(edit: DentistEdit, deps: DentistEditDependencies): Promise<DentistEditOutcome> {
  try {
    const saved = await deps.write(edit.input, edit.opened);
    if (saved === ALREADY_PENDING) return { type: 'already-pending' };
    if (saved) return { type: 'saved', text: DENTIST_FORM_TEXT.updated };
    const current = await deps.readCurrent();
    if (!current) return failed(new RequestError('gone'));
    const opened = storedDentistInput(current);
    return {
      type: 'changed-meanwhile',
      opened,
      values: mergeConcurrentDentistEdit(edit.typed, edit.opened, opened),
      message: { tone: 'error', text: DENTIST_FORM_EXTRA_TEXT.changedMeanwhile },
    };
  } catch (error) {
    return failed(error);
  }
}

function failed(error: unknown): DentistEditOutcome {
  console.error('Ngiti: updating a dentist failed', error);
  return {
    type: requestErrorOf(error).kind === 'gone' ? 'gone' : 'failed',
    message: { tone: 'error', text: DENTIST_FORM_TEXT.updateFailed, detail: failureDetail(error) },
  };
}
