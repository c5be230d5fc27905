import { RestError, columnNotFound, parseError } from './errors.ts';
import {
  parseField,
  parseFilter,
  parseList,
  parseLogicTree,
  parseOrder,
  parseSelect,
  type Condition,
  type Field,
  type OrderTerm,
  type SelectItem,
} from './parse.ts';
import type { ForeignKey, Relation, SchemaCache } from './schema-cache.ts';

/** Positional parameters: every value from the request is bound, never spliced into SQL. */
export class Params {
  readonly values: (string | null)[] = [];
  add(value: string | null): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface ReadNode {
  relation: Relation;
  /** SQL alias of this level: t0 for the root, t1… for embeds. */
  alias: string;
  items: SelectItem[];
  conditions: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  children: EmbedNode[];
}

export interface EmbedNode extends ReadNode {
  outputName: string;
  foreignKey: ForeignKey;
  /** many-to-one: this row holds the key (object or null); one-to-many: the child does (array). */
  cardinality: 'many-to-one' | 'one-to-many';
  joinType: 'left' | 'inner';
  spread: boolean;
}

const ROOT_PARAMETERS = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'apikey']);

/** How many levels of embeds `items` nest (0: none). */
function embedDepth(items: SelectItem[]): number {
  let deepest = 0;
  for (const item of items) if (item.kind === 'embed') deepest = Math.max(deepest, 1 + embedDepth(item.items));
  return deepest;
}

/**
 * Each level of embeds multiplies the rows a read visits (payments → invoices → payments → … read
 * every payment of every invoice of every payment): past `maxDepth` levels a select is refused
 * before it reaches the database. The limit is this gateway's own (PostgREST has none): 54001,
 * Postgres' "statement too complex", names it, and 413 says the request was too large.
 */
export function tooDeeplyEmbedded(depth: number, maxDepth: number): RestError {
  return new RestError(
    413,
    '54001',
    'The select embeds resources too deeply',
    `The select nests embedded resources ${depth} levels deep; at most ${maxDepth} are allowed.`,
    'Embed fewer levels, or read the deeper resources in a request of their own.',
  );
}

/** Builds the tree of what a request reads: the root relation, its embeds, and where each filter goes. */
export class ReadPlanner {
  private aliasCount = 0;

  constructor(
    private readonly schema: SchemaCache,
    private readonly maxEmbedDepth = Infinity,
  ) {}

  root(relation: Relation, select: string | undefined): ReadNode {
    const items = parseSelect(select ?? '*');
    const depth = embedDepth(items);
    if (depth > this.maxEmbedDepth) throw tooDeeplyEmbedded(depth, this.maxEmbedDepth);
    return this.node(relation, items);
  }

  private node(relation: Relation, items: SelectItem[]): ReadNode {
    const node: ReadNode = {
      relation,
      alias: `t${this.aliasCount++}`,
      items,
      conditions: [],
      order: [],
      children: [],
    };
    for (const item of items) {
      if (item.kind === 'column') requireColumn(relation, item.field.column);
      if (item.kind !== 'embed') continue;
      const { target, foreignKey, cardinality } = this.relationship(relation, item.name, item.hint);
      const child = this.node(target, item.items.length > 0 ? item.items : [{ kind: 'star' }]);
      if (item.spread && cardinality === 'one-to-many') {
        throw new RestError(
          400,
          'PGRST119',
          `A spread operation on '${item.name}' is not possible`,
          "'" + relation.name + "' and '" + item.name + "' do not form a many-to-one or one-to-one relationship",
        );
      }
      node.children.push({
        ...child,
        outputName: item.alias ?? item.name,
        foreignKey,
        cardinality,
        joinType: item.joinType,
        spread: item.spread,
      });
    }
    return node;
  }

