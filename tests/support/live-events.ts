/**
 * A staff member's live connection in a service test: a real socket.io client signed in with the
 * user's access token, collecting every payload of one event. The socket closes with `closeAll`.
 */
import { io as connect, type Socket } from 'socket.io-client';
import type { ServerToClientEvents } from '@common/contract';
import { accessToken } from './service.ts';
import type { TestStack } from './stack.ts';

export interface LiveEvents {
  /** Connects `email` and answers the list that fills with each `event` it receives. */
  follow<E extends keyof ServerToClientEvents>(
    email: string,
    event: E,
  ): Promise<Parameters<ServerToClientEvents[E]>[0][]>;
  /** Disconnects every socket opened so far. */
  closeAll(): void;
}

export function liveEvents(stack: () => TestStack): LiveEvents {
  const sockets: Socket[] = [];
  return {
    async follow(email, event) {
      const socket = connect(stack().url, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        auth: { token: await accessToken(stack(), email) },
      });
      sockets.push(socket);
      const received: Parameters<ServerToClientEvents[typeof event]>[0][] = [];
      socket.on(event as string, (payload: (typeof received)[number]) => received.push(payload));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return received;
    },
    closeAll() {
      for (const socket of sockets.splice(0)) socket.disconnect();
    },
  };
}
