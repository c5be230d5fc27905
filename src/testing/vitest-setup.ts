/**
 * Setup of the spa test project. Component tests (jsdom) get the MSW server (src/testing/network;
 * files on the real database add src/testing/real-db); pure tests in the node environment load
 * nothing, so they stay fast.
 */
if (typeof window !== 'undefined') {
  const { setupNetwork } = await import('./network/lifecycle');
  setupNetwork();
  // `findBy…` and `waitFor` wait for a condition; their 1 s default is a wall-clock bound that a
  // full run (browser tests beside these on two cores) exceeds. They still return as soon as the
  // condition holds, so a passing test takes no longer.
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
  // SweetAlert2 gives the focus back 100 ms after a dialog closes (its RESTORE_FOCUS_TIMEOUT). A
  // dialog closed by a file's last test would have that timer fire after jsdom is gone
  // ("HTMLElement is not defined", an unhandled error that fails the run), so each file ends after it.
  const { afterAll } = await import('vitest');
  afterAll(() => new Promise((resolve) => setTimeout(resolve, 150)));
}

export {};
