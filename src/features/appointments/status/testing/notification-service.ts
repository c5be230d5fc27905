/**
 * The notification service's `POST /status-notifications/{id}` for component tests (the component
 * stack does not run the service), on the real-db harness's MSW server: it answers with the
 * contract's StatusNotificationResponse, keeps what it received in `received`, and `answerNext`
 * replaces the next answer (a refusal, or `'network'`).
 */
import { http, HttpResponse } from 'msw';
import type { StatusNotificationBody, StatusNotificationResponse } from '@common/contract';
import { server, stackConfig } from '@/testing/real-db';

export interface ReceivedNotification {
  appointmentId: number;
  body: StatusNotificationBody;
}

export function mockStatusNotifications() {
  const received: ReceivedNotification[] = [];
  const next: (Response | 'network')[] = [];
  server.use(
    http.post(`${stackConfig().apiUrl}/status-notifications/:id`, async ({ request, params }) => {
      const body = (await request.json()) as StatusNotificationBody;
      received.push({ appointmentId: Number(params.id), body });
      const answer = next.shift();
      if (answer === 'network') return HttpResponse.error();
      if (answer) return answer;
      const sent: StatusNotificationResponse = { ok: true, messageId: `m_${received.length}`, via: 'message' };
      return HttpResponse.json(sent);
    }),
  );
  return {
    /** What the service was asked to send, in order. */
    received,
    /** The next notification is answered with this response, or gets no answer at all ('network'). */
    answerNext(answer: Response | 'network') {
      next.push(answer);
    },
  };
}
