import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { AUTH_STORAGE_KEY } from '@/lib/supabase';
import { resetArrangements, serveArrangements } from './control';
import { forgetSchema } from './factories';
import { type RealStack, setCurrentStack, startRealStack } from './stack';

/**
 * Every table of the app and of the auth server emptied, every sequence back at 1, except the
 * tables the migrations themselves fill (the role → permission table): those rows are the schema's
 * own, not a test's. DELETE in replica mode (no triggers, so no foreign-key checks and no audit-log
 * refusal) rather than TRUNCATE: PGlite gives a truncated table and each of its indexes new files,
 * which took ten times as long for the few rows a test leaves. Read once per file, while the
 * database is as the migrations left it.
 */
async function resetStatement(stack: RealStack): Promise<string> {
  const { rows: tables } = await stack.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name
       from pg_catalog.pg_tables where schemaname in ('public', 'auth') order by 1`,
  );
  const statements: string[] = [];
  for (const { name } of tables) {
    const { rows } = await stack.query<{ filled: boolean }>(`select exists (select from ${name}) as filled`);
    if (!rows[0]!.filled) statements.push(`delete from ${name};`);
  }
  const { rows: sequences } = await stack.query<{ statement: string }>(
    `select format('select setval(%L, 1, false);', format('%I.%I', schemaname, sequencename)) as statement
       from pg_catalog.pg_sequences where schemaname in ('public', 'auth')`,
  );
  return `begin;
    set local session_replication_role = replica;
    ${[...statements, ...sequences.map((row) => row.statement)].join('\n')}
    commit;`;
}

/**
 * Gives this jsdom test file the real data layer (src/testing/real-db/index.ts): call it at the
 * top of the file, before the file's own hooks, which may then use `stackConfig()`.
 */
export function setupRealDatabase(): void {
  let stack: RealStack | undefined;
  let reset = '';
  beforeAll(async () => {
    stack = await startRealStack();
    setCurrentStack(stack);
    forgetSchema();
    reset = await resetStatement(stack);
  });
  beforeEach(async () => {
    // Signed out of the app's client (auth-js reads the stored session on each use): the account
    // goes with the reset.
    localStorage.removeItem(AUTH_STORAGE_KEY);
    await stack!.exec(reset);
    serveArrangements(stack!.url);
  });
  afterEach(() => resetArrangements());
  afterAll(async () => {
    setCurrentStack(undefined);
    await stack?.close();
  });
}
