import { CHAT_TEXT } from './messages';

/** Who answers the user: the virtual assistant or a human agent. */
export type ChatAgent = 'bot' | 'human';
export type ChatSender = ChatAgent | 'system' | 'user';

/** The simulated reply delays: 800 ms for the bot, 1200 ms for the human. */
export const REPLY_DELAY_MS: Readonly<Record<ChatAgent, number>> = { bot: 800, human: 1200 };

/** The longest message the user may send, in characters (code points), after trimming. */
export const MAX_MESSAGE_LENGTH = 1000;

export interface ChatMessage {
  id: number;
  sender: ChatSender;
  text: string;
}

/** A reply that is due at `dueAt` (epoch ms) from the agent the user was talking to when sending. */
export interface PendingReply {
  id: number;
  agent: ChatAgent;
  /** The user's message, echoed back. */
  text: string;
  dueAt: number;
}

export interface ChatState {
  mode: ChatAgent;
  messages: readonly ChatMessage[];
  /** Replies not yet delivered, in the order they are due. */
  pending: readonly PendingReply[];
  /** What the user is typing, kept with the conversation. */
  draft: string;
  nextId: number;
}

export type ChatAction =
  | { type: 'edit-draft'; text: string }
  /** Sends the draft at `at` (epoch ms); an invalid draft sends nothing. */
  | { type: 'send'; at: number }
  | { type: 'switch-mode'; to: ChatAgent }
  /** Delivers every pending reply due at or before `now` (epoch ms). */
  | { type: 'deliver-due'; now: number };

export function initialChatState(): ChatState {
  return {
    mode: 'bot',
    messages: [{ id: 1, sender: 'bot', text: CHAT_TEXT.welcome }],
    pending: [],
    draft: '',
    nextId: 2,
  };
}

export type DraftCheck =
  { ok: true; text: string; length: number } | { ok: false; reason: 'empty' | 'too-long'; length: number };

/** Characters as the user sees them (an emoji counts once). */
const characterCount = (text: string) => Array.from(text).length;

/** Whether a draft can be sent: trimmed, not empty, at most MAX_MESSAGE_LENGTH characters. */
export function checkDraft(draft: string): DraftCheck {
  const text = draft.trim();
  const length = characterCount(text);
  if (length === 0) return { ok: false, reason: 'empty', length };
  if (length > MAX_MESSAGE_LENGTH) return { ok: false, reason: 'too-long', length };
  return { ok: true, text, length };
}

/** The chat as a pure reducer: the hook runs the timers that `nextReplyAt` asks for. */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'edit-draft':
      return action.text === state.draft ? state : { ...state, draft: action.text };
    case 'send': {
      const draft = checkDraft(state.draft);
      if (!draft.ok) return state;
      const message: ChatMessage = { id: state.nextId, sender: 'user', text: draft.text };
      const reply: PendingReply = {
        id: state.nextId + 1,
        agent: state.mode,
        text: draft.text,
        dueAt: action.at + REPLY_DELAY_MS[state.mode],
      };
      return {
        ...state,
        messages: [...state.messages, message],
        // Stable by due time: a human reply sent before a bot reply may be due after it.
        pending: [...state.pending, reply].sort((a, b) => a.dueAt - b.dueAt || a.id - b.id),
        draft: '',
        nextId: state.nextId + 2,
      };
    }
    case 'switch-mode': {
      if (action.to === state.mode) return state;
      const notice: ChatMessage = { id: state.nextId, sender: 'system', text: CHAT_TEXT.nowChattingWith[action.to] };
      return { ...state, mode: action.to, messages: [...state.messages, notice], nextId: state.nextId + 1 };
    }
    case 'deliver-due': {
      const due = state.pending.filter((reply) => reply.dueAt <= action.now);
      if (due.length === 0) return state;
      const replies = due.map<ChatMessage>((reply) => ({
        id: reply.id,
        sender: reply.agent,
        text: CHAT_TEXT.reply[reply.agent](reply.text),
      }));
      return {
        ...state,
        messages: [...state.messages, ...replies],
        pending: state.pending.filter((reply) => reply.dueAt > action.now),
      };
    }
  }
}

/** When the next reply is due (epoch ms), or null when none is pending. */
export function nextReplyAt(state: ChatState): number | null {
  return state.pending[0]?.dueAt ?? null;
}
