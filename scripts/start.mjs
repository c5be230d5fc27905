// `npm start`: one Node process, no TypeScript compiler on the way. Builds the web app first when
// its sources changed (in a child process, while the stack opens, migrates and seeds the database),
// then runs the local stack from its cached bundle (scripts/stack-bundle.mjs).
import { buildInBackground, repoRoot, staleReason } from './spa-build.mjs';
import { importStack } from './stack-bundle.mjs';

const reason = staleReason(repoRoot);
const build = reason ? buildInBackground({ root: repoRoot, reason }) : undefined;
/** @type {{ main(options: { beforeServing?: Promise<void> }): Promise<void> }} */
let stack;
try {
  stack = /** @type {typeof stack} */ (await importStack(repoRoot));
} catch (error) {
  console.error('Cannot start:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
}
await stack.main({ beforeServing: build?.done });
