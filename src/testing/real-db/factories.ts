/**
 * Test data written straight into the real database as its owner (no row-level security; the
 * tables' defaults, constraints and triggers apply): `await seed.patients([{ name: 'Ana Santos' }])`.
 * Each row is completed with plausible values for the columns an insert must give (the same as
 * the old in-memory factories), then the test's overrides. Rows come back as the REST API shows
 * them (JSON: numbers for money, ISO timestamps).
 */
import type { Database } from '@/lib/database.types';
import { realStack } from './stack';

type Tables = Database['public']['Tables'];
export type TableName = keyof Tables & string;
export type RowOf<T extends TableName> = Tables[T]['Row'];
type Row = Record<string, unknown>;

const padded = (id: number) => String(id).padStart(4, '0');

/** Values for the not-null columns without a default, by the row's id. */
const samples: { [T in TableName]?: (id: number) => Partial<RowOf<T>> } = {
  clinics: (id) => ({ name: id === 1 ? 'Smile Dental' : `Clinic ${id}` }),
  users: (id) => ({ email: `user${id}@example.test`, name: `User ${id}`, clinic_id: 1 }),
  patients: (id) => ({ clinic_id: 1, name: `Patient ${id}`, phone: `0917 555 ${padded(id)}` }),
  dentists: (id) => ({
    clinic_id: 1,
    name: `Dr. Dentist ${id}`,
    email: `dentist${id}@example.test`,
    phone: `0917 000 ${padded(id)}`,
  }),
  dentist_availability: () => ({
    clinic_id: 1,
    dentist_id: 1,
    specific_date: '2030-01-09',
    start_time: '09:00:00',
    end_time: '10:00:00',
  }),
  appointments: () => ({ clinic_id: 1, patient_id: 1, dentist_id: 1, appointment_time: '2030-01-09T02:00:00+00:00' }),
  procedure_categories: (id) => ({ clinic_id: 1, name: `Category ${id}` }),
  procedures: (id) => ({ clinic_id: 1, category_id: 1, name: `Procedure ${id}` }),
  appointment_reminders: () => ({ clinic_id: 1, appointment_id: 1, days_ahead: 1 }),
  invoices: () => ({ clinic_id: 1, patient_id: 1, total: 1500 }),
  payments: () => ({ clinic_id: 1, invoice_id: 1, patient_id: 1, amount: 500, method: 'cash' }),
  invoice_items: () => ({
    clinic_id: 1,
    invoice_id: 1,
    position: 1,
    description: 'Procedure',
    unit_price: 1500,
    quantity: 1,
  }),
  messenger_contacts: (id) => ({ clinic_id: 1, page_id: '1000000000000001', psid: String(7_000_000_000_000_000 + id) }),
  waitlist_entries: () => ({
    clinic_id: 1,
    patient_id: 1,
    dentist_id: 1,
    from_date: '2030-01-09',
    to_date: '2030-01-10',
  }),
  chart_entries: () => ({ clinic_id: 1, patient_id: 1, tooth: 36, condition: 'caries', state: 'existing' }),
};

let identityTables: Promise<Set<string>> | undefined;

/** The public tables whose `id` is an identity column (the others, e.g. messenger_contacts, have none). */
function tablesWithIdentity(): Promise<Set<string>> {
  identityTables ??= realStack()
    .query<{ table_name: string }>(
      `select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'id' and is_identity = 'YES'`,
    )
    .then(({ rows }) => new Set(rows.map((row) => row.table_name)));
  return identityTables;
}

/** Forgets what was learnt of the schema (a file's lease of a stack). */
export function forgetSchema() {
  identityTables = undefined;
}

async function insertRows<T extends TableName>(table: T, given: readonly Partial<RowOf<T>>[]): Promise<RowOf<T>[]> {
  const stack = realStack();
  const hasIdentity = (await tablesWithIdentity()).has(table);
  const missing = hasIdentity ? given.filter((row) => (row as Row).id === undefined).length : 0;
  const explicitIds = given.map((row) => (row as Row).id).filter((id): id is number => typeof id === 'number');
  // Ids given by the test are taken first: the sequence moves past them, so neither the rows
  // without one nor the app's own inserts clash with them.
  if (hasIdentity && explicitIds.length > 0)
    await stack.query(
      `select setval(pg_get_serial_sequence($1, 'id'),
         greatest($2::bigint, coalesce(pg_sequence_last_value(pg_get_serial_sequence($1, 'id')::regclass), 0)))`,
      [`public.${table}`, Math.max(...explicitIds)],
    );
  // Ids from the table's own sequence, taken at once, so the sample values can name them.
  const { rows: fresh } =
    missing > 0
      ? await stack.query<{ id: number }>(
          `select nextval(pg_get_serial_sequence($1, 'id'))::integer as id from generate_series(1, $2)`,
          [`public.${table}`, missing],
        )
      : { rows: [] };
  const sampleOf = samples[table] as ((id: number) => Row) | undefined;
  const values = given.map((row, index): Row => {
    const id = hasIdentity ? ((row as Row).id ?? fresh.shift()!.id) : index + 1;
    return { ...sampleOf?.(id as number), ...(row as Row), ...(hasIdentity ? { id } : {}) };
  });
  // One statement per set of columns: a column a row leaves out takes its default.
  const groups = new Map<string, number[]>();
  values.forEach((row, index) => {
    const key = Object.keys(row).sort().join(',');
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });
  const stored: RowOf<T>[] = new Array(values.length);
  for (const [key, indexes] of groups) {
    const columns = key.split(',').map((column) => `"${column}"`);
    const { rows: inserted } = await stack.query<{ rows: string }>(
      `with inserted as (
         insert into public.${table} (${columns.join(', ')}) ${hasIdentity ? 'overriding system value' : ''}
         select ${columns.join(', ')} from json_populate_recordset(null::public.${table}, $1::json)
         returning *)
       select json_agg(inserted)::text as rows from inserted`,
      [JSON.stringify(indexes.map((index) => values[index]))],
    );
    const rows = JSON.parse(inserted[0]!.rows) as Row[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    // By id where there is one; else RETURNING's order, which is the order of the rows inserted.
    indexes.forEach(
      (index, at) => (stored[index] = (hasIdentity ? byId.get(values[index]!.id) : rows[at]) as RowOf<T>),
    );
  }
  return stored;
}

export type Seed = { [T in TableName]: (rows: readonly Partial<RowOf<T>>[]) => Promise<RowOf<T>[]> };

/** Stores rows, each completed by its table's sample values: `await seed.dentists([{ name: 'Dr. Ana' }])`. */
export const seed = new Proxy({} as Seed, {
  get: (_target, table: string) => (rows: readonly Row[]) => insertRows(table as TableName, rows as never),
});

/**
 * What is stored in `table` (as the database owner), in id order, optionally only the rows whose
 * columns contain `where` (JSON containment: `{ clinic_id: 1, deleted: false }`).
 */
export async function rows<T extends TableName>(table: T, where: Partial<RowOf<T>> = {}): Promise<RowOf<T>[]> {
  const order = (await tablesWithIdentity()).has(table) ? 'order by t.id' : '';
  const { rows: found } = await realStack().query<{ rows: string }>(
    `select coalesce(json_agg(t ${order}), '[]')::text as rows from public.${table} t where to_jsonb(t) @> $1::jsonb`,
    [JSON.stringify(where)],
  );
  return JSON.parse(found[0]!.rows) as RowOf<T>[];
}
