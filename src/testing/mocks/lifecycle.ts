import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { reportProblem, resetControls } from './control';
import { db } from './db';
import { server } from './server';

let installed = false;

/**
 * Starts the mock server for the current test file: every request must be answered by a handler
 * (an unhandled one, or one the PostgREST mock cannot answer faithfully, fails the test), and each
 * test starts with an empty database and no arrangements. The spa project's setup file calls this
 * for jsdom tests; a node-environment test that talks HTTP calls it itself. Calling it twice is
 * harmless.
 */
export function setupMockServer(): void {
  if (installed) return;
  installed = true;
  server.events.on('request:unhandled', ({ request }) => {
    reportProblem(`unhandled request ${request.method} ${request.url}: add a handler with server.use(…)`);
  });
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  // Again before each test: factories called at import time must not shift the first test's ids.
  beforeEach(() => db.reset());
  afterEach(() => {
    server.resetHandlers();
    db.reset();
    const problems = resetControls();
    if (problems.length > 0)
      throw new Error(`The mocked network saw problems during this test:\n- ${problems.join('\n- ')}`);
  });
  afterAll(() => server.close());
}