  /** Resolves `name!hint` from `relation` the way PostgREST does: by table, FK column or FK name. */
  private relationship(relation: Relation, name: string, hint: string | undefined) {
    type Candidate = { target: Relation; foreignKey: ForeignKey; cardinality: 'many-to-one' | 'one-to-many' };
    const candidates: Candidate[] = [];
    for (const fk of this.schema.foreignKeys) {
      if (fk.table === relation.name) {
        const target = this.schema.relations.get(fk.referencedTable);
        const byName =
          fk.referencedTable === name || fk.name === name || (fk.columns.length === 1 && fk.columns[0] === name);
        if (target && byName && matchesHint(fk, fk.columns, hint))
          candidates.push({ target, foreignKey: fk, cardinality: 'many-to-one' });
      }
      if (fk.referencedTable === relation.name) {
        const target = this.schema.relations.get(fk.table);
        const byName = fk.table === name || fk.name === name;
        if (target && byName && matchesHint(fk, fk.columns, hint))
          candidates.push({ target, foreignKey: fk, cardinality: 'one-to-many' });
      }
    }
    if (candidates.length === 0) {
      throw new RestError(
        400,
        'PGRST200',
        `Could not find a relationship between '${relation.name}' and '${name}' in the schema cache`,
        `Searched for a foreign key relationship between '${relation.name}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema 'public', but no matches were found.`,
      );
    }
    if (candidates.length > 1) {
      throw new RestError(
        300,
        'PGRST201',
        `Could not embed because more than one relationship was found for '${relation.name}' and '${name}'`,
        JSON.stringify(
          candidates.map((candidate) => ({
            cardinality: candidate.cardinality,
            embedding: `${relation.name} with ${candidate.target.name}`,
            relationship: `${candidate.foreignKey.name} using ${candidate.foreignKey.table}(${candidate.foreignKey.columns.join(', ')}) and ${candidate.foreignKey.referencedTable}(${candidate.foreignKey.referencedColumns.join(', ')})`,
          })),
        ),
        `Try changing '${name}' to one of the following: ${candidates.map((c) => `'${name}!${c.foreignKey.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
      );
    }
    return candidates[0]!;
  }

  /**
   * Spreads the query string over the tree: `col=op.val` filters the root, `embed.col=…`
   * an embed, and `order`/`limit`/`offset`/`or`/`and` apply at the level they are prefixed with.
   */
  applyQuery(root: ReadNode, query: URLSearchParams, options: { skip?: Set<string> } = {}) {
    for (const [key, value] of query) {
      if (options.skip?.has(key)) continue;
      const segments = key.split('.');
      let last = segments.pop()!;
      let negateLogic = false;
      if ((last === 'or' || last === 'and') && segments[segments.length - 1] === 'not') {
        segments.pop();
        negateLogic = true;
      }
      if (
        segments.length === 0 &&
        ROOT_PARAMETERS.has(last) &&
        last !== 'order' &&
        last !== 'limit' &&
        last !== 'offset'
      )
        continue;
      const node = this.findNode(root, segments);
      switch (last) {
        case 'or':
        case 'and':
          node.conditions.push(parseLogicTree(last, negateLogic, value));
          checkConditionColumns(node.relation, node.conditions[node.conditions.length - 1]!);
          break;
        case 'order':
          node.order = parseOrder(value);
          for (const term of node.order) requireColumn(node.relation, term.field.column);
          break;
        case 'limit':
          node.limit = nonNegativeInteger(value, 'limit');
          break;
        case 'offset':
          node.offset = nonNegativeInteger(value, 'offset');
          break;
        default: {
          if (segments.length > 0 && negateLogic) last = `not.${last}`;
          const field = parseField(last);
          requireColumn(node.relation, field.column);
          node.conditions.push(parseFilter(field, value));
        }
      }
    }
  }

  private findNode(root: ReadNode, path: string[]): ReadNode {
    let node = root;
    for (const name of path) {
      const child = node.children.find((candidate) => candidate.outputName === name);
      if (!child) {
        throw new RestError(
          400,
          'PGRST108',
          `'${name}' is not an embedded resource in this request`,
          null,
          `Verify that '${name}' is included in the 'select' query parameter.`,
        );
      }
      node = child;
    }
    return node;
  }
}

function matchesHint(fk: ForeignKey, columns: string[], hint: string | undefined) {
  return !hint || fk.name === hint || columns.includes(hint);
}

