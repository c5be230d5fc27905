import { TAB_TITLES } from '@/lib/authorization';
import type { ChatAgent, ChatSender } from './chat-state';

/** The Chat tab's texts, word for word from the spec. */
export const CHAT_TEXT = {
  tabTitle: TAB_TITLES.chat,
  banner: {
    bot: 'You are chatting with our virtual assistant.',
    human: 'You are chatting with a human agent.',
  } satisfies Record<ChatAgent, string>,
  talkToHuman: 'Talk to Human',
  backToBot: 'Back to Bot',
  welcome: 'Welcome! How can I help you today?',
  placeholder: 'Type your message…',
  send: 'Send',
  /** The system message added when the conversation moves to this agent. */
  nowChattingWith: {
    bot: 'You are now chatting with our virtual assistant.',
    human: 'You are now chatting with a human agent.',
  } satisfies Record<ChatAgent, string>,
  reply: {
    bot: (text: string) => `Bot reply: ${text}`,
    human: (text: string) => `Human agent reply: ${text}`,
  } satisfies Record<ChatAgent, (text: string) => string>,
} as const;

/** Texts the spec does not give (docs/adr/0025-where-the-spec-is-silent.md). */
export const CHAT_EXTRA_TEXT = {
  conversation: 'Conversation',
  messageLabel: 'Message',
  /** The visible sender label on each message, so the sender is not told by colour alone. */
  sender: {
    bot: 'Virtual assistant',
    human: 'Human agent',
    system: 'System',
    user: 'You',
  } satisfies Record<ChatSender, string>,
  counter: (length: number, max: number) => `${length}/${max}`,
  tooLong: (max: number) => `Messages can be at most ${max} characters. Shorten it to send.`,
  keyHint: 'Enter sends; Shift+Enter starts a new line.',
} as const;
