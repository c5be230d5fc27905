/**
 * The live events' names and the socket's timings (common/contract/realtime.ts has their payloads'
 * schemas). No zod here: a screen that only names an event draws without the schemas, which come
 * with the socket client. `access-revoked` is named with its reasons, in ./access.ts.
 */
export const APPOINTMENT_UPDATED = 'appointment-updated';

/**
 * The service pings every socket this often (engine.io `pingInterval`). A client that hears no
 * ping for longer than LIVE_SILENCE_MS treats the connection as lost and says so, well within the
 * 2 s the desk allows, instead of waiting for engine.io's own timeout (interval + pingTimeout).
 */
export const LIVE_PING_INTERVAL_MS = 1_000;
/** How long the service waits for a pong before it drops a socket: generous, so a busy tab is not cut off. */
export const LIVE_PING_TIMEOUT_MS = 5_000;
/** Silence after which a client shows 'reconnecting': one missed ping and a margin. */
export const LIVE_SILENCE_MS = LIVE_PING_INTERVAL_MS + 500;

export const BILLING_UPDATED = 'billing-updated';

export const RECALL_UPDATED = 'recall-updated';

export const WAITLIST_UPDATED = 'waitlist-updated';

export const CHART_UPDATED = 'chart-updated';
