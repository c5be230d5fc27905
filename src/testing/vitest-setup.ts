/**
 * Setup of the spa test project. Component tests (jsdom) get the MSW server with the PostgREST
 * mock (src/testing/mocks); pure tests in the node environment load nothing, so they stay fast.
 */
if (typeof window !== 'undefined') {
  const { setupMockServer } = await import('./mocks/lifecycle');
  setupMockServer();
  // `findBy…` and `waitFor` wait for a condition; their 1 s default is a wall-clock bound that a
  // full run (browser tests beside these on two cores) exceeds. They still return as soon as the
  // condition holds, so a passing test takes no longer.
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
}

export {};