function nonNegativeInteger(value: string, what: string): number {
  if (!/^\d+$/.test(value))
    throw parseError(`"failed to parse ${what} (${value})" (line 1, column 1)`, 'expecting a non-negative integer');
  return Number(value);
}

export function requireColumn(relation: Relation, column: string) {
  if (!relation.columns.has(column)) throw columnNotFound(relation.name, column);
}

function checkConditionColumns(relation: Relation, condition: Condition) {
  if (condition.kind === 'filter') requireColumn(relation, condition.field.column);
  else condition.children.forEach((child) => checkConditionColumns(relation, child));
}

// ---------------------------------------------------------------------------
// SQL
// ---------------------------------------------------------------------------

function fieldExpression(alias: string, field: Field, params: Params): string {
  let sql = `${alias}.${ident(field.column)}`;
  for (const step of field.jsonPath) {
    sql += /^-?\d+$/.test(step.key) ? `${step.arrow}${Number(step.key)}` : `${step.arrow}${params.add(step.key)}::text`;
  }
  return sql;
}

function fieldType(relation: Relation, field: Field): string {
  const last = field.jsonPath[field.jsonPath.length - 1];
  if (last) return last.arrow === '->>' ? 'text' : 'jsonb';
  return relation.columns.get(field.column)!.type;
}

