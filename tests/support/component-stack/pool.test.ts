import { request, type ClientRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startStackPool, type PooledStack, type StackLease, type StackPool } from './pool.ts';

/** Stand-ins for the worker stacks: each records what the pool asked of it. */
function fakeStacks(options: { failRenew?: (id: number) => boolean; failStart?: (id: number) => boolean } = {}) {
  const events: string[] = [];
  let started = 0;
  const start = async (): Promise<PooledStack> => {
    started += 1;
    const id = started;
    events.push(`start ${id}`);
    if (options.failStart?.(id)) throw new Error(`stack ${id} did not start`);
    const stopListeners: (() => void)[] = [];
    return {
      lease: {
        url: `http://stack-${id}.test`,
        controlUrl: `http://control-${id}.test`,
        anonKey: 'anon',
        serviceRoleKey: 'service',
      },
      async renew() {
        events.push(`renew ${id}`);
        if (options.failRenew?.(id)) throw new Error(`stack ${id} broke`);
      },
      async stop() {
        events.push(`stop ${id}`);
        stopListeners.splice(0).forEach((listener) => listener());
      },
      onStop: (listener) => void stopListeners.push(listener),
    };
  };
  return { events, start };
}

interface Leased {
  lease: StackLease;
  /** Ends the lease as a file does, or as a dying thread's socket does. */
  end(): void;
}

/** Asks for a lease as src/testing/real-db/stack.ts does; `asking` lets a test give up waiting. */
function lease(pool: StackPool, asked?: (asking: ClientRequest) => void): Promise<Leased> {
  return new Promise((resolve, reject) => {
    const asking = request(`${pool.url}/lease`, { method: 'POST', agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        if (response.statusCode === 200 && text.includes('\n'))
          resolve({ lease: JSON.parse(text.split('\n')[0]!) as StackLease, end: () => response.destroy() });
      });
      response.on('end', () => reject(new Error(`${response.statusCode}: ${text}`)));
    });
    asking.on('error', reject);
    asking.end();
    asked?.(asking);
  });
}

const pools: StackPool[] = [];
async function startPool(size: number, start: () => Promise<PooledStack>) {
  const pool = await startStackPool({ size, start });
  pools.push(pool);
  return pool;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

describe('the component stack pool', () => {
  it('starts no stack before a file asks for one, then one per file up to its size', async () => {
    const stacks = fakeStacks();
    const pool = await startPool(2, stacks.start);
    expect(stacks.events).toEqual([]);

    const [first, second] = await Promise.all([lease(pool), lease(pool)]);

    expect(new Set([first.lease.url, second.lease.url])).toEqual(
      new Set(['http://stack-1.test', 'http://stack-2.test']),
    );
    expect(first.lease).toMatchObject({ anonKey: 'anon', serviceRoleKey: 'service' });
    expect(stacks.events).toEqual(['start 1', 'start 2']);
  });

  it('gives a file that waits the stack another file let go, renewed', async () => {
    const stacks = fakeStacks();
    const pool = await startPool(1, stacks.start);
    const first = await lease(pool);
    const waiting = lease(pool);

    first.end();
    const second = await waiting;

    expect(second.lease.url).toBe(first.lease.url);
    expect(stacks.events).toEqual(['start 1', 'renew 1']);
  });

  it('reuses a free stack rather than start another', async () => {
    const stacks = fakeStacks();
    const pool = await startPool(2, stacks.start);
    (await lease(pool)).end();
    // The next lease comes after the renewal, which the release awaits before freeing the stack.
    await expect.poll(() => stacks.events).toEqual(['start 1', 'renew 1']);

    const again = await lease(pool);

    expect(again.lease.url).toBe('http://stack-1.test');
    expect(stacks.events).toEqual(['start 1', 'renew 1']);
  });

  it('does not keep a stack for a file that stopped waiting', async () => {
    const stacks = fakeStacks();
    const pool = await startPool(1, stacks.start);
    const first = await lease(pool);
    let gaveUp!: ClientRequest;
    const abandoned = lease(pool, (asking) => (gaveUp = asking)).catch((error: unknown) => error);
    gaveUp.destroy();
    await abandoned;

    first.end();
    const third = await lease(pool);

    expect(third.lease.url).toBe('http://stack-1.test');
    expect(stacks.events.filter((event) => event.startsWith('start'))).toEqual(['start 1']);
  });

  it('stops a stack that cannot be renewed and starts another for the file that waits', async () => {
    const stacks = fakeStacks({ failRenew: (id) => id === 1 });
    const pool = await startPool(1, stacks.start);
    const first = await lease(pool);
    const waiting = lease(pool);

    first.end();
    const second = await waiting;

    expect(second.lease.url).toBe('http://stack-2.test');
    expect(stacks.events).toEqual(['start 1', 'renew 1', 'stop 1', 'start 2']);
  });

  it("answers a stack's failure to start, and tries again for the next file", async () => {
    const stacks = fakeStacks({ failStart: (id) => id === 1 });
    const pool = await startPool(1, stacks.start);

    await expect(lease(pool)).rejects.toThrow('500: Error: stack 1 did not start');
    const next = await lease(pool);

    expect(next.lease.url).toBe('http://stack-2.test');
  });

  it('stops every stack it started when the run ends', async () => {
    const stacks = fakeStacks();
    const pool = await startStackPool({ size: 2, start: stacks.start });
    await Promise.all([lease(pool), lease(pool)]);

    await pool.close();

    expect(stacks.events.filter((event) => event.startsWith('stop')).sort()).toEqual(['stop 1', 'stop 2']);
    expect(stacks.events.filter((event) => event.startsWith('renew'))).toEqual([]);
  });
});
