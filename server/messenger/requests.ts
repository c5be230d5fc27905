import type { OutgoingMessage } from '../contracts';

/** Meta's limits: plain text 2000 characters, button-template text 640, 1-3 buttons, titles 20. */
export const PLAIN_TEXT_LIMIT = 2000;
export const TEMPLATE_TEXT_LIMIT = 640;
export const MAX_TEMPLATE_BUTTONS = 3;
const TITLE_LIMIT = 20;

function cut(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

/** A plain message inside the 24-hour window: messaging_type RESPONSE, quick replies as given. */
export function buildPlainMessage(message: OutgoingMessage) {
  const quickReplies = (message.quickReplies ?? []).map((reply) => ({
    content_type: 'text' as const,
    title: cut(reply.title, TITLE_LIMIT),
    payload: reply.payload,
  }));
  return {
    recipient: { id: message.recipientId },
    messaging_type: 'RESPONSE' as const,
    message: {
      text: cut(message.text, PLAIN_TEXT_LIMIT),
      ...(quickReplies.length > 0 ? { quick_replies: quickReplies } : {}),
    },
  };
}

/**
 * Outside the window: a utility message. Our concrete request (docs/messenger.md): messaging_type
 * UTILITY and a button template whose text is the message and whose postback buttons are the
 * quick replies (a patient's tap arrives as a `postback` webhook event with the same payload).
 */
export function buildUtilityTemplate(message: OutgoingMessage) {
  const buttons = (message.quickReplies ?? []).slice(0, MAX_TEMPLATE_BUTTONS).map((reply) => ({
    type: 'postback' as const,
    title: cut(reply.title, TITLE_LIMIT),
    payload: reply.payload,
  }));
  return {
    recipient: { id: message.recipientId },
    messaging_type: 'UTILITY' as const,
    message: {
      attachment: {
        type: 'template' as const,
        payload: {
          template_type: 'button' as const,
          text: cut(message.text, TEMPLATE_TEXT_LIMIT),
          buttons,
        },
      },
    },
  };
}
