import type { Database } from '../../db/database.ts';

export interface Column {
  name: string;
  /** A type name the database resolves (from regtype), safe to splice into a cast. */
  type: string;
  nullable: boolean;
  /** Of type numeric, or of a domain over it (money is public.pesos). */
  numeric: boolean;
}

export interface Relation {
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  /** Column names in table order, for `select=*`. */
  columnOrder: string[];
  primaryKey: string[];
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
}

export interface RoutineArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface Routine {
  name: string;
  args: RoutineArg[];
  returnType: string;
  returnsSet: boolean;
  returnsVoid: boolean;
  /** The table or composite type the routine returns rows of, when it does. */
  returnsRelation: string | null;
  returnsComposite: boolean;
  volatility: 'i' | 's' | 'v';
}

/**
 * What PostgREST calls its schema cache: the exposed schema's tables, views, foreign keys
 * and functions, read from the catalog once at start.
 */
export class SchemaCache {
  relations = new Map<string, Relation>();
  foreignKeys: ForeignKey[] = [];
  routines = new Map<string, Routine[]>();

  constructor(
    private readonly db: Database,
    readonly schema = 'public',
  ) {}

  async load(): Promise<void> {
    const relations = new Map<string, Relation>();
    const columns = await this.db.query<{
      relname: string;
      relkind: string;
      attname: string;
      type: string;
      notnull: boolean;
      numeric: boolean;
    }>(
      `select c.relname, c.relkind, a.attname, a.atttypid::regtype::text as type, a.attnotnull as notnull,
              coalesce(nullif(t.typbasetype, 0), a.atttypid) = 'pg_catalog.numeric'::regtype as numeric
         from pg_catalog.pg_class c
         join pg_catalog.pg_namespace n on n.oid = c.relnamespace
         join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
         join pg_catalog.pg_type t on t.oid = a.atttypid
        where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')
        order by c.relname, a.attnum`,
      [this.schema],
    );
    for (const row of columns.rows) {
      let relation = relations.get(row.relname);
      if (!relation) {
        relation = {
          name: row.relname,
          kind: row.relkind === 'r' || row.relkind === 'p' ? 'table' : 'view',
          columns: new Map(),
          columnOrder: [],
          primaryKey: [],
        };
        relations.set(row.relname, relation);
      }
      relation.columns.set(row.attname, {
        name: row.attname,
        type: row.type,
        nullable: !row.notnull,
        numeric: row.numeric,
      });
      relation.columnOrder.push(row.attname);
    }

    const constraints = await this.db.query<{
      conname: string;
      contype: string;
      table_name: string;
      columns: string[];
      ref_table: string | null;
      ref_columns: string[] | null;
    }>(
      `select con.conname, con.contype, c.relname as table_name,
              array(select a.attname::text from unnest(con.conkey) with ordinality k(attnum, ord)
                      join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
                     order by k.ord) as columns,
              rc.relname as ref_table,
              case when con.contype = 'f' then
                array(select a.attname::text from unnest(con.confkey) with ordinality k(attnum, ord)
                        join pg_catalog.pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum
                       order by k.ord) end as ref_columns
         from pg_catalog.pg_constraint con
         join pg_catalog.pg_class c on c.oid = con.conrelid
         join pg_catalog.pg_namespace n on n.oid = c.relnamespace
         left join pg_catalog.pg_class rc on rc.oid = con.confrelid
         left join pg_catalog.pg_namespace rn on rn.oid = rc.relnamespace
        where n.nspname = $1 and con.contype in ('p', 'f') and (con.contype = 'p' or rn.nspname = $1)
        order by con.conname`,
      [this.schema],
    );
    const foreignKeys: ForeignKey[] = [];
    for (const row of constraints.rows) {
      const columnsOf = toArray(row.columns);
      if (row.contype === 'p') {
        const relation = relations.get(row.table_name);
        if (relation) relation.primaryKey = columnsOf;
      } else if (row.ref_table) {
        foreignKeys.push({
          name: row.conname,
          table: row.table_name,
          columns: columnsOf,
          referencedTable: row.ref_table,
          referencedColumns: toArray(row.ref_columns),
        });
      }
    }

    const routines = new Map<string, Routine[]>();
    const functions = await this.db.query<{
      proname: string;
      arg_names: string[] | null;
      arg_types: string[] | null;
      arg_modes: string[] | null;
      pronargdefaults: number;
      pronargs: number;
      return_type: string;
      proretset: boolean;
      provolatile: 'i' | 's' | 'v';
      return_relation: string | null;
      return_composite: boolean;
    }>(
      `select p.proname,
              p.proargnames as arg_names,
              array(select t::regtype::text from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) t) as arg_types,
              p.proargmodes::text[] as arg_modes,
              p.pronargdefaults, p.pronargs,
              p.prorettype::regtype::text as return_type,
              p.proretset, p.provolatile,
              rc.relname as return_relation,
              (rt.typtype = 'c') as return_composite
         from pg_catalog.pg_proc p
         join pg_catalog.pg_namespace n on n.oid = p.pronamespace
         join pg_catalog.pg_type rt on rt.oid = p.prorettype
         left join pg_catalog.pg_class rc on rc.oid = rt.typrelid and rc.relkind in ('r', 'v', 'm', 'p', 'f', 'c')
        where n.nspname = $1 and p.prokind = 'f'`,
      [this.schema],
    );
    for (const row of functions.rows) {
      const names = toArray(row.arg_names);
      const types = toArray(row.arg_types);
      const modes = toArray(row.arg_modes);
      const inputs: { name: string; type: string }[] = [];
      types.forEach((type, index) => {
        const mode = modes[index] ?? 'i';
        if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name: names[index] ?? '', type });
      });
      const firstDefault = row.pronargs - row.pronargdefaults;
      const routine: Routine = {
        name: row.proname,
        args: inputs.map((arg, index) => ({ ...arg, hasDefault: index >= firstDefault })),
        returnType: row.return_type,
        returnsSet: row.proretset,
        returnsVoid: row.return_type === 'void',
        returnsRelation: row.return_relation && relations.has(row.return_relation) ? row.return_relation : null,
        returnsComposite: row.return_composite || row.return_type === 'record',
        volatility: row.provolatile,
      };
      routines.set(row.proname, [...(routines.get(row.proname) ?? []), routine]);
    }

    this.relations = relations;
    this.foreignKeys = foreignKeys;
    this.routines = routines;
  }
}

/** pg returns arrays parsed; PGlite may hand back name[]/text[] either way. */
function toArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value.startsWith('{')) {
    const inner = value.slice(1, -1);
    return inner === '' ? [] : inner.split(',').map((item) => item.replace(/^"|"$/g, ''));
  }
  return [];
}
