/**
 * The notification service's `POST /api/recalls/{patientId}` for component tests (the component
 * stack does not run the service), on the real-db harness's MSW server. It answers as the service
 * does (the contract's RecallSendResponse, or `{error}`), keeps what it received, and records
 * each recall it sends in the real recall_messages as the service does; `answerNext` replaces the
 * next answer (then nothing is sent or recorded).
 */
import { http, HttpResponse } from 'msw';
import type { RecallSendResponse } from '@common/contract/recall';
import { realStack, server, stackConfig } from '@/testing/real-db';

export interface RecordedRecall {
  id: number;
  created_at: string;
  blocked_until: string;
}

/**
 * A recall as the service stores it, sent `ago` (an SQL interval) before the database's own clock,
 * or `at` a given time. The database blocks the patient for 30 days from then by its own clock,
 * which a test cannot fix: a recall that must still block when the test runs is dated by `ago`,
 * not by the page's clock.
 */
export async function recordRecall(
  patientId: number,
  sent: { ago: string } | { at: string } = { ago: '0 days' },
): Promise<RecordedRecall> {
  const { rows } = await realStack().query<{ recall: string }>(
    `with sent as (
       insert into public.recall_messages (clinic_id, patient_id, messenger_id, message, outcome, via, created_at, blocked_until)
       select clinic_id, id, messenger_id, 'Time for your check-up!', 'sent', 'template',
              coalesce($3::timestamptz, now() - $2::interval), now()
         from public.patients where id = $1
       returning id, created_at, blocked_until)
     select json_build_object('id', id, 'created_at', created_at, 'blocked_until', blocked_until)::text as recall from sent`,
    [patientId, 'ago' in sent ? sent.ago : null, 'at' in sent ? sent.at : null],
  );
  return JSON.parse(rows[0]!.recall) as RecordedRecall;
}

export function mockRecallService() {
  const received: { patientId: number; clinicId: number }[] = [];
  const sent: RecordedRecall[] = [];
  const next: Response[] = [];
  server.use(
    http.post(`${stackConfig().apiUrl}/api/recalls/:patientId`, async ({ request, params }) => {
      const patientId = Number(params.patientId);
      received.push({ patientId, clinicId: Number(new URL(request.url).searchParams.get('clinic_id')) });
      const answer = next.shift();
      if (answer) return answer;
      const recall = await recordRecall(patientId);
      sent.push(recall);
      const body: RecallSendResponse = {
        ok: true,
        messageId: `m_${received.length}`,
        via: 'template',
        recall: { id: recall.id, created_at: recall.created_at, blocked_until: recall.blocked_until },
      };
      return HttpResponse.json(body);
    }),
  );
  return {
    received,
    sent,
    answerNext(response: Response) {
      next.push(response);
    },
  };
}
