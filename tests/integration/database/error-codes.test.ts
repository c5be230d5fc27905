import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_ERROR_CODES } from '../../../common/contract/error-codes.ts';
import { databaseTargets, freshDatabase, type FreshDatabase } from '../../support/database.ts';

/** `raise exception …;` statements of a PL/pgSQL body (a `;` inside a quoted message does not end one). */
const RAISE = /raise\s+exception\b(?:[^;']|'(?:[^']|'')*')*;/gi;

/** The codes a raise statement's `hint = …` can give: its quoted snake_case words (a `case` gives several). */
function hintCodes(statement: string): string[] {
  const hint = /\bhint\s*=\s*([\s\S]*)$/i.exec(statement)?.[1] ?? '';
  return [...hint.matchAll(/'([a-z_]+)'/g)].map((match) => match[1]!);
}

describe.each(databaseTargets())('refusal codes on %s', (target) => {
  let fresh: FreshDatabase;
  let raises: { fn: string; statement: string; codes: string[] }[];

  beforeAll(async () => {
    fresh = await freshDatabase(target);
    const { rows } = await fresh.db.query<{ name: string; source: string }>(
      `select p.proname as name, p.prosrc as source
         from pg_catalog.pg_proc p
         join pg_catalog.pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private') and p.prosrc ~* 'raise\\s+exception'`,
    );
    raises = rows.flatMap((row) =>
      [...row.source.matchAll(RAISE)].map(([statement]) => ({
        fn: row.name,
        statement,
        codes: hintCodes(statement),
      })),
    );
  });

  afterAll(async () => {
    await fresh.cleanup();
  });

  it('gives every raise in a function a hint with a code of the contract', () => {
    expect(raises.length).toBeGreaterThan(60);
    const known = new Set<string>(DATABASE_ERROR_CODES);
    const without = raises.filter(({ codes }) => codes.length === 0 || !codes.every((code) => known.has(code)));
    expect(without.map(({ fn, statement }) => `${fn}: ${statement}`)).toEqual([]);
  });

  it('raises every code of the contract somewhere', () => {
    const raised = new Set(raises.flatMap(({ codes }) => codes));
    expect(DATABASE_ERROR_CODES.filter((code) => !raised.has(code))).toEqual([]);
  });
});
