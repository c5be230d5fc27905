/**
 * npm run bench — live-update latency: 200 socket.io clients of one clinic connected to the local
 * stack's notification service; N appointment updates made through the database, one after the
 * other; for each client and update, the time from the UPDATE's commit to the client's receipt of
 * `appointment-updated`. Prints p50/p95/max. Clients run in this process too, so the numbers
 * include their own share of the CPU. Writes bench/results/realtime.json; it has no budget, so
 * nothing here fails a build.
 *
 * BENCH_SOCKETS (default 200), BENCH_UPDATES (default 50).
 */
import { io as connect, type Socket } from 'socket.io-client';
import { signJwt } from '../local/gateway/jwt.ts';
import { record, startBenchStack, summary, writeResults } from './support/harness.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 200);
const UPDATES = Number(process.env.BENCH_UPDATES ?? 50);

async function main() {
  const stack = await startBenchStack({ seed: true });
  const sockets: Socket[] = [];
  try {
    const { rows: users } = await stack.db.query<{ user_id: string; clinic_id: number }>(
      `select user_id::text, clinic_id::integer from public.users where email = 'reception@demo.test'`,
    );
    const user = users[0]!;
    const { rows: appointments } = await stack.db.query<{ id: number; status: string }>(
      `select id::integer, status from public.appointments
        where clinic_id = $1 and not deleted and status in ('Scheduled', 'Confirmed') and appointment_time > now()
        order by appointment_time limit 1`,
      [user.clinic_id],
    );
    const appointmentId = appointments[0]!.id;
    // Every update must change the status (an update that changes nothing sends no event).
    const statuses = appointments[0]!.status === 'Confirmed' ? ['Scheduled', 'Confirmed'] : ['Confirmed', 'Scheduled'];
    const token = signJwt(
      { sub: user.user_id, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 },
      stack.config.jwtSecret,
    );

    let expected: { status: string; committedAt: number } | undefined;
    const latencies: number[] = [];
    let received = 0;
    const connectStarted = performance.now();
    await Promise.all(
      Array.from({ length: SOCKETS }, () => {
        const socket = connect(stack.url, {
          path: '/socket.io',
          transports: ['websocket'],
          reconnection: false,
          auth: { token },
        });
        sockets.push(socket);
        socket.on('appointment-updated', (payload: { id: number; status: string }) => {
          if (!expected || payload.id !== appointmentId || payload.status !== expected.status) return;
          latencies.push(performance.now() - expected.committedAt);
          received += 1;
        });
        return new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
      }),
    );
    const connectMs = performance.now() - connectStarted;
    record('sockets connected in ms', connectMs);
    console.log(`realtime: ${SOCKETS} sockets of one clinic connected in ${connectMs.toFixed(0)} ms`);

    for (let i = 0; i < UPDATES; i++) {
      const status = statuses[i % 2]!;
      const before = received;
      // The UPDATE commits when the statement returns (autocommit): that is where the clock starts.
      await stack.db.query('update public.appointments set status = $2 where id = $1', [appointmentId, status]);
      expected = { status, committedAt: performance.now() };
      const deadline = performance.now() + 5000;
      while (received - before < SOCKETS && performance.now() < deadline) await new Promise((r) => setTimeout(r, 1));
      if (received - before < SOCKETS)
        console.log(`  update ${i + 1}: only ${received - before}/${SOCKETS} within 5 s`);
    }

    const format = (ms: number) => `${ms.toFixed(1)} ms`;
    const stats = summary(latencies);
    record('appointment-updated commit → receipt', { ...stats, unit: 'ms', expected: UPDATES * SOCKETS });
    console.log(
      `appointment-updated, ${UPDATES} updates × ${SOCKETS} sockets (${latencies.length} deliveries): ` +
        `p50 ${format(stats.p50)}, p95 ${format(stats.p95)}, max ${format(stats.max)}`,
    );
  } finally {
    for (const socket of sockets) socket.disconnect();
    await stack.stop();
  }
  writeResults('realtime', { sockets: SOCKETS, updates: UPDATES });
}

await main();
