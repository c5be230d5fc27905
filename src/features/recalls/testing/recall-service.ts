/**
 * The notification service's `POST /api/recalls/{patientId}` for component tests, on the one MSW
 * server. It answers as the service does (the contract's RecallSendResponse, or `{error}`) and
 * keeps what it received; `answerNext` replaces the next answer.
 */
import { http, HttpResponse } from 'msw';
import type { RecallSendResponse } from '@common/contract/recall';
import { mockConfig, server } from '@/testing/mocks';

export function mockRecallService(onSent?: (patientId: number) => void) {
  const received: { patientId: number; clinicId: number }[] = [];
  const next: Response[] = [];
  server.use(
    http.post(`${mockConfig.apiUrl}/api/recalls/:patientId`, ({ request, params }) => {
      const patientId = Number(params.patientId);
      received.push({ patientId, clinicId: Number(new URL(request.url).searchParams.get('clinic_id')) });
      const answer = next.shift();
      if (answer) return answer;
      onSent?.(patientId);
      const body: RecallSendResponse = {
        ok: true,
        messageId: `m_${received.length}`,
        via: 'template',
        recall: {
          id: received.length,
          created_at: '2026-11-26T04:00:00.000Z',
          blocked_until: '2026-12-26T04:00:00.000Z',
        },
      };
      return HttpResponse.json(body);
    }),
  );
  return {
    received,
    answerNext(response: Response) {
      next.push(response);
    },
  };
}
