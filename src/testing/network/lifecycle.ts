import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';

let installed = false;
const unhandled: string[] = [];

/**
 * Starts the MSW server for the current test file: a request no handler answers (and that no
 * real-db file lets through) fails the test that sent it, and each test's own handlers are dropped
 * after it. The spa project's setup file calls this for jsdom tests; a node-environment test that
 * talks HTTP calls it itself. Calling it twice is harmless.
 */
export function setupNetwork(): void {
  if (installed) return;
  installed = true;
  server.events.on('request:unhandled', ({ request }) => {
    unhandled.push(`${request.method} ${request.url}`);
  });
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    const seen = unhandled.splice(0);
    if (seen.length > 0)
      throw new Error(`Requests no handler answered (add one with server.use(…)):\n- ${seen.join('\n- ')}`);
  });
  afterAll(() => server.close());
}
