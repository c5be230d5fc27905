import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { FunctionHandler } from '../../../supabase/functions/_shared/supabase-clients.ts';
import { handle as createUser } from '../../../supabase/functions/create-user/handler.ts';
import { handle as deleteUser } from '../../../supabase/functions/delete-user/handler.ts';

/**
 * Every edge function the local stack serves, imported statically: `npm start` runs the stack from
 * an esbuild bundle on plain Node, which cannot import a function's TypeScript at run time, so each
 * handler must be part of the bundle. A function that fails to load fails the start with it.
 */
export const FUNCTION_HANDLERS: ReadonlyMap<string, FunctionHandler> = new Map([
  ['create-user', createUser],
  ['delete-user', deleteUser],
]);

/** The functions a deploy ships: each folder of `functionsDir` with a Deno entry (`index.ts`), `_shared` aside. */
export function deployedFunctionNames(functionsDir: string): string[] {
  return readdirSync(functionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
    .filter((entry) => readdirSync(path.join(functionsDir, entry.name)).includes('index.ts'))
    .map((entry) => entry.name)
    .sort();
}

/**
 * Refuses to serve with a one-line reason when a deployed function has no handler here, or a
 * handler here is not a function: never a 503 at the function's first call.
 */
export function assertEveryFunctionServed(
  functionsDir: string,
  handlers: ReadonlyMap<string, FunctionHandler> = FUNCTION_HANDLERS,
): void {
  const missing = deployedFunctionNames(functionsDir).filter((name) => typeof handlers.get(name) !== 'function');
  if (missing.length > 0) {
    const names = missing.map((name) => `supabase/functions/${name}`).join(', ');
    throw new Error(`edge function ${names} has no handler in local/gateway/functions/registry.ts`);
  }
}
