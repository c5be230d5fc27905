/**
 * Live updates: socket.io at /socket.io on the service's HTTP server. A socket proves who it is
 * with the Supabase access token in its handshake and joins its clinic's room; the change feed
 * turns every committed appointment change into `appointment-updated` for that room only.
 *
 * Several instances (REDIS_URL): every instance LISTENs to the same database, so each one emits
 * database changes to its own sockets only (`io.local`), and nobody gets a change twice. The
 * Redis adapter carries what one instance emits to everyone (`broadcastToClinic`). docs/realtime.md.
 */
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import {
  APPOINTMENT_UPDATED,
  type ClientToServerEvents,
  type InterServerEvents,
  type ServerToClientEvents,
  type SocketData,
} from '@common/contract';
import { clinicExists } from '../clinics/clinic-store';
import type { Realtime, ServiceDeps } from '../contracts';
import { createChangeFeed, type ChangeFeed } from './change-feed';
import { accessTokenFrom, chooseClinic, clinicRoom, requestedClinicFrom, tokenExpiresAt } from './handshake';

type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export interface RealtimeOptions {
  /** Prefix of the Redis pub/sub channels (instances that share it share events). */
  redisKey?: string;
  /** How long change notices are collected before one load. */
  coalesceMs?: number;
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
}

class HandshakeError extends Error {
  readonly data: { status: number };
  constructor(status: number, message: string) {
    super(message);
    this.data = { status };
  }
}

const REDIS_CONNECT_TIMEOUT_MS = 5_000;

export function createRealtime(deps: ServiceDeps, options: RealtimeOptions = {}): RealtimeService {
  const logger = deps.logger.child({ component: 'realtime' });
  let io: RealtimeServer | undefined;
  let feed: ChangeFeed | undefined;
  const redisClients: { isOpen: boolean; isReady: boolean; quit(): Promise<unknown>; destroy(): void }[] = [];
  const expiryTimers = new Set<NodeJS.Timeout>();

  async function authenticate(socket: RealtimeSocket): Promise<void> {
    const handshake = { auth: socket.handshake.auth, headers: socket.handshake.headers };
    const token = accessTokenFrom(handshake);
    const verified = await deps.callers.verify(token);
    if (!verified.ok) throw new HandshakeError(verified.status, verified.error);
    const requested = requestedClinicFrom(handshake.auth);
    if (!requested.ok) throw new HandshakeError(400, requested.error);
    const choice = chooseClinic(verified.caller, requested.clinicId);
    if (!choice.ok) throw new HandshakeError(choice.status, choice.error);
    if (verified.caller.role === 'superadmin' && !(await clinicExists(deps.db, choice.clinicId)))
      throw new HandshakeError(404, 'Clinic not found.');
    socket.data.userId = verified.caller.userId;
    socket.data.clinicId = choice.clinicId;
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
      const created = new Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>(server, {
        path: '/socket.io',
        cors: { origin: deps.config.corsOrigins, methods: ['GET', 'POST'] },
        serveClient: false,
        // Clients send nothing but the handshake.
        maxHttpBufferSize: 64 * 1024,
      });
      if (redis) created.adapter(createAdapter(redis.pub, redis.sub, { key: options.redisKey ?? 'ngiti' }));
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
        void socket.join(clinicRoom(socket.data.clinicId));
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
    },
    broadcastToClinic(clinicId, event, ...args) {
      io?.to(clinicRoom(clinicId)).emit(event, ...args);
    },
    async settled() {
      await feed?.idle();
    },
    async close() {
      const stopping = feed;
      feed = undefined;
      await stopping?.stop();
      for (const timer of expiryTimers) clearTimeout(timer);
      expiryTimers.clear();
      const server = io;
      io = undefined;
      if (server) {
        // Not io.close(): that would also close the HTTP server, which belongs to the service.
        server.local.disconnectSockets(true);
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
