/**
 * The network of the SPA's component tests: one MSW server (`server`) that intercepts `fetch`, and
 * PostgREST's error shape (`pgError`) for one-request overrides. Files on the real database get
 * the rest from src/testing/real-db.
 */
export { offlineConfig } from './config';
export { PgError, pgError, statusForCode, type PostgrestErrorBody } from './errors';
export { setupNetwork } from './lifecycle';
export { server } from './server';
