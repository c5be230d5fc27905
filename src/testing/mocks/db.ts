/**
 * The in-memory database behind the PostgREST mock: one array of rows per table, sequences for
 * ids, the not-null and unique rules of the schema, and per-test row checks (a test's stand-in for
 * a trigger or an exclusion constraint). Rows are never changed in place: every write swaps in a
 * new object, so a snapshot is a shallow copy and a failed request rolls back by restoring it.
 */
import { pgError, type PgError } from './errors';
import { columnsOf, notNullColumnsOf, type Row, type RowOf, specOf, type TableName, tableNames } from './schema';

/**
 * A rule a write must pass, checked on each inserted or updated row with the table as it would
 * be: return (or throw) a `pgError(…)` to refuse the write, which then changes nothing.
 */
export type RowCheck<T extends TableName> = (
  row: RowOf<T>,
  context: { operation: 'insert' | 'update'; previous?: RowOf<T>; others: readonly RowOf<T>[] },
) => PgError | void;

type Target<T extends TableName> = number | ((row: RowOf<T>) => boolean);

export interface TableHandle<T extends TableName> {
  /** Every row, in insertion order (copies: change the store through update/insert/delete). */
  all(): RowOf<T>[];
  /** The row with this id. */
  find(id: number): RowOf<T> | undefined;
  where(predicate: (row: RowOf<T>) => boolean): RowOf<T>[];
  /** Inserts as the database would (defaults, id from the sequence, not-null, unique, row checks). */
  insert(row: Partial<RowOf<T>>): RowOf<T>;
  /** Changes the row with this id, or every row the predicate accepts; returns the new rows. */
  update(target: Target<T>, changes: Partial<RowOf<T>>): RowOf<T>[];
  /** Removes rows (a hard delete, as if made elsewhere); returns them. */
  delete(target: Target<T>): RowOf<T>[];
  /** Adds a rule every later write to the table must pass, until the test ends. */
  check(rule: RowCheck<T>): void;
  /** The id the next insert without one gets (and reserves it). */
  nextId(): number;
}

export type Snapshot = Map<TableName, Row[]>;

const clone = <V>(value: V): V => structuredClone(value);
const now = () => new Date().toISOString();

class Database {
  #rows = new Map<TableName, Row[]>();
  #sequences = new Map<TableName, number>();
  #checks = new Map<TableName, RowCheck<TableName>[]>();

  constructor() {
    this.reset();
  }

  /** Empties every table, restarts the sequences and drops the row checks. */
  reset(): void {
    for (const name of tableNames) {
      this.#rows.set(name, []);
      this.#sequences.set(name, 0);
    }
    this.#checks.clear();
  }

  table<T extends TableName>(name: T): TableHandle<T> {
    const rows = () => this.rows(name) as unknown as RowOf<T>[];
    const matcher = (target: Target<T>) => (row: Row) =>
      typeof target === 'number' ? row.id === target : target(row as unknown as RowOf<T>);
    return {
      all: () => clone(rows()),
      find: (id) => clone(rows().find((row) => row.id === id)),
      where: (predicate) => clone(rows().filter(predicate)),
      insert: (row) => clone(this.transaction(() => this.insertRows(name, [row as Row])[0]!)) as unknown as RowOf<T>,
      update: (target, changes) =>
        clone(this.transaction(() => this.updateRows(name, matcher(target), changes as Row))) as unknown as RowOf<T>[],
      delete: (target) => clone(this.deleteRows(name, matcher(target))) as unknown as RowOf<T>[],
      check: (rule) => {
        this.#checks.set(name, [...(this.#checks.get(name) ?? []), rule as unknown as RowCheck<TableName>]);
      },
      nextId: () => this.nextId(name),
    };
  }

  /** The stored rows themselves (never change them: writes go through the methods below). */
  rows(name: TableName): readonly Row[] {
    return this.#rows.get(name)!;
  }

  nextId(name: TableName): number {
    const next = this.#sequences.get(name)! + 1;
    this.#sequences.set(name, next);
    return next;
  }

