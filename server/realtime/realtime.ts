/**
 * Live updates: socket.io at /socket.io on the service's HTTP server. A socket proves who it is
 * with the Supabase access token in its handshake and joins its clinic's room; the change feed
 * turns every committed appointment change into `appointment-updated` for that room only, and the
 * billing feed every committed invoice or payment change into `billing-updated`.
 *
 * Several instances (REDIS_URL): every instance LISTENs to the same database, so each one emits
 * database changes to its own sockets only (`io.local`), and nobody gets a change twice. The
 * Redis adapter carries what one instance emits to everyone (`broadcastToClinic`). docs/realtime.md.
 *
 * Revocation: a socket must not outlive the access it was let in with. The access feed (LISTEN
 * access_changes) closes at once the sockets of a user whose account is deleted or banned, whose
 * staff profile changed role or clinic or was removed, and of a session that ended (sign-out);
 * every instance hears the database, so each closes its own sockets. The transport is closed
 * (as at token expiry), so the client reconnects with its current token and the handshake
 * refuses it or lets it into the right room. Should a notice be missed (a LISTEN connection
 * reconnecting), every socket's grant is checked against the database again when the feed
 * (re)starts and every `recheckIntervalMs`.
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import {
  ACCESS_REVOKED,
  APPOINTMENT_UPDATED,
  BILLING_UPDATED,
  LIVE_PING_INTERVAL_MS,
  RECALL_UPDATED,
  WAITLIST_UPDATED,
  CHART_UPDATED,
  LIVE_PING_TIMEOUT_MS,
  type AccessRevokedReason,
  type ClientToServerEvents,
  type InterServerEvents,
  type RevokedAccessCode,
  type ServerToClientEvents,
  type SocketData,
} from '@common/contract';
import { createChartFeed } from '../chart/chart-feed';
import { clinicExists } from '../clinics/clinic-store';
import type { Realtime, ServiceDeps } from '../contracts';
import { createRecallFeed } from '../recalls/recall-feed';
import { createWaitlistFeed } from '../waitlist/waitlist-feed';
import { createAccessFeed, type AccessNotice } from './access-feed';
import { createBillingFeed } from './billing-feed';
import { createChangeFeed, type ChangeFeed } from './change-feed';
import type { Feed } from './feed';
import {
  accessTokenFrom,
  chooseClinic,
  clinicRoom,
  requestedClinicFrom,
  tokenExpiresAt,
  tokenSessionId,
  userRoom,
} from './handshake';
import { findRevokedGrants, type SocketGrant } from './realtime-store';

type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export interface RealtimeOptions {
  /** Prefix of the Redis pub/sub channels (instances that share it share events). */
  redisKey?: string;
  /** How long change notices are collected before one load. */
  coalesceMs?: number;
  /** How often every connected socket's grant is checked against the database again (30 s). */
  recheckIntervalMs?: number;
}

