import type { Socket } from 'socket.io-client';
import { serviceAccessToken, serviceBaseUrl } from './service-client';

/** Spec part 2 §9: realtime reconnection settings. */
export const REALTIME_SOCKET_OPTIONS = Object.freeze({
  path: '/socket.io',
  reconnection: true,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
  timeout: 20_000,
});

export type RealtimeStatus = 'connecting' | 'connected' | 'reconnecting' | 'refused';

export interface RealtimeSubscription {
  close(): void;
}

export interface SubscribeOptions {
  /** The service's base URL; /config.json's apiUrl by default. */
  apiUrl?: string;
  /** The clinic to follow (a superadmin may follow any; others are held to their own by the service). */
  clinicId: number;
  event: string;
  onEvent(payload: unknown): void;
  onStatus?(status: RealtimeStatus, detail?: string): void;
}

/**
 * Connects to the notification service's socket.io endpoint and follows one event. The client
 * library is loaded on first use, so screens that never subscribe don't pay for it. Each
 * (re)connection sends the current access token, which auth-js keeps fresh.
 */
export async function subscribeToServiceEvents(options: SubscribeOptions): Promise<RealtimeSubscription> {
  const { io } = await import('socket.io-client');
  const socket: Socket = io(options.apiUrl ?? serviceBaseUrl(), {
    ...REALTIME_SOCKET_OPTIONS,
    transports: ['websocket', 'polling'],
    auth: (send) => {
      void serviceAccessToken().then((token) => send({ token, clinicId: options.clinicId }));
    },
  });
  options.onStatus?.('connecting');
  socket.on('connect', () => options.onStatus?.('connected'));
  socket.on('disconnect', () => options.onStatus?.('reconnecting'));
  socket.on('connect_error', (error: Error) => {
    // The server refused the handshake (bad token, no access): socket.io stops retrying itself.
    options.onStatus?.(socket.active ? 'reconnecting' : 'refused', error.message);
  });
  socket.on(options.event, (payload: unknown) => options.onEvent(payload));
  return {
    close() {
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
