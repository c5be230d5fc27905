import type { io as connect, Socket } from 'socket.io-client';
import { LIVE_SILENCE_MS } from '@common/contract/live-events';
import type { ACCESS_REVOKED, ClientToServerEvents, ServerToClientEvents, SocketAuth } from '@common/contract/realtime';
import { serviceAccessToken, serviceBaseUrl } from './service-client';

/** Realtime reconnection settings: retry after 1 s, backing off to 5 s. */
export const REALTIME_SOCKET_OPTIONS = Object.freeze({
  path: '/socket.io',
  reconnection: true,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
  timeout: 20_000,
});

export type RealtimeStatus = 'connecting' | 'connected' | 'reconnecting' | 'refused';

/** How often a subscription checks that the service is still heard from. */
export const SILENCE_CHECK_MS = 250;

/** What a subscription knows about its connection at one moment. */
export interface ConnectionFacts {
  /** The handshake succeeded and the transport is open, as far as socket.io knows. */
  connected: boolean;
  /** socket.io still (re)connects by itself; false once the service refused the handshake. */
  active: boolean;
  /** A connection was made or failed at least once (until then the socket is only connecting). */
  tried: boolean;
  /** The browser's navigator.onLine. */
  online: boolean;
  /** Milliseconds since the service was last heard from (the connection opened, or a ping). */
  silentMs: number;
}

/**
 * The connection's state as the screen shows it. Lost at once when socket.io says so, when the
 * browser goes offline, or when the service's ping (every second) is overdue: a connection that
 * died silently shows 'reconnecting' within 2 s rather than after engine.io's own timeout.
 */
export function connectionStatus(facts: ConnectionFacts): RealtimeStatus {
  if (!facts.active && !facts.connected) return 'refused';
  if (facts.connected && facts.online && facts.silentMs <= LIVE_SILENCE_MS) return 'connected';
  if (!facts.tried && facts.online) return 'connecting';
  return 'reconnecting';
}

/** An event the notification service emits (@common/contract). */
export type ServiceEvent = keyof ServerToClientEvents;

/** The events that each name a changed row of a clinic (every one but `access-revoked`). */
export type ClinicServiceEvent = Exclude<ServiceEvent, typeof ACCESS_REVOKED>;

/** What the service sends with `event`, as the contract describes it. */
export type ServiceEventPayload<E extends ServiceEvent> = Parameters<ServerToClientEvents[E]>[0];

export interface RealtimeSubscription {
  close(): void;
}

export interface SubscribeOptions<E extends ServiceEvent = ServiceEvent> {
  /** The service's base URL; /config.json's apiUrl by default. */
  apiUrl?: string;
  /** The clinic to follow (a superadmin may follow any; others are held to their own by the service). */
  clinicId: number;
  event: E;
  /** Each payload, checked against the contract; a malformed one never arrives. */
  onEvent(payload: ServiceEventPayload<E>): void;
  /**
   * `detail` is the refusal's message; `code` its code when the service gave one (e.g. the
   * access the token was issued for is gone: @common/contract's REVOKED_ACCESS_CODES).
   */
  onStatus?(status: RealtimeStatus, detail?: string, code?: string): void;
  /**
   * Names the connection in its URL (`?label=…`, which the service ignores), so a log line or a
   * browser test can tell the dashboard's access watch from a tab's live updates.
   */
  label?: string;
}

type ServiceSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** One socket.io connection and what its subscriptions know of it. */
interface SharedConnection {
  socket: ServiceSocket;
  /** Subscriptions still using it; the last to close disconnects it. */
  users: number;
  /** A connection was made or failed at least once. */
  tried: boolean;
  /** When the service was last heard from (the connection opened, or a ping). */
  lastHeard: number;
  /** The last refusal's message and code. */
  detail?: string;
  code?: string;
  /** Called by each subscription as it closes. */
  release(): void;
}

/**
 * The open connections, one per service, clinic and label: the service sends each of a clinic's
 * events to every connection of that clinic, so a screen that follows two events (the chart, the
 * Reports tab) shares one connection instead of receiving everything twice.
 */
const connections = new Map<string, SharedConnection>();

