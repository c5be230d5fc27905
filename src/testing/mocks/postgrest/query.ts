/**
 * A read as PostgREST runs it, over rows in memory: the query string becomes a plan (filters,
 * order, limit/offset per level, embeds resolved through the declared relationships), and the
 * plan selects, joins and shapes rows.
 */
import { columnNotFound, pgError } from '../errors';
import { columnsOf, foreignKeyName, relationships, type Row, sampleRowOf, type TableName } from '../schema';
import {
  type Condition,
  type EmbedItem,
  type OrderTerm,
  parseField,
  parseFilter,
  parseLogicTree,
  parseList,
  parseOrder,
  parseSelect,
  type SelectItem,
  UnsupportedByMock,
} from './parse';
import { coerce, evaluateCondition, followJsonPath, sortRows } from './values';

export interface Plan {
  /** The table read, or null for rows a function returned. */
  table: TableName | null;
  items: SelectItem[];
  where: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  embeds: Map<string, Embed>;
}

export interface Embed {
  key: string;
  item: EmbedItem;
  target: TableName;
  toOne: boolean;
  /** parent[localColumn] = child[remoteColumn] */
  localColumn: string;
  remoteColumn: string;
  plan: Plan;
}

/** Parameters that are not filters at the top level. */
const RESERVED = new Set(['select', 'columns', 'on_conflict']);

export function buildPlan(
  table: TableName | null,
  params: URLSearchParams,
  ignore: ReadonlySet<string> = RESERVED,
): Plan {
  const root = planFor(table, parseSelect(params.get('select')));
  for (const [key, value] of params) {
    if (ignore.has(key) || RESERVED.has(key)) continue;
    const path = key.split('.');
    const last = path.pop()!;
    let negate = false;
    if ((last === 'or' || last === 'and') && path.at(-1) === 'not') {
      path.pop();
      negate = true;
    }
    const node = path.reduce((plan, segment) => {
      const embed = plan.embeds.get(segment);
      if (!embed)
        throw pgError('PGRST108', `'${segment}' is not an embedded resource in this request`, {
          hint: `Verify that '${segment}' is included in the 'select' query parameter.`,
        });
      return embed.plan;
    }, root);
    if (last === 'order') node.order = parseOrder(value);
    else if (last === 'limit') node.limit = nonNegative(key, value);
    else if (last === 'offset') node.offset = nonNegative(key, value);
    else if (last === 'or' || last === 'and') node.where.push(parseLogicTree(last, negate, value));
    else node.where.push(parseFilter(parseField(last), value));
  }
  validate(root);
  return root;
}

function nonNegative(key: string, value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0)
    throw pgError('PGRST100', `"failed to parse ${key} (${value})"`, { details: 'expecting a non-negative integer' });
  return number;
}

function planFor(table: TableName | null, items: SelectItem[]): Plan {
  const plan: Plan = { table, items, where: [], order: [], embeds: new Map() };
  for (const item of items) {
    if (item.kind !== 'embed') continue;
    if (table === null) throw new UnsupportedByMock('embedding into the rows a function returns');
    const key = item.alias ?? item.name;
    const link = resolveRelationship(table, item);
    plan.embeds.set(key, { key, item, ...link, plan: planFor(link.target, item.items) });
  }
  return plan;
}

function resolveRelationship(parent: TableName, item: EmbedItem) {
  let candidates = relationships.flatMap((relationship) => {
    const found = [];
    if (relationship.table === parent && (relationship.references === item.name || relationship.column === item.name))
      found.push({
        relationship,
        target: relationship.references,
        toOne: true,
        localColumn: relationship.column,
        remoteColumn: 'id',
      });
    if (relationship.references === parent && relationship.table === item.name)
      found.push({
        relationship,
        target: relationship.table,
        toOne: relationship.unique === true,
        localColumn: 'id',
        remoteColumn: relationship.column,
      });
    return found;
  });
  if (item.hint)
    candidates = candidates.filter(
      ({ relationship }) => relationship.column === item.hint || foreignKeyName(relationship) === item.hint,
    );
  if (candidates.length === 0)
    throw pgError(
      'PGRST200',
      `Could not find a relationship between '${parent}' and '${item.name}' in the schema cache`,
      {
        details: `Searched for a foreign key relationship between '${parent}' and '${item.name}' in the schema 'public', but no matches were found.`,
      },
    );
  if (candidates.length > 1)
    throw pgError(
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent}' and '${item.name}'`,
      {
        hint: `Try changing '${item.name}' to one of: ${candidates
          .map(({ relationship }) => `'${item.name}!${foreignKeyName(relationship)}'`)
          .join(', ')}.`,
      },
    );
  const { target, toOne, localColumn, remoteColumn } = candidates[0]!;
  return { target, toOne, localColumn, remoteColumn };
}

