/**
 * public.webhook_dead_letters: webhook events that failed after the 200
 * (supabase/migrations/…_messaging.sql). Service role writes; staff tooling reads.
 */
import type { SqlClient } from '../contracts';
import { storableJson, storableText } from '../messenger/storable-text';

export interface DeadLetter {
  pageId: string | null;
  /** Why processing failed; never the message text. */
  reason: string;
  /** The messaging event as received. */
  event: unknown;
  /** What to keep when `event` itself cannot be stored (e.g. nested deeper than jsonb allows). */
  summary: Record<string, unknown>;
}

async function insert(db: SqlClient, pageId: string | null, reason: string, event: string): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.webhook_dead_letters (page_id, reason, event) values ($1, $2, $3::jsonb) returning id::text`,
    [pageId === null ? null : storableText(pageId, 100), storableText(reason, 1000), event],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('the dead letter insert returned no id');
  return Number(id);
}

/**
 * Keeps a failed event; resolves with the row's id. NUL and unpaired surrogates anywhere in the
 * event become U+FFFD (jsonb cannot hold them). When the event still cannot be stored (too deep
 * for JSON.stringify or jsonb), its summary is kept instead, marked `"unstorable": true`.
 */
export async function recordDeadLetter(db: SqlClient, letter: DeadLetter): Promise<number> {
  let event: string | null = null;
  try {
    event = storableJson(letter.event);
  } catch {
    event = null;
  }
  if (event !== null) {
    try {
      return await insert(db, letter.pageId, letter.reason, event);
    } catch {
      // Fall through to the summary.
    }
  }
  return insert(db, letter.pageId, letter.reason, storableJson({ ...letter.summary, unstorable: true }));
}
