import { http } from 'msw';
import { restUrl } from './config';
import { handlePostgrest } from './postgrest/handle';

/** The PostgREST API over the in-memory database: tables and database functions. */
export const handlers = [
  http.all(`${restUrl}/rpc/:fn`, ({ request, params }) => handlePostgrest(request, { rpc: String(params.fn) })),
  http.all(`${restUrl}/:table`, ({ request, params }) => handlePostgrest(request, { table: String(params.table) })),
];