export interface RealtimeService extends Realtime {
  /** Emits to every socket of the clinic on every instance (through Redis when configured). */
  broadcastToClinic<E extends keyof ServerToClientEvents>(
    clinicId: number,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Resolves once every change notified so far has been emitted (tests and benchmarks). */
  settled(): Promise<void>;
  /** Checks every socket of this instance against the database now; resolves with how many were closed. */
  recheck(): Promise<number>;
}

class HandshakeError extends Error {
  /** socket.io hands `data` to the client's connect_error; `code` says the access is gone. */
  readonly data: { status: number; code?: RevokedAccessCode };
  constructor(status: number, message: string, code?: RevokedAccessCode) {
    super(message);
    this.data = code ? { status, code } : { status };
  }
}

const REDIS_CONNECT_TIMEOUT_MS = 5_000;
const RECHECK_INTERVAL_MS = 30_000;
/** How long a revocation is remembered for handshakes that were under way when it arrived. */
const REVOCATION_MEMORY_MS = 60_000;

interface Grant extends SocketGrant {
  /** The revocation counter when the handshake began: later revocations of this caller apply. */
  since: number;
}

export function createRealtime(deps: ServiceDeps, options: RealtimeOptions = {}): RealtimeService {
  const logger = deps.logger.child({ component: 'realtime' });
  let io: RealtimeServer | undefined;
  let feed: ChangeFeed | undefined;
  let billingFeed: Feed | undefined;
  let recallFeed: Feed | undefined;
  let waitlistFeed: Feed | undefined;
  let chartFeed: Feed | undefined;
  const redisClients: { isOpen: boolean; isReady: boolean; quit(): Promise<unknown>; destroy(): void }[] = [];
  const expiryTimers = new Set<NodeJS.Timeout>();
  let accessFeed: Feed | undefined;
  let recheckTimer: NodeJS.Timeout | undefined;
  let rechecking: Promise<number> | undefined;
  /** What each connected socket was let in with (sockets of this instance only). */
  const grants = new WeakMap<RealtimeSocket, Grant>();
  /** Revocations of the last minute, by `user:<id>` / `session:<id>`: their counter value and time. */
  let revocationCount = 0;
  const recentRevocations = new Map<string, { count: number; at: number }>();

  function remember(key: string): void {
    const now = Date.now();
    recentRevocations.delete(key);
    recentRevocations.set(key, { count: ++revocationCount, at: now });
    // Insertion order is age order: drop what no handshake can still be waiting on.
    for (const [old, { at }] of recentRevocations) {
      if (now - at < REVOCATION_MEMORY_MS) break;
      recentRevocations.delete(old);
    }
  }

  function revokedSinceHandshake(grant: Grant): boolean {
    const keys = [`user:${grant.userId}`, ...(grant.sessionId ? [`session:${grant.sessionId}`] : [])];
    return keys.some((key) => (recentRevocations.get(key)?.count ?? 0) > grant.since);
  }

  /**
   * Ends a socket's access: out of every room at once (nothing more is emitted to it), told why
   * (`access-revoked`, so its screen can leave the session: a changed role lets the reconnection
   * in again), then the transport closes, as at token expiry, once that last packet is written;
   * the client reconnects with its current token.
   */
  function closeSocket(socket: RealtimeSocket, reason: AccessRevokedReason, detail?: string): void {
    grants.delete(socket);
    for (const room of [...socket.rooms]) if (room !== socket.id) void socket.leave(room);
    logger.info({ userId: socket.data.userId, reason: detail ?? reason }, 'access revoked: closing the socket');
    socket.emit(ACCESS_REVOKED, { reason });
    socket.conn.close();
  }

  function localSocketsOf(userId: string): RealtimeSocket[] {
    const server = io;
    if (!server) return [];
    const namespace = server.of('/');
    const ids = namespace.adapter.rooms.get(userRoom(userId));
    if (!ids) return [];
    return [...ids].flatMap((id) => {
      const socket = namespace.sockets.get(id);
      return socket ? [socket] : [];
    });
  }

  function revoke(notice: AccessNotice): void {
    remember(notice.session_id ? `session:${notice.session_id}` : `user:${notice.user_id}`);
    for (const socket of localSocketsOf(notice.user_id)) {
      const grant = grants.get(socket);
      // One session ended: its sockets, and any of the user's whose token names no session.
      if (notice.session_id && grant && grant.sessionId !== null && grant.sessionId !== notice.session_id) continue;
      closeSocket(socket, notice.reason);
    }
  }

  async function recheckNow(): Promise<number> {
    const server = io;
    if (!server) return 0;
    const checked = [...server.of('/').sockets.values()].flatMap((socket) => {
      const grant = grants.get(socket);
      return grant ? [{ socket, grant }] : [];
    });
    const revoked = await findRevokedGrants(
      deps.db,
      checked.map(({ grant }) => grant),
    );
    let closed = 0;
    for (const index of revoked) {
      const entry = checked[index];
      if (entry && grants.get(entry.socket) === entry.grant) {
        closeSocket(entry.socket, 'access_rechecked', 'access re-check');
        closed++;
      }
    }
    return closed;
  }

  /** One re-check at a time; a call during one waits for it and then runs its own. */
  function recheck(): Promise<number> {
    const previous = rechecking ?? Promise.resolve(0);
    const next = previous.catch(() => 0).then(recheckNow);
    rechecking = next;
    const done = () => {
      if (rechecking === next) rechecking = undefined;
    };
    next.then(done, done);
    return next;
  }

  function recheckInBackground(): void {
    recheck().catch((error: unknown) => logger.error({ err: error }, 'live-update access re-check failed'));
  }

  async function authenticate(socket: RealtimeSocket): Promise<void> {
    const handshake = { auth: socket.handshake.auth, headers: socket.handshake.headers };
    const token = accessTokenFrom(handshake);
    const since = revocationCount;
    const verified = await deps.callers.verify(token);
    if (!verified.ok) throw new HandshakeError(verified.status, verified.error, verified.code);
    const requested = requestedClinicFrom(handshake.auth);
    if (!requested.ok) throw new HandshakeError(400, requested.error);
    const choice = chooseClinic(verified.caller, requested.clinicId);
    if (!choice.ok) throw new HandshakeError(choice.status, choice.error);
    if (verified.caller.role === 'superadmin' && !(await clinicExists(deps.db, choice.clinicId)))
      throw new HandshakeError(404, 'Clinic not found.');
    socket.data.userId = verified.caller.userId;
    socket.data.clinicId = choice.clinicId;
    grants.set(socket, {
      userId: verified.caller.userId.toLowerCase(),
      sessionId: token ? tokenSessionId(token) : null,
      role: verified.caller.role,
      clinicId: verified.caller.clinicId,
      since,
    });
    // The socket lives as long as its token: at expiry the transport is closed, and the client's
    // automatic reconnection sends its current (refreshed) token in a new handshake.
    const expiresAt = token ? tokenExpiresAt(token) : null;
    if (expiresAt !== null) {
      const timer = setTimeout(
        () => {
          expiryTimers.delete(timer);
          logger.debug({ userId: verified.caller.userId }, 'socket token expired: closing its transport');
          socket.conn.close();
        },
        Math.min(Math.max(0, expiresAt - Date.now()), 2 ** 31 - 1),
      );
      timer.unref();
      expiryTimers.add(timer);
      socket.once('disconnect', () => {
        clearTimeout(timer);
        expiryTimers.delete(timer);
      });
    }
  }

  async function connectRedis(url: string) {
    // Loaded only with REDIS_URL: the local stack's start does not pay for a client it never uses.
    const { createClient } = await import('redis');
    const pub = createClient({ url, socket: { connectTimeout: REDIS_CONNECT_TIMEOUT_MS } });
    const sub = pub.duplicate();
    let lastError: unknown;
    for (const client of [pub, sub]) {
      redisClients.push(client);
      client.on('error', (error: unknown) => {
        lastError = error;
        logger.error({ err: error }, 'redis connection error');
      });
    }
    let timeout: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        Promise.all([pub.connect(), sub.connect()]),
        new Promise((_, reject) => {
          timeout = setTimeout(() => reject(new Error('timed out')), REDIS_CONNECT_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      await closeRedis();
      const cause = lastError ?? error;
      const reason = cause instanceof Error ? cause.message || cause.name : String(cause);
      throw new Error(`Could not connect to Redis at REDIS_URL (${redactUrl(url)}): ${reason}`, { cause });
    } finally {
      clearTimeout(timeout);
    }
    return { pub, sub };
  }

  async function closeRedis() {
    const clients = redisClients.splice(0);
    await Promise.all(
      clients.map(async (client) => {
        // quit() flushes pending commands but waits forever on a connection that is not up.
        if (client.isReady) await client.quit().catch(() => undefined);
        try {
          if (client.isOpen) client.destroy();
        } catch {
          // already closed
        }
      }),
    );
  }

  return {
    async attach(server: HttpServer) {
      if (io) throw new Error('realtime is already attached');
      const redis = deps.config.redisUrl ? await connectRedis(deps.config.redisUrl) : undefined;
      const redisAdapter = redis ? await import('@socket.io/redis-adapter') : undefined;
      const created = new Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>(server, {
        path: '/socket.io',
        cors: { origin: deps.config.corsOrigins, methods: ['GET', 'POST'] },
        serveClient: false,
        // Clients send nothing but the handshake.
        maxHttpBufferSize: 64 * 1024,
        // A ping a second lets a desk notice a silently dead connection within 2 s (a one-byte
        // frame per socket and second); the pong may take longer, so a busy tab is not dropped.
        pingInterval: LIVE_PING_INTERVAL_MS,
        pingTimeout: LIVE_PING_TIMEOUT_MS,
      });
      if (redis && redisAdapter)
        created.adapter(redisAdapter.createAdapter(redis.pub, redis.sub, { key: options.redisKey ?? 'ngiti' }));
      created.use((socket, next) => {
        authenticate(socket).then(
          () => next(),
          (error: unknown) => {
            if (error instanceof HandshakeError) return next(error);
            logger.error({ err: error }, 'socket handshake failed');
            next(new HandshakeError(500, 'Could not check your access. Please try again.'));
          },
        );
      });
      created.on('connection', (socket) => {
        const grant = grants.get(socket);
        void socket.join([clinicRoom(socket.data.clinicId), userRoom(socket.data.userId)]);
        socket.once('disconnect', () => grants.delete(socket));
        // Revoked while its handshake was under way: the notice found no socket to close yet.
        if (!grant || revokedSinceHandshake(grant))
          closeSocket(socket, 'access_rechecked', 'revoked during the handshake');
      });
      io = created;
    },
    async start() {
      if (!io) throw new Error('attach(server) must come before start()');
      if (feed) return;
      const server = io;
      const localRooms = server.of('/').adapter.rooms;
      feed = createChangeFeed({
        db: deps.db,
        logger,
        coalesceMs: options.coalesceMs,
        isFollowed: (clinicId) => localRooms.has(clinicRoom(clinicId)),
        deliver: (payload) => server.local.to(clinicRoom(payload.clinic_id)).emit(APPOINTMENT_UPDATED, payload),
      });
      await feed.start();
      billingFeed = createBillingFeed({
        db: deps.db,
        logger,
        isFollowed: (clinicId) => localRooms.has(clinicRoom(clinicId)),
        deliver: (payload) => server.local.to(clinicRoom(payload.clinic_id)).emit(BILLING_UPDATED, payload),
      });
      await billingFeed.start();
      recallFeed = createRecallFeed({
        db: deps.db,
        logger,
        isFollowed: (clinicId) => localRooms.has(clinicRoom(clinicId)),
        deliver: (payload) => server.local.to(clinicRoom(payload.clinic_id)).emit(RECALL_UPDATED, payload),
      });
      await recallFeed.start();
      waitlistFeed = createWaitlistFeed({
        db: deps.db,
        logger,
        isFollowed: (clinicId) => localRooms.has(clinicRoom(clinicId)),
        deliver: (payload) => server.local.to(clinicRoom(payload.clinic_id)).emit(WAITLIST_UPDATED, payload),
      });
      await waitlistFeed.start();
      chartFeed = createChartFeed({
        db: deps.db,
        logger,
        isFollowed: (clinicId) => localRooms.has(clinicRoom(clinicId)),
        deliver: (payload) => server.local.to(clinicRoom(payload.clinic_id)).emit(CHART_UPDATED, payload),
      });
      await chartFeed.start();
      accessFeed = createAccessFeed({ db: deps.db, logger, revoke, onReconnect: recheckInBackground });
      await accessFeed.start();
      // Sockets let in before the feed listened (between attach and start) are checked now.
      recheckInBackground();
      recheckTimer = setInterval(recheckInBackground, options.recheckIntervalMs ?? RECHECK_INTERVAL_MS);
      recheckTimer.unref();
    },
    broadcastToClinic(clinicId, event, ...args) {
      io?.to(clinicRoom(clinicId)).emit(event, ...args);
    },
    async settled() {
      await feed?.idle();
    },
    recheck,
    async close() {
      clearInterval(recheckTimer);
      recheckTimer = undefined;
      const stoppingAccess = accessFeed;
      accessFeed = undefined;
      await stoppingAccess?.stop();
      const stopping = feed;
      feed = undefined;
      await stopping?.stop();
      const stoppingBilling = billingFeed;
      billingFeed = undefined;
      await stoppingBilling?.stop();
      const stoppingRecalls = recallFeed;
      recallFeed = undefined;
      await stoppingRecalls?.stop();
      const stoppingWaitlist = waitlistFeed;
      waitlistFeed = undefined;
      await stoppingWaitlist?.stop();
      const stoppingChart = chartFeed;
      chartFeed = undefined;
      await stoppingChart?.stop();
      await rechecking?.catch(() => undefined);
      for (const timer of expiryTimers) clearTimeout(timer);
      expiryTimers.clear();
      const server = io;
      io = undefined;
      if (server) {
        // Not io.close(): that would also close the HTTP server, which belongs to the service. Nor
        // disconnectSockets(): a client told it was disconnected by the server never reconnects,
        // so every open screen would stay offline after a deploy. Closing each transport reads to
        // the client as a lost connection, and it reconnects once a service answers again.
        for (const socket of server.of('/').sockets.values()) socket.conn.close();
        await Promise.resolve(server.of('/').adapter.close()).catch(() => undefined);
        server.engine.close();
      }
      await closeRedis();
    },
  };
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'not a URL';
  }
}
