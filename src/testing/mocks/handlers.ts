import { http, HttpResponse, passthrough } from 'msw';
import { mockConfig, restUrl } from './config';
import { handlePostgrest } from './postgrest/handle';

/**
 * The PostgREST API over the in-memory database: tables and database functions. And the
 * notification service's root, which the service client asks (in `no-cors` mode) after a
 * request got no answer, to tell a CORS refusal from an unreachable service: by default it
 * answers nothing either (a test's 'network' failure is an unreachable service). Requests to a
 * real stack on this machine (src/testing/real-db) go through to it.
 */
export const handlers = [
  http.all(`${restUrl}/rpc/:fn`, ({ request, params }) => handlePostgrest(request, { rpc: String(params.fn) })),
  http.all(`${restUrl}/:table`, ({ request, params }) => handlePostgrest(request, { table: String(params.table) })),
  http.get(`${mockConfig.apiUrl}/`, () => HttpResponse.error()),
  http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()),
];
