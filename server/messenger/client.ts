import type { Logger } from 'pino';
import type { Clock, Messenger, OutgoingMessage, SendResult, SqlClient } from '../contracts';
import { lastInboundAt } from './contact-store';
import { isOutsideWindow, mapMetaError, MESSENGER_ERRORS, type MetaError } from './errors';
import { buildPlainMessage, buildUtilityTemplate } from './requests';

/** A page may message a person freely for this long after that person's last message. */
export const MESSAGING_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface MessengerClientOptions {
  /** Graph API base including the version, e.g. https://graph.facebook.com/v21.0 (config.metaGraphUrl). */
  graphUrl: string;
  timeoutMs: number;
  /** Reads public.messenger_contacts (the last inbound message per page and PSID). */
  db: SqlClient;
  clock: Clock;
  logger: Logger;
  fetch?: typeof fetch;
}

type PostOutcome = { ok: true; messageId: string } | { ok: false; httpStatus: number; error?: MetaError };

/**
 * The Messenger Send API client. Inside the 24-hour window (the person wrote to the page less than
 * 24 h ago, per messenger_contacts) it sends a plain message with messaging_type RESPONSE; outside
 * it, a utility template (docs/messenger.md). If Meta says a plain message is outside the window
 * after all (its clock is the one that counts), it sends the template instead. Never throws.
 */
export function createMessengerClient(options: MessengerClientOptions): Messenger {
  const fetchImpl = options.fetch ?? fetch;
  const endpoint = `${options.graphUrl.replace(/\/+$/, '')}/me/messages`;

  async function post(pageAccessToken: string, body: unknown): Promise<PostOutcome> {
    try {
      const response = await fetchImpl(`${endpoint}?access_token=${encodeURIComponent(pageAccessToken)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const parsed: unknown = await response.json().catch(() => undefined);
      const record = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
      if (response.ok && typeof record.message_id === 'string') return { ok: true, messageId: record.message_id };
      const error = typeof record.error === 'object' && record.error !== null ? (record.error as MetaError) : undefined;
      return { ok: false, httpStatus: response.status, error };
    } catch (error) {
      // Timeout, refused connection, DNS: Meta is unreachable from here.
      options.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'Messenger request failed');
      return { ok: false, httpStatus: 0 };
    }
  }

  async function insideWindow(pageId: string, psid: string): Promise<boolean> {
    try {
      const last = await lastInboundAt(options.db, pageId, psid);
      if (!last) return false;
      return options.clock.now().getTime() - last.getTime() < MESSAGING_WINDOW_MS;
    } catch (error) {
      // Without the contact table the template is the path that cannot break the 24-hour rule.
      options.logger.error({ err: error }, 'could not read messenger_contacts; sending the utility template');
      return false;
    }
  }

  function failed(outcome: Extract<PostOutcome, { ok: false }>, message: OutgoingMessage): SendResult {
    const mapped = mapMetaError(outcome.httpStatus, outcome.error);
    options.logger.warn(
      {
        pageId: message.pageId,
        kind: message.kind,
        httpStatus: outcome.httpStatus,
        metaCode: outcome.error?.code,
        metaSubcode: outcome.error?.error_subcode,
        fbtraceId: outcome.error?.fbtrace_id,
      },
      'Messenger refused a message',
    );
    return { ok: false, ...mapped };
  }

  return {
    async send(message) {
      try {
        if (await insideWindow(message.pageId, message.recipientId)) {
          const plain = await post(message.pageAccessToken, buildPlainMessage(message));
          if (plain.ok) return { ok: true, messageId: plain.messageId, via: 'message' };
          if (!isOutsideWindow(plain.error)) return failed(plain, message);
        }
        const template = await post(message.pageAccessToken, buildUtilityTemplate(message));
        if (template.ok) return { ok: true, messageId: template.messageId, via: 'template' };
        return failed(template, message);
      } catch (error) {
        options.logger.error({ err: error }, 'unexpected error while sending a Messenger message');
        return { ok: false, error: MESSENGER_ERRORS.unreachable, transient: true };
      }
    },
  };
}
