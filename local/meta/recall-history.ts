import { RECALL_BOOK_TITLE, recallBookPayload } from '../../common/contract/recall.ts';
import type { Database } from '../db/database.ts';
import type { MetaStandInState } from './state.ts';

interface SeededRecall {
  id: number;
  page_id: string;
  messenger_id: string;
  message: string;
  via: 'message' | 'template';
  created_at: Date;
}

/**
 * Puts every recall the log says was sent into the stand-in's inbox, as Meta delivered it then:
 * the inbox lives in memory and starts empty at each start, while the log persists (the demo data
 * alone says two patients got a check-up recall, one of whom tapped Book). Run at each start, so
 * the recall log and /_dev/messenger tell the same story. (The reminder log keeps no text to
 * replay; the demo data logs no sent reminder.)
 */
export async function deliverRecallHistory(db: Database, state: MetaStandInState): Promise<number> {
  const { rows } = await db.query<SeededRecall>(
    `select r.id::int as id, c.messenger_page_id as page_id, r.messenger_id, r.message, r.via::text as via, r.created_at
       from public.recall_messages r join public.clinics c on c.id = r.clinic_id
      where r.outcome = 'sent' and r.messenger_id is not null and c.messenger_page_id is not null
      order by r.created_at, r.id`,
  );
  for (const recall of rows) {
    state.messages.push({
      id: `m_seeded_recall_${recall.id}`,
      pageId: recall.page_id,
      recipientId: recall.messenger_id,
      kind: recall.via === 'template' ? 'template' : 'text',
      text: recall.message,
      quickReplies: [{ title: RECALL_BOOK_TITLE, payload: recallBookPayload(recall.id) }],
      sentAt: new Date(recall.created_at).toISOString(),
    });
  }
  return rows.length;
}
