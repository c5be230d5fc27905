/**
 * Meta is told a webhook event was received (200) before it is processed, and never sends it
 * again: a service that is stopped (a deploy's SIGTERM) must finish the events it acknowledged
 * before its database goes, or a patient's Confirm is lost without a reply.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { QUICK_REPLY_PAYLOAD } from '../../../server/contracts.ts';
import { clinicTime, clinicWorkday } from '../../support/clinic-time.ts';
import { insertRow } from '../../support/database.ts';
import { deliverToWebhook, newConnectedClinic, signedMessagingEvent } from '../../support/service.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
});

afterAll(async () => {
  await stack?.stop();
});

const unique = () => randomUUID().replace(/-/g, '').slice(0, 12);

it('when the service is stopped while a Confirm is being answered, then it finishes it first', async () => {
  const psid = `psid-${unique()}`;
  const { id: clinicId, pageId } = await newConnectedClinic(stack, 'Shutdown');
  const patientId = await insertRow(stack.db, 'patients', {
    clinic_id: clinicId,
    name: 'Leaving Patient',
    phone: '0917 000 0000',
    messenger_id: psid,
  });
  const dentistId = await insertRow(stack.db, 'dentists', {
    clinic_id: clinicId,
    name: 'Dr Shutdown',
    email: `dr-${unique()}@example.test`,
    phone: '0917 111 1111',
  });
  const appointmentId = await insertRow(stack.db, 'appointments', {
    clinic_id: clinicId,
    patient_id: patientId,
    dentist_id: dentistId,
    appointment_time: clinicTime(clinicWorkday(3), '10:00'),
    reason: 'Cleaning',
  });
  // Meta answers the reply slowly: the event is still being processed when the stop comes.
  stack.metaStandIn.state.faults.push({ httpStatus: 200, code: 0, message: 'slow', remaining: 1, delayMs: 1500 });

  const received = await deliverToWebhook(
    stack,
    signedMessagingEvent(stack.service.deps.config.metaAppSecret, {
      pageId,
      psid,
      message: {
        mid: `m_${unique()}`,
        text: 'Confirm',
        quick_reply: { payload: QUICK_REPLY_PAYLOAD.confirm(appointmentId) },
      },
    }),
  );
  expect(received.status).toBe(200);

  await stack.service.close();
  const replies = stack.metaStandIn.state.messages.filter((message) => message.recipientId === psid);
  expect(replies).toHaveLength(1);
  const { rows } = await stack.db.query<{ status: string; outcome: string }>(
    `select a.status, e.outcome from public.appointments a
       join public.messenger_webhook_events e on e.appointment_id = a.id
      where a.id = $1`,
    [appointmentId],
  );
  expect(rows).toEqual([{ status: 'Confirmed', outcome: 'confirmed' }]);
});
