import type { RecordedMessage } from '../../local/meta/state.ts';

/** What the Meta stand-in delivered to a patient, newest first, from the stack's /_dev/messenger.json. */
export async function messagesTo(stack: { readonly url: string }, psid: string): Promise<RecordedMessage[]> {
  const response = await fetch(`${stack.url}/_dev/messenger.json?recipientId=${encodeURIComponent(psid)}`);
  if (!response.ok) throw new Error(`/_dev/messenger.json answered ${response.status}`);
  return ((await response.json()) as { messages: RecordedMessage[] }).messages;
}
