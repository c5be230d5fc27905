import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { AUTH_STORAGE_KEY } from '@/lib/supabase';
import { resetArrangements, serveArrangements } from './control';
import { forgetSchema } from './factories';
import { leaseRealStack, type RealStack, setCurrentStack } from './stack';

/**
 * Gives this jsdom test file the real data layer (src/testing/real-db/index.ts): call it at the
 * top of the file, before the file's own hooks, which may then use `stackConfig()`. The file
 * leases one of the run's stacks for its whole life; each test starts from the reset database
 * (every table of the app and of the auth server emptied, every sequence back at 1, but for the
 * rows the migrations wrote), and the file from a stack as new (tests/support/component-stack/).
 */
export function setupRealDatabase(): void {
  let stack: RealStack | undefined;
  beforeAll(async () => {
    stack = await leaseRealStack();
    setCurrentStack(stack);
    forgetSchema();
  });
  beforeEach(async () => {
    // Signed out of the app's client (auth-js reads the stored session on each use): the account
    // goes with the reset.
    localStorage.removeItem(AUTH_STORAGE_KEY);
    await stack!.reset();
    serveArrangements(stack!.url);
  });
  afterEach(() => resetArrangements());
  afterAll(async () => {
    setCurrentStack(undefined);
    await stack?.close();
  });
}
