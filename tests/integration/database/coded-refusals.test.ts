/**
 * public.refuse_with_codes (…_platform_and_types.sql), the one trigger that gives a table's own
 * checks and unique keys the codes the SPA reads: on a table of the test's own, so every case of
 * the rule (a check, a null, an expression key, a partial key, the row itself, a misnamed
 * constraint) is seen apart from any feature. The features' codes are tested with their tables
 * (hmo-coverage, dental-chart). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, freshDatabase, sqlErrorFrom, type FreshDatabase } from '../../support/database.ts';

describe.each(databaseTargets())('coded refusals on %s', (target) => {
  let fresh: FreshDatabase;
  const add = (name: string | null, size: number | null, archived = false) =>
    fresh.db.query<{ id: number }>(
      'insert into public.coded_things (name, size, archived) values ($1, $2, $3) returning id::integer as id',
      [name, size, archived],
    );

  beforeAll(async () => {
    fresh = await freshDatabase(target);
    await fresh.db.exec(`
      create table public.coded_things (
        id bigint generated always as identity primary key,
        name text,
        size integer not null check (size between 1 and 9),
        archived boolean not null default false,
        constraint coded_things_name_short check (name is null or char_length(name) <= 5)
      );
      create unique index coded_things_live_name_key on public.coded_things (pg_catalog.lower(name))
        where not archived;
      create trigger coded_things_coded_refusals before insert or update on public.coded_things
        for each row execute function public.refuse_with_codes('coded_things_name_short=name_too_long',
          'coded_things_size_check=size_invalid', 'coded_things_live_name_key=name_taken');
    `);
  });

  afterAll(async () => {
    await fresh.cleanup();
  });

  it('refuses a row its check refuses, with the code and the constraint, in the order the trigger names them', async () => {
    const refusal = await sqlErrorFrom(add('toolong', 0));
    expect(refusal).toMatchObject({ code: '23514', hint: 'name_too_long', constraint: 'coded_things_name_short' });
    expect(await sqlErrorFrom(add('ok', 10))).toMatchObject({ code: '23514', hint: 'size_invalid' });
  });

  it('refuses a null its check would let through to the NOT NULL, with the check’s code', async () => {
    expect(await sqlErrorFrom(add('ok', null))).toMatchObject({ code: '23514', hint: 'size_invalid' });
  });

  it('refuses a taken key as its index computes it, and lets a row keep its own key', async () => {
    const { rows } = await add('Molar', 1);
    expect(await sqlErrorFrom(add('MOLAR', 2))).toMatchObject({
      code: '23505',
      hint: 'name_taken',
      constraint: 'coded_things_live_name_key',
    });
    await fresh.db.query('update public.coded_things set size = 3 where id = $1', [rows[0]!.id]);
    const { rows: kept } = await fresh.db.query<{ size: number }>(
      'select size from public.coded_things where id = $1',
      [rows[0]!.id],
    );
    expect(kept[0]?.size).toBe(3);
  });

  it('looks only among the rows a partial key covers, and never matches a null key', async () => {
    await add('Cusp', 1, true);
    await add('cusp', 1, true);
    await add('Cusp', 1);
    await add(null, 1);
    await add(null, 2);
    expect(await sqlErrorFrom(add('cusp', 1))).toMatchObject({ code: '23505', hint: 'name_taken' });
  });

  it('says the trigger is misconfigured when it names no check or unique key of its table', async () => {
    await fresh.db.exec(`
      create table public.coded_misnamed (id bigint generated always as identity primary key, size integer);
      create trigger coded_misnamed_coded_refusals before insert on public.coded_misnamed
        for each row execute function public.refuse_with_codes('coded_misnamed_size_check=size_invalid');
    `);
    const refusal = await sqlErrorFrom(fresh.db.query('insert into public.coded_misnamed (size) values (1)'));
    expect(refusal).toMatchObject({ code: '42704', hint: 'trigger_misconfigured' });
  });
});
