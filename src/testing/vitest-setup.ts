/**
 * Setup of the spa test project, the component tests in jsdom: the MSW server (src/testing/network;
 * files on the real database add src/testing/real-db). The pure tests (spa-unit) have no setup.
 */
// Node's BroadcastChannel reaches every worker thread of the process, so the component files
// running beside this one were other tabs of this one: auth-js tells its other tabs of each sign-in
// and sign-out, and a file with the real session provider was signed out by another file's test.
// A file's channels are its own.
const fileChannelPrefix = crypto.randomUUID();
globalThis.BroadcastChannel = class FileBroadcastChannel extends globalThis.BroadcastChannel {
  constructor(name: string) {
    super(`${fileChannelPrefix}:${name}`);
  }
};
const { setupNetwork } = await import('./network/lifecycle');
setupNetwork();
// `findBy…` and `waitFor` wait for a condition; their 1 s default is a wall-clock bound that a
// full run (browser tests beside these on two cores) exceeds. They still return as soon as the
// condition holds, so a passing test takes no longer.
const { configure, getConfig } = await import('@testing-library/react');
const printingTheDom = getConfig().getElementError;
configure({
  asyncUtilTimeout: 5_000,
  // A query that finds nothing prints the whole DOM into its error. Inside `findBy…`/`waitFor`
  // each miss but the last is thrown away, so a miss there is only named; the wait's timeout
  // prints the DOM once, under the last miss. Printing it on every retry took about 5 % of a
  // component test file's CPU.
  getElementError(message, container) {
    const insideAWait = (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })
      ._disableExpensiveErrorDiagnostics;
    if (!insideAWait) return printingTheDom(message, container);
    const error = new Error(message ?? '');
    error.name = 'TestingLibraryElementError';
    return error;
  },
});
// SweetAlert2 gives the focus back 100 ms after a dialog closes (its RESTORE_FOCUS_TIMEOUT). A
// dialog closed by a file's last test would have that timer fire after jsdom is gone
// ("HTMLElement is not defined", an unhandled error that fails the run), so each file ends after it.
const { afterAll } = await import('vitest');
afterAll(() => new Promise((resolve) => setTimeout(resolve, 150)));

export {};
