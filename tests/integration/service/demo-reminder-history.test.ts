/**
 * The demo data's reminder log against what the local Meta stand-in received: a reminder the log
 * calls sent must be in the stand-in's inbox (/_dev/messenger.json, empty at every start), and
 * nothing the seed logs may stop the clinics' daily run from sending today's reminders. The
 * stack's own scheduler is off; the test runs one pass with a fixed clock and a fake Messenger.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicInstant, clinicToday } from '@common/clinic-calendar';
import { RECALL_BOOK_TITLE, recallBookPayload } from '@common/contract';
import type { Messenger, OutgoingMessage, SendResult } from '../../../server/contracts.ts';
import { MANUAL_ALREADY_SENT } from '../../../server/reminders/reminder-rules.ts';
import { createReminderScheduler } from '../../../server/reminders/scheduler.ts';
import { schedulerDeps } from '../../support/service.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

class FakeMessenger implements Messenger {
  readonly sent: OutgoingMessage[] = [];
  async send(message: OutgoingMessage): Promise<SendResult> {
    this.sent.push(message);
    return { ok: true, messageId: `mid.${randomUUID()}`, via: 'message' };
  }
}

interface InboxRecall {
  pageId: string;
  recipientId: string;
  text: string;
  quickReplies: { title: string; payload: string }[];
}

interface InboxMessage {
  pageId: string;
  recipientId: string;
}

let stack: TestStack;
/** The reminder log as the seed left it; the daily-run test below adds rows of its own. */
let seededReminderIds: string[];

beforeAll(async () => {
  stack = await startTestStack({ env: { REMINDER_SCHEDULER: 'off' } });
  const { rows } = await stack.db.query<{ id: string }>('select id::text as id from public.appointment_reminders');
  seededReminderIds = rows.map((row) => row.id);
});

afterAll(async () => {
  await stack?.stop();
});

describe('the demo reminder log', () => {
  it('when the demo starts, then every reminder the log calls sent is in the Messenger inbox', async () => {
    const response = await fetch(`${stack.url}/_dev/messenger.json`);
    expect(response.status).toBe(200);
    const inbox = ((await response.json()) as { messages: InboxMessage[] }).messages;
    const { rows: sent } = await stack.db.query<{ page_id: string | null; messenger_id: string | null }>(
      `select c.messenger_page_id as page_id, r.messenger_id
         from public.appointment_reminders r join public.clinics c on c.id = r.clinic_id
        where r.outcome = 'sent' and r.id::text = any($1)`,
      [seededReminderIds],
    );
    const notInInbox = sent.filter(
      (row) => !inbox.some((message) => message.pageId === row.page_id && message.recipientId === row.messenger_id),
    );
    expect(notInInbox).toEqual([]);
    // The log still has an entry to show: a reminder Meta refused, which claims no message.
    const { rows: logged } = await stack.db.query<{ is_manual: boolean; outcome: string; error: string | null }>(
      'select is_manual, outcome, error from public.appointment_reminders where id::text = any($1)',
      [seededReminderIds],
    );
    expect(logged).toEqual([
      { is_manual: false, outcome: 'failed', error: "(#551) This person isn't available right now." },
    ]);
  });

  it('when the seed is loaded, then it logs reminders only of appointments whose time has passed', async () => {
    const { rows } = await stack.db.query<{ id: string }>(
      `select r.id::text as id
         from public.appointment_reminders r join public.appointments a on a.id = r.appointment_id
        where a.appointment_time >= now() and r.id::text = any($1)`,
      [seededReminderIds],
    );
    expect(rows).toEqual([]);
  });

  it("when today's daily run comes, then no seeded row makes it skip a reminder", async () => {
    const { rows: clinics } = await stack.db.query<{ timezone: string; reminder_time: string }>(
      'select timezone, reminder_time::text as reminder_time from public.clinics order by reminder_time desc',
    );
    // A minute after the latest reminder time of the demo clinics, on the clinic's today.
    const latest = clinics[0]!;
    const runAt = new Date(
      clinicInstant(clinicToday(new Date(), latest.timezone), latest.reminder_time, latest.timezone).getTime() + 60_000,
    );
    const messenger = new FakeMessenger();
    const scheduler = createReminderScheduler(schedulerDeps({ db: stack.db, messenger, clock: { now: () => runAt } }));

    const report = await scheduler.runOnce();

    expect(report).toMatchObject({ clinicsDue: clinics.length, coveredByManual: 0 });
    const { rows: skipped } = await stack.db.query<{ id: string }>(
      `select id::text as id from public.appointment_reminders where error = $1`,
      [MANUAL_ALREADY_SENT],
    );
    expect(skipped).toEqual([]);
    expect(messenger.sent).toHaveLength(report.sent);
  });
});

describe('the demo recall log', () => {
  it('when the demo starts, then every recall the log calls sent is in the Messenger inbox, with its Book button', async () => {
    const inbox = ((await (await fetch(`${stack.url}/_dev/messenger.json`)).json()) as { messages: InboxRecall[] })
      .messages;
    const { rows: sent } = await stack.db.query<{ id: number; page_id: string; messenger_id: string; message: string }>(
      `select r.id::int as id, c.messenger_page_id as page_id, r.messenger_id, r.message
         from public.recall_messages r join public.clinics c on c.id = r.clinic_id
        where r.outcome = 'sent'
        order by r.id`,
    );
    // The seed's two recalls: one blocks the patient for 30 days, the other was answered with Book.
    expect(sent).toHaveLength(2);
    for (const recall of sent) {
      expect(inbox).toContainEqual(
        expect.objectContaining({
          pageId: recall.page_id,
          recipientId: recall.messenger_id,
          text: recall.message,
          quickReplies: [{ title: RECALL_BOOK_TITLE, payload: recallBookPayload(recall.id) }],
        }),
      );
    }
  });
});
