/** What the e2e global setup hands to the test files (vitest `provide`/`inject`). */
export interface E2eContext {
  /** Path of the Chromium executable, or null when none is installed (the suite is skipped). */
  chromium: string | null;
  /** The local stack serving the built SPA, e.g. http://localhost:41234. */
  baseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The run's Chromium server (launchChromiumServer), which every file connects to ('' without Chromium). */
  browserEndpoint: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}
