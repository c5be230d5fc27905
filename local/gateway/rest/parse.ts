import { parseError } from './errors.ts';

/** `col->a->>b`: a column with an optional JSON path. */
export interface Field {
  column: string;
  jsonPath: { arrow: '->' | '->>'; key: string }[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; field: Field; alias?: string; cast?: string }
  | {
      kind: 'embed';
      name: string;
      alias?: string;
      hint?: string;
      joinType: 'left' | 'inner';
      spread: boolean;
      items: SelectItem[];
    };

export type Condition =
  | { kind: 'filter'; field: Field; negate: boolean; operator: string; value: string; language?: string }
  | { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: Condition[] };

export interface OrderTerm {
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export const FILTER_OPERATORS = new Set([
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
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'like(any)',
  'like(all)',
  'ilike(any)',
  'ilike(all)',
  'eq(any)',
  'eq(all)',
]);

/** Removes whitespace outside double quotes, as PostgREST does for `select`. */
function stripWhitespace(text: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"' && text[i - 1] !== '\\') quoted = !quoted;
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
  /** An identifier, double-quoted or bare up to one of `stops` or an arrow / cast. */
  name(stops: string): string {
    if (this.peek() === '"') return this.quoted();
    const start = this.index;
    while (!this.done) {
      const char = this.peek();
      if (stops.includes(char) || this.peek(2) === '->' || this.peek(2) === '::') break;
      this.index++;
    }
    if (this.index === start) this.fail('field name');
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
}

function parseJsonPath(cursor: Cursor, stops: string): Field['jsonPath'] {
  const path: Field['jsonPath'] = [];
  while (cursor.peek(2) === '->') {
    const arrow = cursor.peek(3) === '->>' ? '->>' : '->';
    cursor.index += arrow.length;
    path.push({ arrow, key: cursor.name(stops) });
  }
  return path;
}

export function parseSelect(text: string): SelectItem[] {
  const cursor = new Cursor(stripWhitespace(text), 'select');
  if (cursor.text === '') return [{ kind: 'star' }];
  const items = parseSelectList(cursor);
  if (!cursor.done) cursor.fail('"," or end of input');
  return items;
}

function parseSelectList(cursor: Cursor): SelectItem[] {
  const items: SelectItem[] = [parseSelectItem(cursor)];
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
  let joinType: 'left' | 'inner' = 'left';
  while (cursor.peek() === '!') {
    cursor.index++;
    const word = cursor.name(stops);
    if (word === 'inner' || word === 'left') joinType = word;
    else hint = word;
  }
  if (cursor.peek() === '(') {
    cursor.index++;
    const items = cursor.peek() === ')' ? [] : parseSelectList(cursor);
    cursor.expect(')');
    return { kind: 'embed', name, alias, hint, joinType, spread, items };
  }
  if (spread || hint) cursor.fail('"("');
  const jsonPath = parseJsonPath(cursor, ',()!:');
  let cast: string | undefined;
  if (cursor.peek(2) === '::') {
    cursor.index += 2;
    cast = cursor.name(',()');
    if (!/^[a-z_][a-z0-9_ ]*(\[\])?$/i.test(cast)) throw parseError(`Invalid cast type "${cast}"`);
  }
  return { kind: 'column', field: { column: name, jsonPath }, alias, cast };
}

export function parseField(text: string): Field {
  const cursor = new Cursor(text, 'field');
  const column = cursor.name('');
  const jsonPath = parseJsonPath(cursor, '');
  if (!cursor.done) cursor.fail('end of input');
  return { column, jsonPath };
}

/** `[not.]op[(lang)].value` for one column, as in `?name=ilike.*ana*`. */
export function parseFilter(field: Field, expression: string): Condition {
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
  let operator = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  let language: string | undefined;
  const fts = /^(fts|plfts|phfts|wfts)\(([a-z_]+)\)$/i.exec(operator);
  if (fts) {
    operator = fts[1]!;
    language = fts[2]!;
  }
  if (!FILTER_OPERATORS.has(operator)) {
    throw parseError(`"failed to parse filter (${expression})" (line 1, column 1)`, `unknown operator "${operator}"`);
  }
  return { kind: 'filter', field, negate, operator, value, language };
}

/** `(a.eq.1,or(b.gt.2,c.is.null))` as given to `or=` / `and=`. */
export function parseLogicTree(op: 'and' | 'or', negate: boolean, text: string): Condition {
  if (!text.startsWith('(') || !text.endsWith(')')) {
    throw parseError(`"failed to parse logic tree (${text})" (line 1, column 1)`, 'unexpected input expecting "("');
  }
  return { kind: 'logic', op, negate, children: splitTopLevel(text.slice(1, -1)).map(parseLogicItem) };
}

function parseLogicItem(item: string): Condition {
  const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(item);
  if (nested) return parseLogicTree(nested[2] as 'and' | 'or', Boolean(nested[1]), nested[3]!);
  const cursor = new Cursor(item, 'filter');
  const column = cursor.name('.');
  const jsonPath = parseJsonPath(cursor, '.');
  cursor.expect('.');
  const filter = parseFilter({ column, jsonPath }, item.slice(cursor.index));
  // Inside a logic tree a value holding `,` `(` `)` is double-quoted, as in `name.ilike."%a,b%"`.
  if (filter.kind === 'filter' && filter.operator !== 'in') filter.value = unquote(filter.value);
  return filter;
}

/** Splits on commas outside parentheses and double quotes. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\\' && quoted) {
      current += char + (text[i + 1] ?? '');
      i++;
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

/** `(a,b,"c,d")` → ['a', 'b', 'c,d'], for `in` and the `(any)` operators. */
export function parseList(text: string): string[] {
  if (!text.startsWith('(') || !text.endsWith(')')) {
    throw parseError(`"failed to parse filter (in.${text})" (line 1, column 4)`, 'unexpected input expecting "("');
  }
  return splitTopLevel(text.slice(1, -1)).map(unquote);
}

export function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

export function parseOrder(text: string): OrderTerm[] {
  return splitTopLevel(text).map((term) => {
    const cursor = new Cursor(term, 'order');
    const column = cursor.name('.');
    const jsonPath = parseJsonPath(cursor, '.');
    const order: OrderTerm = { field: { column, jsonPath } };
    while (cursor.peek() === '.') {
      cursor.index++;
      const word = cursor.name('.');
      if (word === 'asc' || word === 'desc') order.direction = word;
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

/** `columns="a","b"` of an insert. */
export function parseColumnList(text: string): string[] {
  return splitTopLevel(stripWhitespace(text)).map(unquote);
}
