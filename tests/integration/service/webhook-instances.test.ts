/**
 * A reply is applied once even when Meta delivers it again while the first delivery is still being
 * processed: several deliveries at once to one service (PGlite), and — when TEST_DATABASE_URL names
 * a PostgreSQL server — to two service instances sharing one database, racing for the event's mid.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type RunningStack } from '../../../local/stack.ts';
import { QUICK_REPLY_PAYLOAD } from '../../../server/contracts.ts';
import { whenWebhookIdle } from '../../../server/webhook/processor.ts';
import { clinicTime, clinicWorkday } from '../../support/clinic-time.ts';
import { createClinic, databaseTargets } from '../../support/database.ts';
import { connectPage, deliverToWebhook, signedMessagingEvent } from '../../support/service.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

const unique = () => randomUUID().replace(/-/g, '').slice(0, 12);

describe.each(databaseTargets())('on %s', (target) => {
  let stack: TestStack;
  /** Every service instance serving the one database. */
  let instances: RunningStack[];

  beforeAll(async () => {
    stack = await startTestStack({
      seed: false,
      target,
    });
    instances = [stack];
    if (target === 'postgres') {
      instances.push(
        await startStack({
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
          SEED_DEMO_DATA: 'false',
          DATABASE_URL: stack.config.databaseUrl,
        }),
      );
    }
  });

  afterAll(async () => {
    for (const instance of instances?.slice(1) ?? []) await instance.close();
    await stack?.stop();
  });

  async function connectedClinicWithAppointment(time: string, options: { bypassBookingRules?: boolean } = {}) {
    const pageId = `66${Date.now()}`.slice(0, 16) + String(Math.floor(Math.random() * 100)).padStart(2, '0');
    const pageToken = `EAAPAGE${unique()}`;
    const psid = `psid-${unique()}`;
    const clinicId = await createClinic(stack.db, `Instances Clinic ${unique()}`);
    await connectPage(stack.db, clinicId, { id: pageId, accessToken: pageToken });
    for (const instance of instances) {
      instance.metaStandIn.state.pages.push({ id: pageId, name: 'Page', accessToken: pageToken, pictureUrl: '/x.svg' });
    }
    const patient = await stack.db.query<{ id: string }>(
      `insert into public.patients (clinic_id, name, phone, messenger_id) values ($1, 'Racing Patient', '0917', $2) returning id`,
      [clinicId, psid],
    );
    const dentist = await stack.db.query<{ id: string }>(
      `insert into public.dentists (clinic_id, name, email, phone) values ($1, 'Dr Race', 'race@example.test', '0917') returning id`,
      [clinicId],
    );
    const appointment = await stack.db.transaction(async (tx) => {
      if (options.bypassBookingRules) await tx.query('set local session_replication_role = replica');
      return tx.query<{ id: string }>(
        `insert into public.appointments (clinic_id, patient_id, dentist_id, appointment_time, reason)
         values ($1, $2, $3, $4, 'Cleaning') returning id`,
        [clinicId, patient.rows[0]!.id, dentist.rows[0]!.id, time],
      );
    });
    return { clinicId, pageId, psid, appointmentId: Number(appointment.rows[0]!.id) };
  }

  /** Meta's body for one quick reply, signed; the same bytes go to every instance. */
  function signedReply(pageId: string, psid: string, payload: string) {
    return signedMessagingEvent(stack.service.deps.config.metaAppSecret, {
      pageId,
      psid,
      message: { mid: `m_${unique()}`, text: 'Tap', quick_reply: { payload } },
    });
  }

  async function deliverEverywhereAtOnce(raw: string, signature: string, timesPerInstance: number) {
    const deliveries = instances.flatMap((instance) =>
      Array.from({ length: timesPerInstance }, () => deliverToWebhook(instance, { raw, signature })),
    );
    const statuses = (await Promise.all(deliveries)).map((response) => response.status);
    await whenWebhookIdle();
    return statuses;
  }

  const repliesTo = (psid: string) =>
    instances.flatMap((instance) =>
      instance.metaStandIn.state.messages.filter((message) => message.recipientId === psid),
    );

  it('when the same Confirm arrives several times at once, then it is applied once and answered once', async () => {
    const { pageId, psid, appointmentId } = await connectedClinicWithAppointment(clinicTime(clinicWorkday(3), '10:00'));
    const { raw, signature } = signedReply(pageId, psid, QUICK_REPLY_PAYLOAD.confirm(appointmentId));
    const statuses = await deliverEverywhereAtOnce(raw, signature, 3);
    expect(statuses.every((status) => status === 200)).toBe(true);

    const { rows } = await stack.db.query<{ status: string }>('select status from public.appointments where id = $1', [
      appointmentId,
    ]);
    expect(rows[0]!.status).toBe('Confirmed');
    const events = await stack.db.query<{ outcome: string }>(
      'select outcome from public.messenger_webhook_events where appointment_id = $1',
      [appointmentId],
    );
    expect(events.rows).toEqual([{ outcome: 'confirmed' }]);
    expect(repliesTo(psid)).toHaveLength(1);
  });

  it('when the same too-late Cancel arrives several times at once, then one flag and one answer', async () => {
    const soon = new Date(Date.now() + 15 * 60_000).toISOString();
    const { pageId, psid, appointmentId } = await connectedClinicWithAppointment(soon, { bypassBookingRules: true });
    const { raw, signature } = signedReply(pageId, psid, QUICK_REPLY_PAYLOAD.cancel(appointmentId));
    await deliverEverywhereAtOnce(raw, signature, 3);

    const flags = await stack.db.query('select 1 from public.appointment_flags where appointment_id = $1', [
      appointmentId,
    ]);
    expect(flags.rows).toHaveLength(1);
    expect(repliesTo(psid).map((message) => message.text)).toEqual([
      'It is less than an hour before your appointment, so it cannot be cancelled here. Please call the clinic.',
    ]);
  });
});
