/**
 * Names of categories and procedures: required, at most 200 characters (the database's check),
 * unique ignoring letter case and surrounding spaces (categories within the clinic, procedures
 * within their category: the unique indexes on lower(btrim(name))). Pure.
 */
import { PROCEDURES_PROBLEM_TEXT } from './messages';

export const MAX_NAME_LENGTH = 200;

export type NameInput = { ok: true; name: string } | { ok: false; message: string };

/** The key the database compares names by: lower(btrim(name)). */
export function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** Whether `name` is taken among `existing`, ignoring case and surrounding spaces, not counting `exceptId`. */
export function isNameTaken(
  name: string,
  existing: readonly { readonly id: number; readonly name: string }[],
  exceptId?: number,
): boolean {
  const key = nameKey(name);
  return existing.some((other) => other.id !== exceptId && nameKey(other.name) === key);
}

function readName(input: string, requiredMessage: string): NameInput {
  const name = input.trim();
  if (name === '') return { ok: false, message: requiredMessage };
  // The database counts characters (code points), not UTF-16 units.
  if ([...name].length > MAX_NAME_LENGTH)
    return { ok: false, message: PROCEDURES_PROBLEM_TEXT.nameTooLong(MAX_NAME_LENGTH) };
  return { ok: true, name };
}

/** A new category's name, trimmed, or why it is refused. */
export function readCategoryName(
  input: string,
  categories: readonly { readonly id: number; readonly name: string }[],
): NameInput {
  const read = readName(input, PROCEDURES_PROBLEM_TEXT.categoryNameRequired);
  if (read.ok && isNameTaken(read.name, categories))
    return { ok: false, message: PROCEDURES_PROBLEM_TEXT.categoryExists };
  return read;
}

/** A procedure's name, trimmed, or why it is refused; `exceptId` is the procedure being edited. */
export function readProcedureName(
  input: string,
  siblings: readonly { readonly id: number; readonly name: string }[],
  exceptId?: number,
): NameInput {
  const read = readName(input, PROCEDURES_PROBLEM_TEXT.procedureNameRequired);
  if (read.ok && isNameTaken(read.name, siblings, exceptId))
    return { ok: false, message: PROCEDURES_PROBLEM_TEXT.procedureExists };
  return read;
}
