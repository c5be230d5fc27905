/**
 * Reading PostgREST's URL grammar: `select` (columns, aliases, casts, JSON paths, embeds with
 * hints, `!inner`, spreads), filters (`[not.]op.value`), logic trees (`or=(…)`, `and=(…)`, nested)
 * and `order`. Parse errors are PostgREST's PGRST100 answers.
 */
import { parseError } from '../errors';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; column: string; jsonPath: JsonStep[]; alias?: string; cast?: string }
  | {
      kind: 'embed';
      name: string;
      alias?: string;
      hint?: string;
      inner: boolean;
      spread: boolean;
      items: SelectItem[];
    };

export type EmbedItem = Extract<SelectItem, { kind: 'embed' }>;

export type Condition =
  | { kind: 'filter'; column: string; jsonPath: JsonStep[]; negate: boolean; operator: string; value: string }
  | { kind: 'logic'; operator: 'and' | 'or'; negate: boolean; children: Condition[] };

export interface OrderTerm {
  column: string;
  jsonPath: JsonStep[];
  descending: boolean;
  nulls?: 'first' | 'last';
}

/** Operators the mock evaluates; PostgREST's others (full-text search, ranges) are refused loudly. */
export const SUPPORTED_OPERATORS = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'like(any)',
  'like(all)',
  'ilike(any)',
  'ilike(all)',
  'eq(any)',
  'eq(all)',
]);

const POSTGREST_ONLY_OPERATORS = new Set(['fts', 'plfts', 'phfts', 'wfts', 'sl', 'sr', 'nxr', 'nxl', 'adj']);

export class UnsupportedByMock extends Error {
  constructor(what: string) {
    super(`the PostgREST mock does not support ${what}; extend src/testing/mocks/postgrest`);
    this.name = 'UnsupportedByMock';
  }
}

/** Drops whitespace outside double quotes, as PostgREST does for `select`. */
function stripWhitespace(text: string): string {
  let out = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '"' && text[index - 1] !== '\\') quoted = !quoted;
    if (!quoted && /\s/.test(char)) continue;
    out += char;
  }
  return out;
}

class Cursor {
  index = 0;

  constructor(
    readonly text: string,
    readonly what: string,
  ) {}

  get done() {
    return this.index >= this.text.length;
  }

  peek(length = 1) {
    return this.text.slice(this.index, this.index + length);
  }

  fail(expected: string): never {
    const found = this.done ? 'end of input' : `"${this.text[this.index]}"`;
    throw parseError(
      `"failed to parse ${this.what} (${this.text})" (line 1, column ${this.index + 1})`,
      `unexpected ${found} expecting ${expected}`,
    );
  }

  expect(token: string) {
    if (this.peek(token.length) !== token) this.fail(`"${token}"`);
    this.index += token.length;
  }

  /** A name, double-quoted or bare up to one of `stops`, an arrow or a cast. */
  name(stops: string): string {
    if (this.peek() === '"') return this.quoted();
    const start = this.index;
    while (!this.done) {
      if (stops.includes(this.peek()) || this.peek(2) === '->' || this.peek(2) === '::') break;
      this.index++;
    }
    if (this.index === start) this.fail('a name');
    return this.text.slice(start, this.index);
  }

  quoted(): string {
    this.expect('"');
    let out = '';
    while (!this.done && this.peek() !== '"') {
      if (this.peek() === '\\') this.index++;
      out += this.text[this.index++];
    }
    this.expect('"');
    return out;
  }

  jsonPath(stops: string): JsonStep[] {
    const path: JsonStep[] = [];
    while (this.peek(2) === '->') {
      const arrow = this.peek(3) === '->>' ? '->>' : '->';
      this.index += arrow.length;
      path.push({ arrow, key: this.name(stops) });
    }
    return path;
  }
}

export function parseSelect(text: string | null): SelectItem[] {
  const cursor = new Cursor(stripWhitespace(text ?? '*'), 'select');
  if (cursor.text === '') return [{ kind: 'star' }];
  const items = parseSelectList(cursor);
  if (!cursor.done) cursor.fail('"," or end of input');
  return items;
}

function parseSelectList(cursor: Cursor): SelectItem[] {
  const items = [parseSelectItem(cursor)];
  while (cursor.peek() === ',') {
    cursor.index++;
    items.push(parseSelectItem(cursor));
  }
  return items;
}

function parseSelectItem(cursor: Cursor): SelectItem {
  if (cursor.peek() === '*') {
    cursor.index++;
    return { kind: 'star' };
  }
  const spread = cursor.peek(3) === '...';
  if (spread) cursor.index += 3;
  const stops = ',()!:';
  let alias: string | undefined;
  let name = cursor.name(stops);
  if (cursor.peek() === ':' && cursor.peek(2) !== '::') {
    cursor.index++;
    alias = name;
    name = cursor.name(stops);
  }
  let hint: string | undefined;
  let inner = false;
  while (cursor.peek() === '!') {
    cursor.index++;
    const word = cursor.name(stops);
    if (word === 'inner') inner = true;
    else if (word !== 'left') hint = word;
  }
  if (cursor.peek() === '(') {
    cursor.index++;
    const items = cursor.peek() === ')' ? [] : parseSelectList(cursor);
    cursor.expect(')');
    if (name === 'count' && items.length === 0) throw new UnsupportedByMock('aggregate functions (count())');
    return { kind: 'embed', name, alias, hint, inner, spread, items };
  }
  if (spread || hint || inner) cursor.fail('"("');
  const jsonPath = cursor.jsonPath(stops);
  let cast: string | undefined;
  if (cursor.peek(2) === '::') {
    cursor.index += 2;
    cast = cursor.name(',()');
  }
  return { kind: 'column', column: name, jsonPath, alias, cast };
}