/** Every column a plan names must exist (42703 otherwise), as the database would insist. */
function validate(plan: Plan): void {
  if (plan.table) {
    const table = plan.table;
    const columns = columnsOf(table);
    const check = (column: string) => {
      if (!columns.includes(column)) throw columnNotFound(table, column);
    };
    for (const item of plan.items) if (item.kind === 'column') check(item.column);
    for (const term of plan.order) check(term.column);
    const sample = sampleRowOf(table);
    const visit = (condition: Condition): void => {
      if (condition.kind === 'logic') return condition.children.forEach(visit);
      check(condition.column);
      // A value the column's type cannot hold fails even when no row is there (22P02).
      const typed = sample[condition.column];
      if (typed === null || condition.jsonPath.length > 0) return;
      if (['eq', 'neq', 'gt', 'gte', 'lt', 'lte'].includes(condition.operator)) coerce(condition.value, typed);
      if (condition.operator === 'in')
        parseList(condition.value).forEach((value) => value === 'null' || coerce(value, typed));
    };
    plan.where.forEach(visit);
  }
  for (const embed of plan.embeds.values()) {
    if (embed.toOne && (embed.plan.limit !== undefined || embed.plan.offset !== undefined || embed.plan.order.length))
      throw new UnsupportedByMock(`order/limit/offset on the to-one embed '${embed.key}'`);
    validate(embed.plan);
  }
}

/** Per-request lookups of rows by a column, so embeds over 10,000 rows stay linear. */
export class ReadContext {
  readonly #indexes = new Map<string, Map<string, Row[]>>();

  constructor(readonly rowsOf: (table: TableName) => readonly Row[]) {}

  lookup(table: TableName, column: string, value: unknown): readonly Row[] {
    const id = `${table}.${column}`;
    let index = this.#indexes.get(id);
    if (!index) {
      index = new Map();
      for (const row of this.rowsOf(table)) {
        const key = indexKey(row[column]);
        const bucket = index.get(key);
        if (bucket) bucket.push(row);
        else index.set(key, [row]);
      }
      this.#indexes.set(id, index);
    }
    return index.get(indexKey(value)) ?? [];
  }
}

const indexKey = (value: unknown) => `${typeof value}:${String(value)}`;

const passes = (row: Row, where: readonly Condition[]) =>
  where.every((condition) => evaluateCondition(row, condition) === true);

/** Rows of the plan's level that pass its filters and its `!inner` embeds, in its order. */
export function selectRows(source: readonly Row[], plan: Plan, context: ReadContext): Row[] {
  const inner = [...plan.embeds.values()].filter((embed) => embed.item.inner);
  const kept = source.filter(
    (row) => passes(row, plan.where) && inner.every((embed) => related(row, embed, context).length > 0),
  );
  return sortRows(kept, plan.order);
}

/** The embedded rows of one parent row, filtered, ordered and paged as the embed's plan says. */
function related(row: Row, embed: Embed, context: ReadContext): Row[] {
  const value = row[embed.localColumn];
  if (value === null || value === undefined) return [];
  const rows = selectRows(context.lookup(embed.target, embed.remoteColumn, value), embed.plan, context);
  if (embed.toOne) return rows.slice(0, 1);
  const offset = embed.plan.offset ?? 0;
  return rows.slice(offset, embed.plan.limit === undefined ? undefined : offset + embed.plan.limit);
}

/** The row as the `select` list shapes it: columns (aliased, cast, JSON paths) and embeds. */
export function shape(row: Row, plan: Plan, context: ReadContext): Row {
  const out: Row = {};
  for (const item of plan.items) {
    if (item.kind === 'star') {
      for (const column of plan.table ? columnsOf(plan.table) : Object.keys(row)) out[column] = row[column] ?? null;
    } else if (item.kind === 'column') {
      const key = item.alias ?? item.jsonPath.at(-1)?.key ?? item.column;
      out[key] = cast(followJsonPath(row[item.column] ?? null, item.jsonPath), item.cast);
    } else {
      if (item.items.length === 0) continue;
      const embed = plan.embeds.get(item.alias ?? item.name)!;
      const rows = related(row, embed, context);
      if (item.spread) {
        if (!embed.toOne) throw new UnsupportedByMock(`spreading the to-many embed '${embed.key}'`);
        Object.assign(out, shape(rows[0] ?? {}, embed.plan, context));
      } else if (embed.toOne) out[embed.key] = rows[0] ? shape(rows[0], embed.plan, context) : null;
      else out[embed.key] = rows.map((child) => shape(child, embed.plan, context));
    }
  }
  return out;
}

function cast(value: unknown, type: string | undefined): unknown {
  if (type === undefined || value === null) return value;
  switch (type.toLowerCase()) {
    case 'text':
    case 'varchar':
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    case 'int':
    case 'int2':
    case 'int4':
    case 'int8':
    case 'integer':
    case 'smallint':
    case 'bigint':
      return Math.round(Number(value));
    case 'numeric':
    case 'float4':
    case 'float8':
    case 'real':
      return Number(value);
    case 'bool':
    case 'boolean':
      return value === true || value === 'true' || value === 't';
    case 'json':
    case 'jsonb':
      return value;
    case 'date':
      return String(value).slice(0, 10);
    default:
      throw new UnsupportedByMock(`the cast ::${type}`);
  }
}
