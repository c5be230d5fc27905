/**
 * How stored values meet filter text and each other, the way Postgres would see them: numbers as
 * numbers, booleans from 'true'/'false', timestamps by instant (whatever their offset), times with
 * or without seconds, text in code-point order (the C collation of the local stack), NULL as
 * unknown (three-valued logic), arrays and LIKE patterns.
 */
import { pgError } from '../errors';
import { type Condition, type JsonStep, parseList } from './parse';

/** SQL's three-valued truth: null is "unknown". */
export type Truth = boolean | null;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

const isTimestamp = (text: string) => TIMESTAMP.test(text);
const instant = (text: string) => Date.parse(text.replace(' ', 'T'));
const fullTime = (text: string) => (text.length === 5 ? `${text}:00` : text);

const invalidInput = (type: string, value: string) =>
  pgError('22P02', `invalid input syntax for type ${type}: "${value}"`);

/** The filter text as a value of the stored value's type. */
export function coerce(text: string, like: unknown): unknown {
  if (typeof like === 'number') {
    const number = Number(text);
    if (text.trim() === '' || Number.isNaN(number))
      throw invalidInput(Number.isInteger(like) ? 'bigint' : 'numeric', text);
    return number;
  }
  if (typeof like === 'boolean') {
    const lower = text.toLowerCase();
    if (['true', 't', 'yes', 'on', '1'].includes(lower)) return true;
    if (['false', 'f', 'no', 'off', '0'].includes(lower)) return false;
    throw invalidInput('boolean', text);
  }
  if (Array.isArray(like)) return parseList(text).map((item) => coerce(item, like[0] ?? item));
  if (like !== null && typeof like === 'object') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw invalidInput('json', text);
    }
  }
  return text;
}

/** Compares two non-null values of one column: negative, zero or positive. */
export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let index = 0; index < Math.min(a.length, b.length); index++) {
      const order = compareValues(a[index], b[index]);
      if (order !== 0) return order;
    }
    return a.length - b.length;
  }
  if (typeof a === 'string' && typeof b === 'string') {
    if (
      (isTimestamp(a) || DATE_ONLY.test(a)) &&
      (isTimestamp(b) || DATE_ONLY.test(b)) &&
      (isTimestamp(a) || isTimestamp(b))
    )
      return instant(a) - instant(b);
    if (TIME.test(a) && TIME.test(b)) return codePointOrder(fullTime(a), fullTime(b));
    return codePointOrder(a, b);
  }
  return codePointOrder(JSON.stringify(a), JSON.stringify(b));
}

function codePointOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const sameValue = (a: unknown, b: unknown) => compareValues(a, b) === 0;

/** A LIKE pattern (PostgREST turns `*` into `%`) as a regular expression; `\` escapes. */
export function likeToRegExp(pattern: string, caseInsensitive: boolean): RegExp {
  let source = '';
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    if (char === '\\' && index + 1 < pattern.length) {
      source += escapeRegExp(pattern[++index]!);
    } else if (char === '%' || char === '*') source += '.*';
    else if (char === '_') source += '.';
    else source += escapeRegExp(char);
  }
  return new RegExp(`^${source}$`, caseInsensitive ? 'is' : 's');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Follows `->` / `->>` steps into a JSON value; `->>` yields text. */
