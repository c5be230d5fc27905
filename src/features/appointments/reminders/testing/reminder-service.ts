/**
 * The notification service's `POST /appointments/{id}/send-reminder` for component tests (the
 * component stack does not run the service), on the real-db harness's MSW server: it reads the
 * appointment in the file's real database and logs an `appointment_reminders` row there the way
 * the service does, and answers with the contract's ManualReminderResponse. What it received is
 * kept in `received`; `answerNext` replaces the next answer (a refusal, `'network'`, or a hold).
 */
import { http, HttpResponse } from 'msw';
import type { ManualReminderBody, ManualReminderResponse } from '@common/contract';
import { REMINDER_BLOCKED_TEXT, reminderBlock } from '@common/contract/manual-reminder-eligibility';
import type { AppointmentReminderRow } from '@/lib/database.types';
import { rows, seed, server, stackConfig } from '@/testing/real-db';

export interface ReceivedReminder {
  appointmentId: number;
  clinicId: number;
  body: ManualReminderBody;
}

type NextAnswer = Response | 'network' | Promise<void>;

export function mockReminderService() {
  const received: ReceivedReminder[] = [];
  const next: NextAnswer[] = [];
  server.use(
    http.post(`${stackConfig().apiUrl}/appointments/:id/send-reminder`, async ({ request, params }) => {
      const appointmentId = Number(params.id);
      const clinicId = Number(new URL(request.url).searchParams.get('clinic_id'));
      const body = (await request.json()) as ManualReminderBody;
      received.push({ appointmentId, clinicId, body });
      let answer = next.shift();
      if (answer instanceof Promise) {
        await answer;
        answer = undefined;
      }
      if (answer === 'network') {
        // The service is down: the client's probe of its root (telling "down" from a CORS refusal) fails too.
        server.use(http.get(`${stackConfig().apiUrl}/`, () => HttpResponse.error(), { once: true }));
        return HttpResponse.error();
      }
      if (answer) return answer;
      const [appointment] = await rows('appointments', { id: appointmentId });
      if (!appointment || appointment.clinic_id !== clinicId)
        return HttpResponse.json({ error: 'Appointment not found.' }, { status: 404 });
      const blocked = reminderBlock(
        { status: appointment.status, deleted: appointment.deleted, appointmentTime: appointment.appointment_time },
        new Date(),
      );
      if (blocked) return HttpResponse.json({ error: REMINDER_BLOCKED_TEXT[blocked] }, { status: 409 });
      const [patient] = await rows('patients', { id: appointment.patient_id });
      const recipient =
        appointment.reminder_recipient_type === 'guardian'
          ? appointment.guardian_messenger_id
          : (patient?.messenger_id ?? null);
      const messengerId = body.recipient_override?.trim() || recipient;
      if (!messengerId) return HttpResponse.json({ error: 'The recipient has no Messenger ID.' }, { status: 422 });
      const [row] = (await seed.appointment_reminders([
        {
          clinic_id: clinicId,
          appointment_id: appointmentId,
          sent_on: new Date().toISOString(),
          days_ahead: body.days_ahead,
          messenger_id: messengerId,
          is_manual: true,
        },
      ])) as [AppointmentReminderRow];
      const answered: ManualReminderResponse = {
        ok: true,
        messageId: `m_${row.id}`,
        via: 'message',
        reminder: {
          id: row.id,
          sent_on: row.sent_on,
          days_ahead: row.days_ahead,
          messenger_id: messengerId,
          is_manual: true,
        },
      };
      return HttpResponse.json(answered);
    }),
  );
  return {
    /** What the service was asked to send, in order. */
    received,
    /** The next send is answered with this response, or gets no answer at all ('network'). */
    answerNext(answer: Response | 'network') {
      next.push(answer);
    },
    /** The next send waits until `release()`, then is answered as usual. */
    holdNext() {
      let release!: () => void;
      next.push(new Promise<void>((resolve) => (release = resolve)));
      return { release: () => release() };
    },
  };
}
