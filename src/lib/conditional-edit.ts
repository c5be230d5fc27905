/**
 * An edit form's save when another user may have saved the same record meanwhile
 * (docs/adr/0023-concurrent-edits.md): write the checked fields only while the record is stored
 * as the form last saw it; when that matched nothing, read the record again to tell a save made
 * elsewhere meanwhile (the form then shows the other save's values where this user changed
 * nothing) from a deleted record, and from a record still stored as the form saw it: then the
 * write matched nothing because row-level security lets the caller read the row but not update
 * it (an update policy filters silently, with no error), a 'forbidden' failure. No React and no
 * texts: the write, the read and the merge are passed in, and each form words the outcome itself.
 */
import { ALREADY_PENDING, type AlreadyPending } from './keyed-guard';
import { RequestError, requestErrorOf } from './request-error';

export interface ConditionalEditSteps<Fields, Row, Typed> {
  /**
   * Writes `fields` while the stored record still holds `opened`: the saved row, null when that
   * matched nothing, ALREADY_PENDING when the same record's save is in flight.
   */
  write(fields: Fields, opened: Fields): Promise<Row | null | AlreadyPending>;
  /** The record as stored now; null when it is deleted. */
  readCurrent(): Promise<Row | null>;
  /** The fields the form edits, as a stored row holds them. */
  storedFieldsOf(row: Row): Fields;
  /** The inputs to show after a save made elsewhere: its values where this user changed nothing. */
  merge(typed: Typed, opened: Fields, current: Fields): Typed;
}

/** What a form passes in: its write and its fresh read (the rest of the steps are its pure rules). */
export type ConditionalEditDependencies<Fields, Row, Typed> = Pick<
  ConditionalEditSteps<Fields, Row, Typed>,
  'write' | 'readCurrent'
>;

export interface ConditionalEdit<Fields, Typed> {
  /** The inputs as typed. */
  readonly typed: Typed;
  /** What the schema made of them: what is written. */
  readonly fields: Fields;
  /** The record as the form last saw it stored. */
  readonly opened: Fields;
}

export type ConditionalEditResult<Fields, Row, Typed> =
  | { readonly type: 'saved'; readonly row: Row }
  | { readonly type: 'already-pending' }
  /** Saved elsewhere meanwhile: nothing written; the form shows `values` and now stands on `opened`. */
  | { readonly type: 'changed-meanwhile'; readonly current: Row; readonly opened: Fields; readonly values: Typed }
  /** The record is deleted: the read found nothing, or a request said so. */
  | { readonly type: 'gone'; readonly error: unknown }
  /**
   * A request failed, or the write was refused: a 'forbidden' RequestError when the record is still
   * stored as the form saw it yet the write matched nothing (the caller may read it, not change it).
   */
  | { readonly type: 'failed'; readonly error: unknown };

/** Whether two stored field sets hold the same values (plain data: scalars, arrays, objects). */
function sameStoredFields(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every(
    (key) =>
      Object.prototype.hasOwnProperty.call(b, key) &&
      sameStoredFields((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

export async function saveConditionalEdit<Fields, Row, Typed>(
  edit: ConditionalEdit<Fields, Typed>,
  steps: ConditionalEditSteps<Fields, Row, Typed>,
): Promise<ConditionalEditResult<Fields, Row, Typed>> {
  try {
    const saved = await steps.write(edit.fields, edit.opened);
    if (saved === ALREADY_PENDING) return { type: 'already-pending' };
    if (saved) return { type: 'saved', row: saved };
    const current = await steps.readCurrent();
    if (!current) return { type: 'gone', error: new RequestError('gone') };
    const opened = steps.storedFieldsOf(current);
    // Nobody changed it, yet the write matched nothing: the caller was not let write it.
    if (sameStoredFields(opened, edit.opened)) return { type: 'failed', error: new RequestError('forbidden') };
    return { type: 'changed-meanwhile', current, opened, values: steps.merge(edit.typed, edit.opened, opened) };
  } catch (error) {
    return { type: requestErrorOf(error).kind === 'gone' ? 'gone' : 'failed', error };
  }
}