function sharedConnection(io: typeof connect, options: SubscribeOptions): SharedConnection {
  const apiUrl = options.apiUrl ?? serviceBaseUrl();
  const key = JSON.stringify([apiUrl, options.clinicId, options.label ?? null]);
  const open = connections.get(key);
  // A connection the service refused stays refused (socket.io stops retrying): a new subscription
  // tries again on a new one, as it did before connections were shared.
  if (open && (open.socket.active || open.socket.connected)) {
    open.users += 1;
    return open;
  }
  const socket: ServiceSocket = io(apiUrl, {
    ...REALTIME_SOCKET_OPTIONS,
    transports: ['websocket', 'polling'],
    // Its own Manager: two labels (or clinics) must not share one underlying connection.
    forceNew: true,
    ...(options.label ? { query: { label: options.label } } : {}),
    auth: (send) => {
      void serviceAccessToken().then((token) => {
        // Without a session the token is empty, and the service refuses the handshake.
        const auth: SocketAuth = { token: token ?? '', clinicId: options.clinicId };
        send(auth);
      });
    },
  });
  const connection: SharedConnection = {
    socket,
    users: 1,
    tried: false,
    lastHeard: Date.now(),
    release() {
      connection.users -= 1;
      if (connection.users > 0) return;
      if (connections.get(key) === connection) connections.delete(key);
      socket.removeAllListeners();
      socket.io.removeAllListeners();
      socket.disconnect();
    },
  };
  socket.on('connect', () => {
    connection.tried = true;
    connection.lastHeard = Date.now();
  });
  socket.on('disconnect', () => {
    connection.tried = true;
  });
  socket.on('connect_error', (error: Error) => {
    // A refusal (bad token, no access) leaves socket.active false: socket.io stops retrying itself.
    connection.tried = true;
    connection.detail = error.message;
    const data = (error as Error & { data?: { code?: unknown } }).data;
    connection.code = typeof data?.code === 'string' ? data.code : undefined;
  });
  socket.io.on('ping', () => {
    connection.lastHeard = Date.now();
  });
  connections.set(key, connection);
  return connection;
}

/**
 * Follows one event of the notification service over socket.io, on the connection this page
 * already has to that clinic (and label), or a new one. The client library is loaded on first
 * use, so screens that never subscribe don't pay for it, and a screen that does draws before it
 * arrives. Each (re)connection sends the current access token, which auth-js keeps fresh. The
 * connection's state goes to `onStatus` each time it changes (connectionStatus).
 */
export async function subscribeToServiceEvents<E extends ServiceEvent>(
  options: SubscribeOptions<E>,
): Promise<RealtimeSubscription> {
  // The payload schemas (and zod with them) come with the client: a screen draws before either.
  const [{ io }, { deliverServiceEvent }] = await Promise.all([
    import('socket.io-client'),
    import('./realtime-payloads'),
  ]);
  const connection = sharedConnection(io, options);
  const { socket } = connection;
  let reported: RealtimeStatus | undefined;
  // Heard from as of now: a subscription joining an open connection is connected at once.
  const joinedAt = Date.now();
  const report = () => {
    const status = connectionStatus({
      connected: socket.connected,
      active: socket.active,
      tried: connection.tried,
      online: typeof navigator === 'undefined' || navigator.onLine !== false,
      silentMs: Date.now() - Math.max(connection.lastHeard, joinedAt),
    });
    if (status === reported) return;
    reported = status;
    if (status === 'refused') options.onStatus?.(status, connection.detail, connection.code);
    else options.onStatus?.(status);
  };
  report();
  // After the connection's own listeners (registered first), so each report reads the facts as updated.
  socket.on('connect', report);
  socket.on('disconnect', report);
  socket.on('connect_error', report);
  socket.io.on('ping', report);
  window.addEventListener('offline', report);
  window.addEventListener('online', report);
  const watchdog = setInterval(report, SILENCE_CHECK_MS);
  // Typed by the event map, but not yet checked: whatever arrives goes through the contract's schema.
  const event: ServiceEvent = options.event;
  const deliver = (payload: unknown) => deliverServiceEvent(options, payload);
  socket.on(event, deliver);
  return {
    close() {
      clearInterval(watchdog);
      window.removeEventListener('offline', report);
      window.removeEventListener('online', report);
      socket.off('connect', report);
      socket.off('disconnect', report);
      socket.off('connect_error', report);
      socket.io.off('ping', report);
      socket.off(event, deliver);
      connection.release();
    },
  };
}
