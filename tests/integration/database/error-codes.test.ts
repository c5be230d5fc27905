import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_ERROR_CODES } from '../../../common/contract/error-codes.ts';
import { databaseTargets, freshDatabase, type FreshDatabase } from '../../support/database.ts';

/** `raise exception …;` statements of a PL/pgSQL body (a `;` inside a quoted message does not end one). */
const RAISE = /raise\s+exception\b(?:[^;']|'(?:[^']|'')*')*;/gi;

/** The expression a raise statement's `hint = …` gives. */
function hintOf(statement: string): string {
  return /\bhint\s*=\s*([\s\S]*?)\s*;$/i.exec(statement)?.[1] ?? '';
}

/** The codes a hint expression can give: its quoted snake_case words (a `case` gives several). */
function hintCodes(hint: string): string[] {
  return [...hint.matchAll(/'([a-z_]+)'/g)].map((match) => match[1]!);
}

/**
 * The arguments of every call `name(…)` in a body, as written: split at the commas outside
 * parentheses and quoted strings.
 */
function callArguments(source: string, name: string): string[][] {
  const calls: string[][] = [];
  const lower = source.toLowerCase();
  for (let at = lower.indexOf(`${name}(`); at >= 0; at = lower.indexOf(`${name}(`, at + 1)) {
    const args: string[] = [];
    let depth = 0;
    let current = '';
    for (let i = at + name.length + 1; i < source.length; i += 1) {
      const char = source[i]!;
      if (char === "'") {
        const end = /^'(?:[^']|'')*'/.exec(source.slice(i))![0];
        current += end;
        i += end.length - 1;
      } else if (char === '(') {
        depth += 1;
        current += char;
      } else if (char === ')' && depth > 0) {
        depth -= 1;
        current += char;
      } else if (char === ')' || (char === ',' && depth === 0)) {
        args.push(current.trim());
        current = '';
        if (char === ')') break;
      } else {
        current += char;
      }
    }
    calls.push(args);
  }
  return calls;
}

describe.each(databaseTargets())('refusal codes on %s', (target) => {
  let fresh: FreshDatabase;
  let raises: { fn: string; statement: string; codes: string[] }[];
  /** Helpers that raise with the code their caller passes (`hint = p_hint`), and where it is passed. */
  let delegating: { fn: string; parameter: string; calls: number }[];
  /** Arguments of coded-refusal triggers that name no check or unique key of their table. */
  let unknownConstraints: string[];
  let codedRefusalRaises = 0;

  beforeAll(async () => {
    fresh = await freshDatabase(target);
    const { rows: functions } = await fresh.db.query<{
      name: string;
      names: string[] | null;
      modes: string[] | null;
      source: string;
    }>(
      `select n.nspname || '.' || p.proname as name, p.prosrc as source,
              p.proargnames as names, p.proargmodes::text[] as modes
         from pg_catalog.pg_proc p
         join pg_catalog.pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private')`,
    );
    // The input parameters' names, in order (proargmodes is null when all are inputs).
    const rows = functions.map(({ name, names, modes, source }) => ({
      name,
      source,
      inputs: names?.filter((_, i) => modes === null || ['i', 'b', 'v'].includes(modes[i]!)) ?? null,
    }));
    raises = [];
    delegating = [];
    // The code is the caller's: every call must pass one, as a literal, at that parameter; a caller
    // that passes on a parameter of its own is a helper of the same kind, and its callers must.
    const passOn = (helper: (typeof rows)[number], parameter: string, statement: string): number => {
      const position = helper.inputs!.indexOf(parameter);
      let calls = 0;
      for (const caller of rows) {
        for (const args of callArguments(caller.source, helper.name)) {
          calls += 1;
          const passed = args[position] ?? '';
          const call = `${helper.name}(${args.join(', ')}) raising ${statement}`;
          const own = caller.inputs?.find((name) => name === passed.toLowerCase());
          if (own !== undefined && caller !== helper) {
            delegating.push({ fn: caller.name, parameter: own, calls: passOn(caller, own, call) });
            continue;
          }
          raises.push({ fn: caller.name, statement: call, codes: /^'[a-z_]+'$/.test(passed) ? hintCodes(passed) : [] });
        }
      }
      return calls;
    };
    // public.refuse_with_codes raises with the code its trigger names beside the constraint
    // ('constraint=code'): each such argument is a raise of that code.
    const { rows: codedRefusals } = await fresh.db.query<{ trigger: string; argument: string; known: boolean }>(
      `select t.tgrelid::regclass::text || '.' || t.tgname as trigger, a.argument,
              exists (select from pg_catalog.pg_constraint c
                       where c.conrelid = t.tgrelid and c.contype = 'c'
                         and c.conname = pg_catalog.split_part(a.argument, '=', 1))
              or exists (select from pg_catalog.pg_index i join pg_catalog.pg_class ic on ic.oid = i.indexrelid
                          where i.indrelid = t.tgrelid and i.indisunique
                            and ic.relname = pg_catalog.split_part(a.argument, '=', 1)) as known
         from pg_catalog.pg_trigger t
         cross join lateral pg_catalog.unnest(
           pg_catalog.string_to_array(pg_catalog.encode(t.tgargs, 'escape'), '\\000')
         ) as a (argument)
        where t.tgfoid = 'public.refuse_with_codes()'::regprocedure and a.argument <> ''`,
    );
    unknownConstraints = codedRefusals
      .filter(({ known }) => !known)
      .map(({ trigger, argument }) => `${trigger}: ${argument}`);
    for (const { trigger, argument } of codedRefusals) {
      const code = argument.split('=')[1] ?? '';
      raises.push({ fn: trigger, statement: argument, codes: /^[a-z_]+$/.test(code) ? [code] : [] });
    }
    for (const row of rows) {
      for (const [statement] of row.source.matchAll(RAISE)) {
        const hint = hintOf(statement);
        if (row.name === 'public.refuse_with_codes' && hint === 'v_code') {
          codedRefusalRaises += 1;
          continue;
        }
        const parameter = row.inputs?.find((name) => name === hint.toLowerCase());
        if (parameter === undefined) {
          raises.push({ fn: row.name, statement, codes: hintCodes(hint) });
          continue;
        }
        delegating.push({ fn: row.name, parameter, calls: passOn(row, parameter, statement) });
      }
    }
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

  it("has every helper that raises with its caller's code called, with one", () => {
    expect(delegating.length).toBeGreaterThan(0);
    expect(delegating.filter(({ calls }) => calls === 0)).toEqual([]);
  });

  it('names a check or unique key of its table, and a code, in every argument of a coded-refusal trigger', () => {
    expect(codedRefusalRaises).toBe(2);
    expect(raises.filter(({ fn }) => fn.endsWith('_coded_refusals')).length).toBeGreaterThan(10);
    expect(unknownConstraints).toEqual([]);
  });

  it('raises every code of the contract somewhere', () => {
    const raised = new Set(raises.flatMap(({ codes }) => codes));
    expect(DATABASE_ERROR_CODES.filter((code) => !raised.has(code))).toEqual([]);
  });
});
