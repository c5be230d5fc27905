/**
 * Setup of the spa test project. Component tests (jsdom) get the MSW server with the PostgREST
 * mock (src/testing/mocks); pure tests in the node environment load nothing, so they stay fast.
 */
if (typeof window !== 'undefined') {
  const { setupMockServer } = await import('./mocks/lifecycle');
  setupMockServer();
}

export {};
