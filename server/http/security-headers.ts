import type { Server as HttpServer } from 'node:http';

/**
 * On every answer. `no-referrer`: nothing the app talks to needs a Referer, and its URLs name
 * patients, appointments and (in e-mail links) one-time tokens.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

/**
 * Sets SECURITY_HEADERS on every response of `server` before any handler runs, including the
 * ones written outside Express: socket.io's (its engine answers /socket.io/ itself) and a
 * "starting" 503. Call after socket.io is attached: it takes over the request listeners, and a
 * listener prepended afterwards still runs first.
 */
export function secureEveryResponse(server: HttpServer): void {
  server.prependListener('request', (_req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  });
}
