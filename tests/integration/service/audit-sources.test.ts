/**
 * The audit trail's sources through the notification service over real HTTP on the local stack: a
 * patient's Confirm reply posted by the Meta stand-in to the webhook is recorded as 'webhook', and
 * an admin disconnecting the clinic's Facebook page through the service's API as 'service', naming
 * the admin, with the page access token recorded as removed, never its value.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_REPLY_PAYLOAD } from '../../../server/contracts.ts';
import { whenWebhookIdle } from '../../../server/webhook/processor.ts';
import {
  DEMO,
  SMILE_DENTAL_PAGE,
  connectPage,
  newDentist,
  newPatientAppointment,
  newPsid,
  postJson,
  signIn,
  startConnectedDemoStack,
  weekdaySlots,
} from '../../support/service.ts';
import type { TestStack } from '../../support/stack.ts';

interface AuditRow {
  entity: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  actor_user_id: string | null;
  actor_name: string | null;
  source: string;
}

let stack: TestStack;
let smile: number;

beforeAll(async () => {
  const started = await startConnectedDemoStack();
  stack = started.stack;
  smile = started.clinics.smile;
});

afterAll(async () => {
  await stack?.stop();
});

async function logOf(entity: string, entityId: number, afterId = 0): Promise<AuditRow[]> {
  const { rows } = await stack.db.query<AuditRow>(
    `select entity, action, before, after, actor_user_id::text as actor_user_id, actor_name, source
       from public.audit_log where entity = $1 and entity_id = $2 and id > $3 order by id`,
    [entity, entityId, afterId],
  );
  return rows;
}

async function lastLogId(): Promise<number> {
  const { rows } = await stack.db.query<{ id: string | null }>('select max(id) as id from public.audit_log');
  return Number(rows[0]!.id ?? 0);
}

describe('audit sources through the notification service', () => {
  it('when a patient taps Confirm in Messenger, then the status change is recorded as webhook, with no staff user', async () => {
    // The disconnect test below may have run first and left Smile Dental without its page.
    await connectPage(stack.db, smile, SMILE_DENTAL_PAGE);
    const dentistId = await newDentist(stack.db, smile, 'Audit');
    const psid = newPsid(6);
    const appointment = await newPatientAppointment(stack.db, {
      clinicId: smile,
      dentistId,
      time: weekdaySlots(10)(),
      messengerId: psid,
      reason: 'Cleaning',
    });
    const response = await postJson(stack, '/_dev/messenger/inbound', {
      pageId: SMILE_DENTAL_PAGE.id,
      psid,
      quickReplyPayload: QUICK_REPLY_PAYLOAD.confirm(appointment.id),
    });
    expect(response.status).toBe(200);
    await whenWebhookIdle();

    const log = await logOf('appointment', appointment.id);
    expect(log.map((row) => [row.action, row.source, row.actor_user_id, row.before, row.after])).toEqual([
      // The fixture is inserted over the test's own connection: the SQL door.
      ['insert', 'sql', null, null, expect.objectContaining({ status: 'Scheduled' })],
      ['update', 'webhook', null, { status: 'Scheduled' }, { status: 'Confirmed' }],
    ]);
  });

  it('when an admin disconnects the Facebook page through the service, then it is recorded as service, naming the admin', async () => {
    const admin = await signIn(stack, DEMO.admin);
    const { rows } = await stack.db.query<{ name: string }>('select name from public.users where user_id = $1', [
      admin.userId,
    ]);
    const since = await lastLogId();
    const response = await fetch(`${stack.url}/api/clinics/${smile}/facebook/page`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.status).toBe(200);

    const log = await logOf('facebook_connection', smile, since);
    expect(
      log.map((row) => [row.action, row.source, row.actor_user_id, row.actor_name, row.before, row.after]),
    ).toEqual([
      [
        'disconnect',
        'service',
        admin.userId,
        rows[0]!.name,
        {
          fb_page_id: SMILE_DENTAL_PAGE.id,
          messenger_page_id: SMILE_DENTAL_PAGE.id,
          fb_page_name: SMILE_DENTAL_PAGE.name,
        },
        { fb_page_id: null, messenger_page_id: null, fb_page_name: null },
      ],
      ['update', 'service', admin.userId, rows[0]!.name, { page_access_token: 'stored' }, { page_access_token: null }],
    ]);
    const leaked = await stack.db.query(
      `select 1 from public.audit_log where concat(before::text, after::text) like '%' || $1 || '%'`,
      [SMILE_DENTAL_PAGE.accessToken],
    );
    expect(leaked.rows).toEqual([]);
  });
});
