/**
 * The Meta stand-in's dev Messenger (`/_dev/messenger`), as the browser tests use it: what the
 * clinic sent a patient, and a patient writing to, or tapping a button of, the clinic's page.
 */
import { messagesTo } from '../../support/messenger-outbox.ts';

/** The demo page Smile Dental is connected to (supabase/seed.sql). */
export const SMILE_PAGE_ID = '1000000000000001';

/** What the stand-in recorded as sent to one Messenger id, newest first. */
export const devMessagesTo = (baseUrl: string, psid: string) => messagesTo({ url: baseUrl }, psid);

/** What a patient sends the page: a text, or a tap on a quick reply or a button (a postback). */
interface PatientMessage {
  psid: string;
  text?: string;
  quickReplyPayload?: string;
  postbackPayload?: string;
  /** The tapped button's title. */
  title?: string;
  firstName?: string;
  lastName?: string;
}

/**
 * A patient writes to Smile Dental's page: the stand-in signs the webhook as Meta would and posts
 * it to the service. Answers the status the service's webhook answered the stand-in.
 */
export async function sendToSmilePage(baseUrl: string, message: PatientMessage): Promise<number> {
  const response = await fetch(`${baseUrl}/_dev/messenger/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pageId: SMILE_PAGE_ID, ...message }),
  });
  if (response.status !== 200) throw new Error(`the stand-in's inbound answered ${response.status}`);
  return ((await response.json()) as { status: number }).status;
}