/** A column with an optional JSON path, as in a filter's key (`data->>kind`). */
export function parseField(text: string): { column: string; jsonPath: JsonStep[] } {
  const cursor = new Cursor(text, 'field');
  const column = cursor.name('');
  const jsonPath = cursor.jsonPath('');
  if (!cursor.done) cursor.fail('end of input');
  return { column, jsonPath };
}

/** `[not.]op.value` for one column, as in `?name=ilike.*ana*`. */
export function parseFilter(field: { column: string; jsonPath: JsonStep[] }, expression: string): Condition {
  let rest = expression;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot < 0)
    throw parseError(
      `"failed to parse filter (${expression})" (line 1, column 1)`,
      'unexpected end of input expecting operator',
    );
  const operator = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  const bare = operator.replace(/\(.*\)$/, '');
  if (POSTGREST_ONLY_OPERATORS.has(bare)) throw new UnsupportedByMock(`the "${operator}" operator`);
  if (!SUPPORTED_OPERATORS.has(operator))
    throw parseError(`"failed to parse filter (${expression})" (line 1, column 1)`, `unknown operator "${operator}"`);
  return { kind: 'filter', ...field, negate, operator, value };
}

/** `(a.eq.1,or(b.gt.2,c.is.null))`, the value of `or=` / `and=`. */
export function parseLogicTree(operator: 'and' | 'or', negate: boolean, text: string): Condition {
  if (!text.startsWith('(') || !text.endsWith(')'))
    throw parseError(`"failed to parse logic tree (${text})" (line 1, column 1)`, 'unexpected input expecting "("');
  return { kind: 'logic', operator, negate, children: splitTopLevel(text.slice(1, -1)).map(parseLogicItem) };
}

function parseLogicItem(item: string): Condition {
  const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(item);
  if (nested) return parseLogicTree(nested[2] as 'and' | 'or', Boolean(nested[1]), nested[3]!);
  const cursor = new Cursor(item, 'logic tree');
  const column = cursor.name('.');
  const jsonPath = cursor.jsonPath('.');
  cursor.expect('.');
  const filter = parseFilter({ column, jsonPath }, item.slice(cursor.index));
  // Inside a logic tree a value holding `,` `(` `)` is double-quoted: `name.ilike."*a,b*"`.
  if (filter.kind === 'filter' && filter.operator !== 'in') filter.value = unquote(filter.value);
  return filter;
}

/** Splits on commas outside parentheses and double quotes. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '\\' && quoted) {
      current += char + (text[index + 1] ?? '');
      index++;
      continue;
    }
    if (char === '"') quoted = !quoted;
    if (!quoted && char === '(') depth++;
    if (!quoted && char === ')') depth--;
    if (!quoted && depth === 0 && char === ',') {
      parts.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  if (depth !== 0 || quoted)
    throw parseError(`"failed to parse logic tree (${text})"`, 'unbalanced parentheses or quotes');
  parts.push(current);
  return parts.filter((part) => part !== '');
}

/** `(a,b,"c,d")` or `{a,b}` → ['a', 'b', 'c,d']. */
export function parseList(text: string): string[] {
  const open = text[0];
  const close = open === '(' ? ')' : open === '{' ? '}' : undefined;
  if (!close || !text.endsWith(close))
    throw parseError(`"failed to parse list (${text})" (line 1, column 1)`, 'unexpected input expecting "("');
  return splitTopLevel(text.slice(1, -1)).map(unquote);
}

export function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"'))
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  return value;
}

export function parseOrder(text: string): OrderTerm[] {
  return splitTopLevel(text).map((term) => {
    const cursor = new Cursor(term, 'order');
    const column = cursor.name('.(');
    if (cursor.peek() === '(') throw new UnsupportedByMock(`ordering by an embedded resource (${term})`);
    const jsonPath = cursor.jsonPath('.');
    const order: OrderTerm = { column, jsonPath, descending: false };
    while (cursor.peek() === '.') {
      cursor.index++;
      const word = cursor.name('.');
      if (word === 'asc' || word === 'desc') order.descending = word === 'desc';
      else if (word === 'nullsfirst') order.nulls = 'first';
      else if (word === 'nullslast') order.nulls = 'last';
      else
        throw parseError(
          `"failed to parse order (${text})" (line 1, column ${cursor.index})`,
          `unexpected "${word}" expecting "asc", "desc", "nullsfirst" or "nullslast"`,
        );
    }
    if (!cursor.done) cursor.fail('"," or end of input');
    return order;
  });
}