  /**
   * Moves the sequence past an id given explicitly. (Postgres would not, and a later insert would
   * clash with it; tests are easier to write without that trap.)
   */
  claimId(name: TableName, id: unknown): void {
    if (typeof id === 'number' && id > this.#sequences.get(name)!) this.#sequences.set(name, id);
  }

  snapshot(): Snapshot {
    return new Map([...this.#rows].map(([name, rows]) => [name, [...rows]]));
  }

  restore(snapshot: Snapshot): void {
    for (const [name, rows] of snapshot) this.#rows.set(name, [...rows]);
  }

  /** Runs `work`; if it throws, every table is as it was before. */
  transaction<V>(work: () => V): V {
    const before = this.snapshot();
    try {
      return work();
    } catch (error) {
      this.restore(before);
      throw error;
    }
  }

  /**
   * The row an insert stores: the given columns over the table's defaults (or over null for
   * `missingAs: 'null'`, PostgREST's bulk insert without `Prefer: missing=default`).
   */
  completeRow(name: TableName, given: Row, missingAs: 'default' | 'null' = 'default'): Row {
    this.assertColumns(name, given);
    const defaults = specOf(name).defaults(now()) as Row;
    const row: Row = {};
    for (const column of columnsOf(name))
      row[column] = column in given ? given[column] : missingAs === 'default' ? (defaults[column] ?? null) : null;
    if (row.id === null || row.id === undefined) row.id = this.nextId(name);
    else this.claimId(name, row.id);
    return row;
  }

  /** Stores complete rows (see completeRow) after the table's rules. */
  insertRows(name: TableName, given: readonly Row[], missingAs: 'default' | 'null' = 'default'): Row[] {
    const rows = given.map((row) => this.completeRow(name, row, missingAs));
    this.#rows.set(name, [...this.rows(name), ...rows]);
    this.validate(
      name,
      rows.map((row) => ({ row })),
      'insert',
    );
    return rows;
  }

  updateRows(name: TableName, predicate: (row: Row) => boolean, changes: Row): Row[] {
    this.assertColumns(name, changes);
    const changed: { row: Row; previous: Row }[] = [];
    const next = this.rows(name).map((row) => {
      if (!predicate(row)) return row;
      const updated = { ...row, ...changes };
      changed.push({ row: updated, previous: row });
      return updated;
    });
    this.#rows.set(name, next);
    this.validate(name, changed, 'update');
    return changed.map(({ row }) => row);
  }

  /** Replaces one stored row by another (an upsert's merge). */
  replaceRow(name: TableName, previous: Row, next: Row): void {
    this.assertColumns(name, next);
    this.#rows.set(
      name,
      this.rows(name).map((row) => (row === previous ? next : row)),
    );
    this.validate(name, [{ row: next, previous }], 'update');
  }

  deleteRows(name: TableName, predicate: (row: Row) => boolean): Row[] {
    const removed = this.rows(name).filter(predicate);
    this.#rows.set(
      name,
      this.rows(name).filter((row) => !predicate(row)),
    );
    return removed;
  }

  /** Unique keys of the table, the primary key first. */
  uniqueKeys(name: TableName): readonly (readonly string[])[] {
    return [['id'], ...((specOf(name).unique ?? []) as readonly (readonly string[])[])];
  }

  private assertColumns(name: TableName, given: Row): void {
    const columns = columnsOf(name);
    for (const column of Object.keys(given))
      if (!columns.includes(column))
        throw pgError('PGRST204', `Could not find the '${column}' column of '${name}' in the schema cache`);
  }

  /** Not null, unique keys, then the test's row checks, for rows already in place. */
  private validate(name: TableName, written: readonly { row: Row; previous?: Row }[], operation: 'insert' | 'update') {
    if (written.length === 0) return;
    for (const { row } of written)
      for (const column of notNullColumnsOf(name))
        if (row[column] === null || row[column] === undefined)
          throw pgError(
            '23502',
            `null value in column "${column}" of relation "${name}" violates not-null constraint`,
            {
              details: `Failing row contains (${columnsOf(name)
                .map((key) => String(row[key] ?? 'null'))
                .join(', ')}).`,
            },
          );
    for (const key of this.uniqueKeys(name)) {
      const seen = new Set<string>();
      for (const row of this.rows(name)) {
        if (key.some((column) => row[column] === null)) continue;
        const value = key.map((column) => keyText(row[column])).join('\u0000');
        if (!seen.has(value)) {
          seen.add(value);
          continue;
        }
        const constraint = key.length === 1 && key[0] === 'id' ? `${name}_pkey` : `${name}_${key.join('_')}_key`;
        throw pgError('23505', `duplicate key value violates unique constraint "${constraint}"`, {
          details: `Key (${key.join(', ')})=(${key.map((column) => String(row[column])).join(', ')}) already exists.`,
        });
      }
    }
    const rules = this.#checks.get(name) ?? [];
    if (rules.length === 0) return;
    for (const { row, previous } of written) {
      const others = this.rows(name).filter((candidate) => candidate !== row);
      for (const rule of rules) {
        const refusal = rule(clone(row) as never, {
          operation,
          previous: previous === undefined ? undefined : (clone(previous) as never),
          others: others as never,
        });
        if (refusal) throw refusal;
      }
    }
  }
}

const keyText = (value: unknown) =>
  typeof value === 'object' ? JSON.stringify(value) : `${typeof value}:${String(value)}`;

/** The one store every handler reads and writes; emptied after each test. */
export const db = new Database();
export type { Database };
