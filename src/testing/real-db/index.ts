/**
 * # The real data layer of component tests
 *
 * A jsdom test file that calls `setupRealDatabase()` talks to the product's own gateway (`/rest/v1`,
 * `/auth/v1`, `/functions/v1`) over an in-memory PGlite loaded from the migrated template (the spa
 * project's global setup makes it once per run): the tests meet the real row-level security,
 * constraints, triggers, views and functions. The gateway and the database run in a worker thread
 * of the vitest process, one of a pool the run starts as files need them (one per vitest worker,
 * tests/support/component-stack/); the file leases one for its whole life, and MSW lets the app's
 * requests through to it. Before each test every table is emptied and identities restart at 1, so
 * fixed ids (clinic 1 and 2) keep working; before each file the gateway is new as well (nothing of
 * the previous file's rate limits or mailbox).
 *
 * ## In a test
 *
 *   setupRealDatabase();                                    // at the top of the file
 *   beforeAll(() => initSupabase(stackConfig()));         // the app's client, pointed at the stack
 *
 *   await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
 *   const [ana] = await seed.patients([{ name: 'Ana Santos' }]);   // as the database owner
 *   const user = await signInAs({ role: 'receptionist', clinic_id: 1 });   // a real session
 *   renderApp(<PatientsView />, { session: createSession({ user }) });
 *
 *   failNext({ method: 'POST', table: 'patients' });                  // 500 XX000, once
 *   failNext({ rpc: 'delete_patient' }, pgError('PT404', 'gone'));    // status from the code
 *   failNext({ method: 'GET', table: 'patients' }, 'network');        // no answer at all
 *   failNext({ fn: 'delete-user' }, { status: 502, text: '<html>…' }); // an edge function's reply it never gives
 *   const save = holdNext({ method: 'POST', table: 'patients' });     // … see "Saving..." …
 *   save.release();                                                    // then it reaches the gateway
 *   loseAnswerNext({ method: 'POST', table: 'payments' });           // stored, but no answer comes back
 *   const saves = countRequests({ rpc: 'save_availability_day' });  // saves.count, requests go on
 *   await createStaffAccount({ role: 'admin', clinic_id: 1 });       // another staff member, not signed in
 *
 *   expect(await rows('patients', { name: 'Dana Lim' })).toHaveLength(1);   // what was stored
 *   await realStack().query('update public.patients set deleted = true where id = $1', [ben.id]);
 *
 * Overrides are served first arranged, first served. Seeds meet the tables' real rules (clinic
 * hours, no overlapping bookings, a payment's invoice, …): arrange what the database would hold.
 *
 * Note that postgrest-js retries a GET or HEAD that got no answer (1 s, 2 s, 4 s) unless the
 * query says `.retry(false)`: a 'network' failure of a read is usually met by the retry.
 * Requests to the notification service (`stackConfig().apiUrl`) need the test's own handlers.
 */
export {
  countRequests,
  failNext,
  holdNext,
  loseAnswerNext,
  type Failure,
  type Hold,
  type HttpMethod,
  type RawReply,
  type RequestMatch,
} from './control';
export { prepareDom, setupComponentTests } from './dom';
export { stubSweetAlertGlobals } from '../sweet-alert-globals';
export { rows, seed, type RowOf, type TableName } from './factories';
export { setupRealDatabase } from './lifecycle';
export { renderSignedIn } from './render';
export { createStaffAccount, signInAs, type StaffOptions } from './session';
export { realStack, stackConfig, type RealStack } from './stack';
export { pgError, PgError } from '../network/errors';
// The MSW server: `server.use(http.post(`${stackConfig().apiUrl}/…`, …))` answers the notification
// service, which the component stack does not run.
export { server } from '../network/server';
