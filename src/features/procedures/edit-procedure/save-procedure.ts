/**
 * Save of a procedure's inline Edit row: src/lib/conditional-edit.ts with the procedure's name and
 * price, and its outcome in the tab's words (docs/adr/0023-concurrent-edits.md). No React: the
 * write and the read are passed in (./components/procedure-row.tsx). Pure.
 */
import { saveConditionalEdit, type ConditionalEdit, type ConditionalEditDependencies } from '@/lib/conditional-edit';
import { duplicateNameText, failureText } from '../model/failure-text';
import { PROCEDURES_EXTRA_TEXT } from '../model/messages';
import { parsePrice, priceInputOf } from '../model/price';
import type { ProcedureFields } from '../model/procedure-form';
import type { Procedure } from '../model/types';

/** What the Edit row writes, and what it checks is still stored: the name and the price in centavos. */
export interface StoredProcedureFields {
  readonly name: string;
  readonly priceCentavos: number;
}

export function storedFieldsOf(procedure: StoredProcedureFields): StoredProcedureFields {
  return { name: procedure.name, priceCentavos: procedure.priceCentavos };
}

/**
 * After someone else saved the procedure while the row was open: the row shows their value
 * (`current`) in each field this user left as it was opened (`opened`), and keeps what this user
 * changed. A price counts as unchanged when it reads as the same centavos ('1,500' for 1500.00).
 */
export function mergeConcurrentProcedureEdit(
  typed: ProcedureFields,
  opened: StoredProcedureFields,
  current: StoredProcedureFields,
): ProcedureFields {
  const typedPrice = parsePrice(typed.price);
  const priceUnchanged = typedPrice.ok && typedPrice.centavos === opened.priceCentavos;
  return {
    name: typed.name.trim() === opened.name ? current.name : typed.name,
    price: priceUnchanged ? priceInputOf(current.priceCentavos) : typed.price,
  };
}

/** The write (while the stored procedure still holds `opened`) and the fresh read, passed in. */
export type ProcedureEditDependencies = ConditionalEditDependencies<StoredProcedureFields, Procedure, ProcedureFields>;

/** The inputs as typed, what the schema made of them (what is written), and the procedure as last seen. */
export type ProcedureEdit = ConditionalEdit<StoredProcedureFields, ProcedureFields>;

export type ProcedureEditOutcome =
  | { readonly type: 'saved'; readonly text: string }
  | { readonly type: 'already-pending' }
  /** Saved elsewhere meanwhile: nothing written; the row shows `values` and now stands on `opened`. */
  | {
      readonly type: 'changed-meanwhile';
      readonly opened: StoredProcedureFields;
      readonly values: ProcedureFields;
      readonly text: string;
    }
  /** Another procedure of the category has the name: told at the name field. */
  | { readonly type: 'name-taken'; readonly text: string }
  /** Deleted meanwhile: the list read again has no row for the edit, so a toast says it. */
  | { readonly type: 'gone'; readonly text: string }
  | { readonly type: 'failed'; readonly text: string };

export async function saveProcedureEdit(
  edit: ProcedureEdit,
  deps: ProcedureEditDependencies,
): Promise<ProcedureEditOutcome> {
  const result = await saveConditionalEdit<StoredProcedureFields, Procedure, ProcedureFields>(edit, {
    ...deps,
    storedFieldsOf,
    merge: mergeConcurrentProcedureEdit,
  });
  switch (result.type) {
    case 'saved':
      return { type: 'saved', text: PROCEDURES_EXTRA_TEXT.procedureSaved };
    case 'already-pending':
      return result;
    case 'changed-meanwhile':
      return {
        type: 'changed-meanwhile',
        opened: result.opened,
        values: result.values,
        text: PROCEDURES_EXTRA_TEXT.changedMeanwhile,
      };
    case 'gone':
      return { type: 'gone', text: failureText('saveProcedure', result.error) };
    case 'failed': {
      const taken = duplicateNameText('saveProcedure', result.error);
      if (taken) return { type: 'name-taken', text: taken };
      return { type: 'failed', text: failureText('saveProcedure', result.error) };
    }
  }
}
