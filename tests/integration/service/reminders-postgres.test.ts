/**
 * Two service instances (two schedulers, each with its own connection pool) sending the same
 * clinic's reminders at the same moment on a real PostgreSQL server: each reminder goes out once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../../local/db/database.ts';
import { migrate } from '../../../local/db/migrate.ts';
import type { Messenger, OutgoingMessage, SendResult } from '../../../server/contracts.ts';
import { createReminderScheduler } from '../../../server/reminders/scheduler.ts';
import { createClinic } from '../../support/database.ts';
import { announcePostgresTarget, createScratchDatabase, testDatabaseUrl } from '../../support/postgres.ts';
import { connectPage, schedulerDeps } from '../../support/service.ts';

announcePostgresTarget('service-reminders-postgres');

const DUE = 400;
// Monday 2031-03-10, 09:30 in Manila; the appointments are on Tuesday the 11th.
const NOW = new Date('2031-03-10T01:30:00Z');

/** Records every message; answers after a few random milliseconds so the two instances interleave. */
class SlowMessenger implements Messenger {
  readonly sent: OutgoingMessage[] = [];
  async send(message: OutgoingMessage): Promise<SendResult> {
    this.sent.push(message);
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 4));
    return { ok: true, messageId: `mid.${this.sent.length}`, via: 'message' };
  }
}

describe.skipIf(!testDatabaseUrl)('two reminder schedulers on one PostgreSQL database', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let instanceA: Database;
  let instanceB: Database;
  let clinicId: number;

  beforeAll(async () => {
    scratch = await createScratchDatabase(testDatabaseUrl!);
    instanceA = await openPostgres(scratch.url);
    await migrate(instanceA, { seed: false });
    instanceB = await openPostgres(scratch.url);
    clinicId = await createClinic(instanceA, 'Two Instances Dental');
    await connectPage(instanceA, clinicId, { id: 'page-2i', accessToken: 'token-2i' });
    // 20 slots a day per dentist (09:00–11:40 and 13:00–16:20), so DUE / 20 dentists.
    await instanceA.query(
      `insert into public.dentists (clinic_id, name, email, phone)
       select $1, 'Dr. ' || g, 'dr' || g || '@example.test', '+63 917 000 0000' from generate_series(1, $2::int / 20) g`,
      [clinicId, DUE],
    );
    await instanceA.query(
      `insert into public.patients (clinic_id, name, phone, messenger_id)
       select $1, 'Patient ' || g, '+63 918 000 0000', 'psid-' || g from generate_series(1, $2::int) g`,
      [clinicId, DUE],
    );
    await instanceA.query(
      `with d as (select id, row_number() over (order by id) - 1 as n from public.dentists where clinic_id = $1),
            p as (select id, row_number() over (order by id) - 1 as n from public.patients where clinic_id = $1)
       insert into public.appointments (clinic_id, dentist_id, patient_id, appointment_time, reminder_days)
       select $1, d.id, p.id,
              ('2031-03-11'::date + make_interval(mins => case when p.n % 20 < 9 then 540 + 20 * (p.n % 20)::int
                                                               else 780 + 20 * (p.n % 20 - 9)::int end))
                at time zone 'Asia/Manila',
              '{1}'
         from p join d on d.n = p.n / 20`,
      [clinicId],
    );
  });

  afterAll(async () => {
    await instanceA?.close();
    await instanceB?.close();
    await scratch?.drop();
  });

  it('when both run a pass at once, then each reminder is sent once and recorded once', async () => {
    const messengerA = new SlowMessenger();
    const messengerB = new SlowMessenger();
    const deps = (db: Database, messenger: Messenger) => schedulerDeps({ db, messenger, clock: { now: () => NOW } });
    const schedulerA = createReminderScheduler(deps(instanceA, messengerA), { pageSize: 25, concurrency: 4 });
    const schedulerB = createReminderScheduler(deps(instanceB, messengerB), { pageSize: 25, concurrency: 4 });

    const [reportA, reportB] = await Promise.all([schedulerA.runOnce(), schedulerB.runOnce()]);
    // And again, as after a restart of both.
    await Promise.all([schedulerA.runOnce(), schedulerB.runOnce()]);

    const recipients = [...messengerA.sent, ...messengerB.sent].map((message) => message.recipientId);
    expect(recipients).toHaveLength(DUE);
    expect(new Set(recipients).size).toBe(DUE);
    expect(reportA.sent + reportB.sent).toBe(DUE);
    // Both really took part (the pages interleave): neither sent everything.
    expect(messengerA.sent.length).toBeGreaterThan(0);
    expect(messengerB.sent.length).toBeGreaterThan(0);
    const { rows } = await instanceA.query<{ outcome: string; count: number }>(
      `select outcome, count(*)::int as count from public.appointment_reminders where clinic_id = $1 group by outcome`,
      [clinicId],
    );
    expect(rows).toEqual([{ outcome: 'sent', count: DUE }]);
  });
});
