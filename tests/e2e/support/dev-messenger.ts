/**
 * The Meta stand-in's dev Messenger (`/_dev/messenger`), as the browser tests use it: what the
 * clinic sent a patient, and a patient writing to, or tapping a button of, the clinic's page.
 */

/** The demo page Smile Dental is connected to (supabase/seed.sql). */
export const SMILE_PAGE_ID = '1000000000000001';

/** A message the stand-in recorded as sent to a patient (`/_dev/messenger.json`). */
export interface DevMessage {
  pageId: string;
  recipientId: string;
  kind: 'text' | 'template';
  text: string;
  quickReplies: { title: string; payload: string }[];
}

/** What the stand-in recorded as sent to one Messenger id, newest first. */
export async function devMessagesTo(baseUrl: string, psid: string): Promise<DevMessage[]> {
  const response = await fetch(`${baseUrl}/_dev/messenger.json?recipientId=${encodeURIComponent(psid)}`);
  if (!response.ok) throw new Error(`/_dev/messenger.json answered ${response.status}`);
  return ((await response.json()) as { messages: DevMessage[] }).messages;
}

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
