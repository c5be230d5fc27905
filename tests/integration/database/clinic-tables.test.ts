/**
 * Every table with a clinic_id is set up the same way (private.setup_clinic_table): nothing for
 * anon, row-level security on, a row never moves to another clinic, no sequence a browser role
 * may use, and money (public.pesos, on any table) stored with two decimals. Read
 * from the catalog, so a table added without the setup fails here, whatever it is called.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClinic,
  databaseTargets,
  freshDatabase,
  refusalFor,
  type FreshDatabase,
} from '../../support/database.ts';

describe.each(databaseTargets())('the setup of clinic tables on %s', (target) => {
  let fresh: FreshDatabase;
  let clinicTables: string[];

  beforeAll(async () => {
    fresh = await freshDatabase(target);
    const { rows } = await fresh.db.query<{ table: string }>(
      `select c.relname as table
         from pg_catalog.pg_class c
         join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attname = 'clinic_id' and not a.attisdropped
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
        order by 1`,
    );
    clinicTables = rows.map((row) => row.table);
  });
  afterAll(async () => {
    await fresh?.cleanup();
  });

  it('finds the clinic tables', () => {
    expect(clinicTables).toEqual(expect.arrayContaining(['patients', 'appointments', 'payments', 'waitlist_replies']));
  });

  it('has row-level security enabled on every clinic table', async () => {
    const { rows } = await fresh.db.query<{ table: string }>(
      `select relname as table from pg_catalog.pg_class
        where relname = any ($1) and relnamespace = 'public'::regnamespace and not relrowsecurity`,
      [clinicTables],
    );
    expect(rows).toEqual([]);
  });

  it('keeps every clinic table row in its clinic with an enabled prevent_clinic_change trigger on clinic_id', async () => {
    const { rows } = await fresh.db.query<{ table: string }>(
      `select c.relname as table
         from pg_catalog.pg_class c
        where c.relname = any ($1) and c.relnamespace = 'public'::regnamespace
          and not exists (
            select 1
              from pg_catalog.pg_trigger t
              join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attname = 'clinic_id'
             where t.tgrelid = c.oid
               and t.tgfoid = 'public.prevent_clinic_change()'::regprocedure
               and t.tgenabled <> 'D'
               -- a row trigger, before update (of clinic_id or of every column)
               and t.tgtype & 1 = 1 and t.tgtype & 2 = 2 and t.tgtype & 16 = 16
               and (cardinality(t.tgattr::int2[]) = 0 or a.attnum = any (t.tgattr::int2[]))
          )
        order by 1`,
      [clinicTables],
    );
    expect(rows).toEqual([]);
  });

  it('stores every pesos column of every table with two decimals: a keep_money_in_centavos trigger names it', async () => {
    const { rows } = await fresh.db.query<{ column: string; inCentavos: boolean }>(
      `select c.relname || '.' || a.attname as column, exists (
                select from pg_catalog.pg_trigger t
                 where t.tgrelid = c.oid and t.tgfoid = 'public.keep_money_in_centavos()'::regprocedure
                   and t.tgenabled <> 'D' and a.attnum = any (t.tgattr::int2[])
                   and a.attname::text = any (pg_catalog.string_to_array(pg_catalog.encode(t.tgargs, 'escape'), '\\000'))
                   -- a row trigger, before insert and before update
                   and t.tgtype & 1 = 1 and t.tgtype & 2 = 2 and t.tgtype & 4 = 4 and t.tgtype & 16 = 16
              ) as "inCentavos"
         from pg_catalog.pg_attribute a
         join pg_catalog.pg_class c on c.oid = a.attrelid
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
          and a.atttypid = 'public.pesos'::regtype and a.attnum > 0 and not a.attisdropped
        order by 1`,
    );
    expect(rows.map(({ column }) => column)).toEqual(expect.arrayContaining(['invoices.total', 'payments.amount']));
    expect(rows.filter(({ inCentavos }) => !inCentavos)).toEqual([]);
  });

  it('gives anon and authenticated no privilege on the sequence of any clinic table', async () => {
    const { rows } = await fresh.db.query<{ sequence: string; role: string }>(
      `select s.relname as sequence, r.role
         from pg_catalog.pg_depend d
         join pg_catalog.pg_class t on t.oid = d.refobjid
         join pg_catalog.pg_class s on s.oid = d.objid and s.relkind = 'S'
        cross join unnest(array['anon', 'authenticated']) as r (role)
        where d.classid = 'pg_catalog.pg_class'::regclass and d.refclassid = 'pg_catalog.pg_class'::regclass
          and t.relname = any ($1) and t.relnamespace = 'public'::regnamespace
          and has_sequence_privilege(r.role, s.oid, 'usage, select, update')
        order by 1, 2`,
      [clinicTables],
    );
    expect(rows).toEqual([]);
  });

  it('gives anon no privilege on any clinic table or any of its columns', async () => {
    const { rows } = await fresh.db.query<{ table: string }>(
      `select c.relname as table
         from pg_catalog.pg_class c
        where c.relname = any ($1) and c.relnamespace = 'public'::regnamespace
          and (has_table_privilege('anon', c.oid, 'select, insert, update, delete, truncate, references, trigger')
            or has_any_column_privilege('anon', c.oid, 'select, insert, update, references'))
        order by 1`,
      [clinicTables],
    );
    expect(rows).toEqual([]);
  });

  it('refuses moving a row of a table the service alone writes to another clinic, for the service role too', async () => {
    const a = await createClinic(fresh.db, 'Clinic A');
    const b = await createClinic(fresh.db, 'Clinic B');
    await fresh.db.query(
      `insert into public.waitlist_replies (mid, clinic_id, offer_id, psid, outcome) values ('m.1', $1, 1, 'p', 'ignored')`,
      [a],
    );
    const refusal = await refusalFor(fresh.db, 'service_role', (tx) =>
      tx.query(`update public.waitlist_replies set clinic_id = $1 where mid = 'm.1'`, [b]),
    );
    expect(refusal).toMatchObject({ code: '42501', hint: 'clinic_change_forbidden' });
  });
});
