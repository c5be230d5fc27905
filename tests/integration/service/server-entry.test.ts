/**
 * `npm run server` (server/index.ts) as a real process: a bad environment is reported line by
 * line with exit code 1; on a real PostgreSQL server (TEST_DATABASE_URL) it serves a status notice
 * through a Meta stand-in over HTTP and stops cleanly on SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../../local/db/database.ts';
import { migrate, repoRoot } from '../../../local/db/migrate.ts';
import { createMetaStandIn, type MetaStandIn } from '../../../local/meta/stand-in.ts';
import { databaseTargets } from '../../support/database.ts';
import { createScratchDatabase, testDatabaseUrl } from '../../support/postgres.ts';
import { newPsid, signHs256 } from '../../support/service.ts';

const ENTRY = path.join(repoRoot, 'server', 'index.ts');

// As `npm run server` starts it: node with tsx's loader, one process. (The tsx CLI would put a
// parent process in between that gives the server 30 ms to acknowledge a SIGTERM and otherwise
// kills it and exits 143: a busy machine misses that.)
function run(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  });
}

function collect(child: ChildProcess) {
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { output, exited };
}

describe('npm run server', () => {
  it('when the environment is incomplete, then every problem is printed on its own line and it exits 1', async () => {
    const { output, exited } = collect(run({ META_TIMEOUT_MS: 'soon', SITE_URL: 'https://app.example' }));
    expect(await exited).toBe(1);
    const lines = output.stderr.split('\n').filter((line) => line.startsWith('  - '));
    expect(output.stderr).toContain('Cannot start the notification service: bad configuration');
    expect(lines).toEqual([
      "  - PUBLIC_URL is required: this service's public URL (Facebook redirects to PUBLIC_URL/api/facebook/callback)",
      "  - JWT_SECRET is required: the Supabase project's JWT secret (verifies staff access tokens)",
      "  - META_APP_ID is required: the Facebook app's id",
      "  - META_APP_SECRET is required: the Facebook app's secret (checks webhook signatures)",
      '  - META_VERIFY_TOKEN is required: the webhook verify token set in the Facebook app',
      '  - META_TIMEOUT_MS must be a whole number from 100 to 30000, got "soon"',
      '  - DATABASE_URL is required: a Postgres connection string of the clinic database (service role)',
    ]);
  });
});

const serverTargets = databaseTargets().filter((target) => target === 'postgres');

describe.each(serverTargets)('npm run server on %s', () => {
  const jwtSecret = 'a-production-secret-of-at-least-32-characters';
  let scratch: { url: string; drop(): Promise<void> };
  let db: Database;
  let meta: MetaStandIn;
  let metaServer: Server;
  let metaUrl: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase(testDatabaseUrl!);
    db = await openPostgres(scratch.url);
    await migrate(db, { seed: true });
    meta = createMetaStandIn({ webhookUrl: 'http://127.0.0.1:9/webhook', appSecret: 'app-secret', appId: '77' });
    const app = express();
    app.use('/_meta', meta.router);
    metaServer = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    metaUrl = `http://127.0.0.1:${(metaServer.address() as AddressInfo).port}/_meta/v21.0`;
  });

  afterAll(async () => {
    metaServer?.closeAllConnections();
    await new Promise<void>((resolve) => (metaServer ? metaServer.close(() => resolve()) : resolve()));
    await db?.close();
    await scratch?.drop();
  });

  it('when started, then it notifies a patient through Meta and stops on SIGTERM', async () => {
    const child = run({
      PORT: '0',
      DATABASE_URL: scratch.url,
      SITE_URL: 'http://app.localhost',
      PUBLIC_URL: 'http://api.localhost',
      JWT_SECRET: jwtSecret,
      META_GRAPH_URL: metaUrl,
      META_APP_ID: '77',
      META_APP_SECRET: 'app-secret',
      META_VERIFY_TOKEN: 'verify',
      REMINDER_SCHEDULER: 'off',
    });
    const { output, exited } = collect(child);
    try {
      const port = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no listening line: ${output.stdout}${output.stderr}`)),
          30_000,
        );
        child.stdout?.on('data', () => {
          const match = /"port":(\d+).*notification service listening/.exec(output.stdout);
          if (match) {
            clearTimeout(timer);
            resolve(Number(match[1]));
          }
        });
      });
      const psid = newPsid(7);
      const { rows } = await db.query<{ id: string; clinic_id: string }>(
        `select a.id::text, a.clinic_id::text from public.appointments a join public.clinics c on c.id = a.clinic_id
          where c.name = 'Smile Dental' and not a.deleted order by a.id limit 1`,
      );
      const appointment = rows[0]!;
      await db.query(
        `update public.patients set messenger_id = $1 where id = (select patient_id from public.appointments where id = $2)`,
        [psid, appointment.id],
      );
      const now = Math.floor(Date.now() / 1000);
      const token = await signHs256(
        { sub: 'd0000000-0000-4000-8000-000000000003', role: 'authenticated', exp: now + 600 },
        jwtSecret,
      );
      const response = await fetch(`http://127.0.0.1:${port}/status-notifications/${appointment.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'Confirmed', clinic_id: Number(appointment.clinic_id), message: 'See you!' }),
      });
      expect(await response.json()).toMatchObject({ ok: true, via: 'template' });
      // Only this patient's: the demo waitlist's offers of open slots go out at start too.
      expect(meta.state.messages.filter((message) => message.recipientId === psid)).toEqual([
        expect.objectContaining({ recipientId: psid, text: 'See you!' }),
      ]);
      const logged = await db.query(`select outcome from public.appointment_notifications where messenger_id = $1`, [
        psid,
      ]);
      expect(logged.rows).toEqual([{ outcome: 'sent' }]);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output.stdout).toContain('shutting down');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