/** A Postgres array literal, each element quoted. */
function arrayLiteral(values: string[]): string {
  return `{${values.map((value) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

const COMPARISON: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

function conditionSql(node: ReadNode, condition: Condition, params: Params): string {
  if (condition.kind === 'logic') {
    const joined = condition.children.map((child) => conditionSql(node, child, params)).join(` ${condition.op} `);
    const sql = `(${joined || (condition.op === 'and' ? 'true' : 'false')})`;
    return condition.negate ? `not ${sql}` : sql;
  }
  const expression = fieldExpression(node.alias, condition.field, params);
  const type = fieldType(node.relation, condition.field);
  const { operator, value } = condition;
  let sql: string;
  if (operator in COMPARISON) {
    const literal = operator === 'ov' && value.startsWith('(') ? arrayLiteral(parseList(value)) : value;
    sql = `${expression} ${COMPARISON[operator]} ${params.add(literal)}::${type}`;
  } else if (operator === 'like' || operator === 'ilike') {
    sql = `${expression}::text ${operator} ${params.add(value.replace(/\*/g, '%'))}`;
  } else if (operator === 'match' || operator === 'imatch') {
    sql = `${expression}::text ${operator === 'match' ? '~' : '~*'} ${params.add(value)}`;
  } else if (operator === 'is') {
    const keyword = { null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' }[
      value.toLowerCase()
    ];
    if (!keyword)
      throw parseError(
        `"failed to parse filter (is.${value})" (line 1, column 4)`,
        'expecting null, not_null, true, false or unknown',
      );
    sql = `${expression} is ${keyword}`;
  } else if (operator === 'isdistinct') {
    sql = `${expression} is distinct from ${params.add(value)}::${type}`;
  } else if (operator === 'in') {
    sql = `${expression} = any(${params.add(arrayLiteral(parseList(value)))}::${type}[])`;
  } else if (operator.endsWith('(any)') || operator.endsWith('(all)')) {
    const base = operator.slice(0, -5);
    const quantifier = operator.endsWith('(any)') ? 'any' : 'all';
    const items = value.startsWith('{') ? parseList(`(${value.slice(1, -1)})`) : parseList(value);
    const list = params.add(arrayLiteral(items));
    sql =
      base === 'eq'
        ? `${expression} = ${quantifier}(${list}::${type}[])`
        : `${expression}::text ${base} ${quantifier}(array(select replace(v, '*', '%') from unnest(${list}::text[]) v))`;
  } else {
    // Full-text search: plfts/phfts/wfts pick the tsquery parser.
    const parser = {
      fts: 'to_tsquery',
      plfts: 'plainto_tsquery',
      phfts: 'phraseto_tsquery',
      wfts: 'websearch_to_tsquery',
    }[operator]!;
    const language = condition.language ? `${params.add(condition.language)}::regconfig, ` : '';
    const vector = type === 'tsvector' ? expression : `to_tsvector(${language}${expression}::text)`;
    sql = `${vector} @@ ${parser}(${language}${params.add(value)})`;
  }
  return condition.negate ? `not (${sql})` : sql;
}

function joinCondition(parent: ReadNode, child: EmbedNode): string {
  const fk = child.foreignKey;
  const [parentColumns, childColumns] =
    child.cardinality === 'many-to-one' ? [fk.columns, fk.referencedColumns] : [fk.referencedColumns, fk.columns];
  return parentColumns
    .map((column, index) => `${child.alias}.${ident(childColumns[index]!)} = ${parent.alias}.${ident(column)}`)
    .join(' and ');
}

/** The filters of a level, plus `exists` for each `!inner` embed below it. */
export function whereConditions(node: ReadNode, params: Params): string[] {
  const conditions = node.conditions.map((condition) => conditionSql(node, condition, params));
  for (const child of node.children) {
    if (child.joinType !== 'inner') continue;
    const inner = [joinCondition(node, child), ...whereConditions(child, params)];
    conditions.push(
      `exists (select 1 from public.${ident(child.relation.name)} as ${child.alias} where ${inner.join(' and ')})`,
    );
  }
  return conditions;
}

export function orderSql(node: ReadNode, params: Params): string {
  if (node.order.length === 0) return '';
  const terms = node.order.map((term) => {
    let sql = fieldExpression(node.alias, term.field, params);
    if (term.direction) sql += ` ${term.direction}`;
    if (term.nulls) sql += ` nulls ${term.nulls}`;
    return sql;
  });
  return ` order by ${terms.join(', ')}`;
}

export function pagingSql(node: Pick<ReadNode, 'limit' | 'offset'>): string {
  let sql = '';
  if (node.limit !== undefined) sql += ` limit ${node.limit}`;
  if (node.offset !== undefined && node.offset > 0) sql += ` offset ${node.offset}`;
  return sql;
}

/** The select list of one level, embeds included as correlated subqueries. */
export function selectList(node: ReadNode, params: Params): string {
  const parts: string[] = [];
  let embedIndex = 0;
  for (const item of node.items) {
    if (item.kind === 'star') {
      parts.push(...node.relation.columnOrder.map((column) => `${node.alias}.${ident(column)}`));
    } else if (item.kind === 'column') {
      let sql = fieldExpression(node.alias, item.field, params);
      if (item.cast) sql = `(${sql})::${item.cast}`;
      const name = item.alias ?? item.field.jsonPath[item.field.jsonPath.length - 1]?.key ?? item.field.column;
      parts.push(`${sql} as ${ident(name)}`);
    } else {
      const child = node.children[embedIndex++]!;
      parts.push(...embedSql(node, child, params));
    }
  }
  return parts.length > 0 ? parts.join(', ') : 'null as "_"';
}

function embedSql(parent: ReadNode, child: EmbedNode, params: Params): string[] {
  const where = [joinCondition(parent, child), ...whereConditions(child, params)].join(' and ');
  const from = `from public.${ident(child.relation.name)} as ${child.alias} where ${where}`;
  if (child.spread) {
    const list = selectList(child, params);
    return [`(select row_to_json(_s) from (select ${list} ${from} limit 1) _s) as ${ident(`_spread_${child.alias}`)}`];
  }
  const inner = `select ${selectList(child, params)} ${from}${orderSql(child, params)}${pagingSql(child)}`;
  if (child.cardinality === 'many-to-one') {
    return [`(select row_to_json(_e) from (${inner}) _e limit 1) as ${ident(child.outputName)}`];
  }
  return [`coalesce((select json_agg(_e) from (${inner}) _e), '[]'::json) as ${ident(child.outputName)}`];
}

/** Spread embeds come back as `_spread_tN` objects; lift their keys into the row. */
export function hasSpread(node: ReadNode): boolean {
  return node.children.some((child) => child.spread || hasSpread(child));
}

export function liftSpreads(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith('_spread_')) Object.assign(out, value ?? {});
    else out[key] = liftNested(value);
  }
  return out;
}

function liftNested(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(liftNested);
  if (value && typeof value === 'object') return liftSpreads(value as Record<string, unknown>);
  return value;
}