export function followJsonPath(value: unknown, path: readonly JsonStep[]): unknown {
  let current = value;
  for (const step of path) {
    if (current === null || current === undefined || typeof current !== 'object') return null;
    const key = Array.isArray(current) && /^-?\d+$/.test(step.key) ? Number(step.key) : step.key;
    current = (current as Record<string | number, unknown>)[key] ?? null;
    if (step.arrow === '->>' && current !== null)
      current = typeof current === 'object' ? JSON.stringify(current) : String(current);
  }
  return current;
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function evaluateOperator(actual: unknown, operator: string, text: string): Truth {
  if (operator === 'is') {
    const word = text.toLowerCase();
    if (word === 'null') return actual === null;
    if (word === 'not_null') return actual !== null;
    if (word === 'true') return actual === true;
    if (word === 'false') return actual === false;
    if (word === 'unknown') return actual === null;
    throw pgError('PGRST100', `"failed to parse filter (is.${text})"`, {
      details: 'unexpected value expecting null, not_null, true, false or unknown',
    });
  }
  if (operator === 'isdistinct') {
    if (actual === null) return text.toLowerCase() !== 'null';
    return text.toLowerCase() === 'null' || !sameValue(actual, coerce(text, actual));
  }
  if (actual === null) return null;
  switch (operator) {
    case 'eq':
      return sameValue(actual, coerce(text, actual));
    case 'neq':
      return !sameValue(actual, coerce(text, actual));
    case 'gt':
      return compareValues(actual, coerce(text, actual)) > 0;
    case 'gte':
      return compareValues(actual, coerce(text, actual)) >= 0;
    case 'lt':
      return compareValues(actual, coerce(text, actual)) < 0;
    case 'lte':
      return compareValues(actual, coerce(text, actual)) <= 0;
    case 'like':
    case 'ilike':
      return likeToRegExp(text, operator === 'ilike').test(asText(actual));
    case 'match':
    case 'imatch':
      return new RegExp(text, operator === 'imatch' ? 'i' : '').test(asText(actual));
    case 'in': {
      const values = parseList(text);
      const found = values.some((value) => value !== 'null' && sameValue(actual, coerce(value, actual)));
      return found ? true : values.includes('null') ? null : false;
    }
    case 'cs':
    case 'cd':
    case 'ov':
      return arrayOperator(actual, operator, text);
  }
  const quantified = /^(eq|like|ilike)\((any|all)\)$/.exec(operator);
  if (quantified) {
    const [, base, quantifier] = quantified;
    const results = parseList(text).map((value) => evaluateOperator(actual, base!, value));
    return quantifier === 'any' ? results.some(Boolean) : results.every(Boolean);
  }
  throw pgError('PGRST100', `unknown operator "${operator}"`);
}

function arrayOperator(actual: unknown, operator: 'cs' | 'cd' | 'ov', text: string): boolean {
  if (!Array.isArray(actual)) {
    if (typeof actual === 'object' && operator !== 'ov') {
      const other = coerce(text, actual) as Record<string, unknown>;
      const [outer, inner] = operator === 'cs' ? [actual as Record<string, unknown>, other] : [other, actual as Row];
      return Object.entries(inner).every(([key, value]) => JSON.stringify(outer[key]) === JSON.stringify(value));
    }
    throw pgError('42883', `operator does not exist: ${typeof actual} @> unknown`);
  }
  const other = coerce(text, actual) as unknown[];
  const has = (list: unknown[], value: unknown) => list.some((item) => sameValue(item, value));
  if (operator === 'cs') return other.every((value) => has(actual, value));
  if (operator === 'cd') return actual.every((value) => has(other, value));
  return other.some((value) => has(actual, value));
}

type Row = Record<string, unknown>;

/** Whether the row passes the condition (null: unknown, which a WHERE treats as false). */
export function evaluateCondition(row: Row, condition: Condition): Truth {
  if (condition.kind === 'filter') {
    const value = followJsonPath(row[condition.column] ?? null, condition.jsonPath);
    const result = evaluateOperator(value, condition.operator, condition.value);
    return condition.negate ? not(result) : result;
  }
  const results = condition.children.map((child) => evaluateCondition(row, child));
  const combined =
    condition.operator === 'and'
      ? results.includes(false)
        ? false
        : results.includes(null)
          ? null
          : true
      : results.includes(true)
        ? true
        : results.includes(null)
          ? null
          : false;
  return condition.negate ? not(combined) : combined;
}

const not = (truth: Truth): Truth => (truth === null ? null : !truth);

/** Sorts a copy by the ORDER BY terms; nulls last ascending and first descending, unless told. */
export function sortRows<R extends Row>(
  rows: readonly R[],
  terms: readonly { column: string; jsonPath: readonly JsonStep[]; descending: boolean; nulls?: 'first' | 'last' }[],
): R[] {
  if (terms.length === 0) return [...rows];
  return [...rows].sort((a, b) => {
    for (const term of terms) {
      const x = followJsonPath(a[term.column] ?? null, term.jsonPath);
      const y = followJsonPath(b[term.column] ?? null, term.jsonPath);
      const nullsFirst = term.nulls ? term.nulls === 'first' : term.descending;
      if (x === null || y === null) {
        if (x === y) continue;
        return (x === null) === nullsFirst ? -1 : 1;
      }
      const order = compareValues(x, y);
      if (order !== 0) return term.descending ? -order : order;
    }
    return 0;
  });
}
