/**
 * # The mocked network of component tests
 *
 * One MSW server (`server`) answers what the SPA sends in component tests. Under
 * `mockConfig.supabaseUrl` it behaves like PostgREST over an in-memory database (`db`): filters
 * (eq … is, not., or/and trees), select with aliases and embeds along the relationships declared in
 * schema.ts, order, limit/offset/Range, exact counts, single objects and PGRST116, inserts,
 * upserts, updates and deletes that honour filters, and errors in PostgREST's shape and status.
 * The views `invoice_summaries` and `payment_entries` are computed from the tables on each read
 * (views.ts), with the columns and rules of the migration; a write to a view is refused (42501).
 * Database functions answer through per-test handlers (`mockRpc`). Every jsdom test file of the
 * spa project gets the server from src/testing/vitest-setup.ts; a request nothing answers fails
 * the test. After each test the database is emptied and every arrangement is dropped.
 *
 * ## In a test
 *
 *   initSupabase(mockConfig);                          // the app's client, pointed at the mock
 *   seed.clinics([{ id: 1 }]);                         // Asia/Manila unless told otherwise
 *   const [ana] = seed.patients([{ name: 'Ana Santos' }]);
 *   seed.appointments([{ patient_id: ana.id, status: 'Confirmed' }]);
 *
 *   mockRpc('delete_patient', ({ p_patient_id }) => {   // a database function, for this test
 *     db.table('patients').update(p_patient_id, { deleted: true });
 *     return { deleted_appointments: 0 };
 *   });
 *
 *   failNext({ method: 'POST', table: 'patients' });                    // 500 XX000
 *   failNext({ rpc: 'delete_patient' }, pgError('PT404', 'gone'));      // status from the code
 *   failNext({ method: 'GET', table: 'patients' }, 'network');          // no answer at all
 *   db.table('appointments').check((row, { others }) => clash(row, others) ? pgError('23P01') : undefined);
 *
 *   const save = holdNext({ method: 'POST', table: 'patients' });
 *   // … click Save twice, see "Saving..." …
 *   save.release();
 *
 *   // Assert what the user sees, and what was stored — not query strings:
 *   expect(db.table('patients').where((row) => row.name === 'Dana Lim')).toHaveLength(1);
 *   db.table('patients').update(ben.id, { deleted: true });  // a change "made in another tab"
 *
 * Note that postgrest-js retries a GET or HEAD that got no answer (1 s, 2 s, 4 s) unless the
 * query says `.retry(false)`: a 'network' failure of a read is usually met by the retry.
 *
 * A client made outside the app must look `fetch` up per request, as the app's does, since MSW
 * patches it when the server starts: `new PostgrestClient(restUrl, { fetch: (...a) => fetch(...a) })`.
 *
 * Requests to other URLs (the notification service at `mockConfig.apiUrl`) need the test's own
 * handlers: `server.use(http.post(`${mockConfig.apiUrl}/status-notifications/:id`, …))`.
 *
 * ## Not supported (the request fails the test with a clear message)
 *
 * Full-text search and range operators, aggregates (`count()`), ordering by an embed, spreading
 * a to-many embed, order/limit on a to-one embed or on updates and deletes, PUT, CSV/GeoJSON/plan
 * output. Ignored: `Prefer: tx=…, max-affected, handling, params`; planned/estimated counts are
 * exact. Not emulated: RLS, foreign keys, check and exclusion constraints (add a
 * `db.table(…).check(…)` rule where a test needs one), triggers (updated_at stays as written),
 * the auth endpoints (the app asks none while no session is stored), and isolation between
 * concurrent async RPC handlers (a failing one rolls back the whole database to its start).
 */
export { mockConfig, restUrl } from './config';
export {
  failNext,
  holdNext,
  mockRpc,
  type Failure,
  type Hold,
  type HttpMethod,
  type RequestMatch,
  type RpcHandler,
} from './control';
export { db, type RowCheck, type TableHandle } from './db';
export { PgError, pgError, statusForCode, type PostgrestErrorBody } from './errors';
export {
  build,
  createAppointment,
  createAvailabilityBlock,
  createClinic,
  createDentist,
  createInvoice,
  createMessengerContact,
  createPatient,
  createPayment,
  createProcedure,
  createProcedureCategory,
  createReminderLogEntry,
  createUserProfile,
  seed,
} from './factories';
export { setupMockServer } from './lifecycle';
export { relationships, schema, type Relationship, type RowOf, type TableName } from './schema';
export { server } from './server';
export { centavosOfStored, views, type ViewName } from './views';
