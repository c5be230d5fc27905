import { describe, expect, it } from 'vitest';
import {
  chatReducer,
  checkDraft,
  initialChatState,
  MAX_MESSAGE_LENGTH,
  nextReplyAt,
  REPLY_DELAY_MS,
  type ChatAction,
  type ChatState,
} from './chat-state';
import { chatStoreFor, createChatStore, forgetChatConversation } from './chat-store';
import { CHAT_TEXT } from './messages';

const T0 = Date.parse('2030-03-04T01:00:00.000Z');

const run = (state: ChatState, ...actions: ChatAction[]) => actions.reduce(chatReducer, state);
const say = (text: string, at: number): ChatAction[] => [
  { type: 'edit-draft', text },
  { type: 'send', at },
];
const transcript = (state: ChatState) => state.messages.map((message) => [message.sender, message.text]);

describe('the chat reducer', () => {
  it('starts with the bot, the welcome message and nothing pending', () => {
    const state = initialChatState();
    expect(state.mode).toBe('bot');
    expect(transcript(state)).toEqual([['bot', 'Welcome! How can I help you today?']]);
    expect(nextReplyAt(state)).toBeNull();
  });

  it('sends the trimmed draft, clears it and schedules the bot’s echo 800 ms later', () => {
    const state = run(initialChatState(), ...say('  Is the clinic open on Saturday?\n', T0));
    expect(transcript(state).at(-1)).toEqual(['user', 'Is the clinic open on Saturday?']);
    expect(state.draft).toBe('');
    expect(state.pending).toEqual([
      expect.objectContaining({ agent: 'bot', text: 'Is the clinic open on Saturday?', dueAt: T0 + 800 }),
    ]);
    expect(nextReplyAt(state)).toBe(T0 + 800);
  });

  it('delivers a reply at its due time, not a millisecond before', () => {
    const sent = run(initialChatState(), ...say('hello', T0));
    expect(run(sent, { type: 'deliver-due', now: T0 + 799 })).toBe(sent);
    const answered = run(sent, { type: 'deliver-due', now: T0 + 800 });
    expect(transcript(answered).slice(1)).toEqual([
      ['user', 'hello'],
      ['bot', 'Bot reply: hello'],
    ]);
    expect(nextReplyAt(answered)).toBeNull();
  });

  it('moves to the human and back with the spec’s system messages', () => {
    const human = run(initialChatState(), { type: 'switch-mode', to: 'human' });
    expect(human.mode).toBe('human');
    const bot = run(human, { type: 'switch-mode', to: 'bot' });
    expect(bot.mode).toBe('bot');
    expect(transcript(bot).slice(1)).toEqual([
      ['system', 'You are now chatting with a human agent.'],
      ['system', 'You are now chatting with our virtual assistant.'],
    ]);
  });

  it('ignores a switch to the agent already answering', () => {
    const state = initialChatState();
    expect(run(state, { type: 'switch-mode', to: 'bot' })).toBe(state);
  });

  it('lets the human answer 1200 ms after a message sent in human mode', () => {
    const sent = run(initialChatState(), { type: 'switch-mode', to: 'human' }, ...say('I need a person', T0));
    expect(nextReplyAt(sent)).toBe(T0 + 1200);
    expect(run(sent, { type: 'deliver-due', now: T0 + 1199 })).toBe(sent);
    expect(transcript(run(sent, { type: 'deliver-due', now: T0 + 1200 })).at(-1)).toEqual([
      'human',
      'Human agent reply: I need a person',
    ]);
  });

  it('answers from the agent the message was sent to, even after a switch', () => {
    const state = run(
      initialChatState(),
      ...say('first', T0),
      { type: 'switch-mode', to: 'human' },
      { type: 'deliver-due', now: T0 + 800 },
    );
    expect(transcript(state).slice(1)).toEqual([
      ['user', 'first'],
      ['system', 'You are now chatting with a human agent.'],
      ['bot', 'Bot reply: first'],
    ]);
  });

  it('keeps replies in the order they fall due, and delivers all overdue ones at once', () => {
    const state = run(
      initialChatState(),
      { type: 'switch-mode', to: 'human' },
      ...say('to the human', T0),
      { type: 'switch-mode', to: 'bot' },
      ...say('to the bot', T0 + 100),
    );
    expect(state.pending.map((reply) => [reply.agent, reply.dueAt])).toEqual([
      ['bot', T0 + 900],
      ['human', T0 + 1200],
    ]);
    const later = run(state, { type: 'deliver-due', now: T0 + 5000 });
    expect(transcript(later).slice(-2)).toEqual([
      ['bot', 'Bot reply: to the bot'],
      ['human', 'Human agent reply: to the human'],
    ]);
    expect(new Set(later.messages.map((message) => message.id)).size).toBe(later.messages.length);
  });

  it('sends nothing for an empty, blank or too long draft, and keeps the draft', () => {
    for (const draft of ['', '   ', '\n\t ', 'x'.repeat(MAX_MESSAGE_LENGTH + 1)]) {
      const typed = run(initialChatState(), { type: 'edit-draft', text: draft });
      expect(run(typed, { type: 'send', at: T0 })).toBe(typed);
      expect(typed.draft).toBe(draft);
    }
  });

  it('has the spec’s delays', () => {
    expect(REPLY_DELAY_MS).toEqual({ bot: 800, human: 1200 });
  });
});

describe('checking a draft', () => {
  it('counts characters after trimming, an emoji as one', () => {
    expect(checkDraft('  hi 😀  ')).toEqual({ ok: true, text: 'hi 😀', length: 4 });
  });

  it('accepts exactly the maximum and refuses one more', () => {
    expect(checkDraft('😀'.repeat(MAX_MESSAGE_LENGTH))).toMatchObject({ ok: true, length: 1000 });
    expect(checkDraft(` ${'a'.repeat(MAX_MESSAGE_LENGTH + 1)} `)).toEqual({
      ok: false,
      reason: 'too-long',
      length: 1001,
    });
    expect(checkDraft(' \n ')).toEqual({ ok: false, reason: 'empty', length: 0 });
  });
});

describe('the conversation store', () => {
  it('tells subscribers about changes only', () => {
    const store = createChatStore();
    let calls = 0;
    const stop = store.subscribe(() => (calls += 1));
    store.dispatch({ type: 'edit-draft', text: 'hi' });
    store.dispatch({ type: 'send', at: T0 });
    store.dispatch({ type: 'deliver-due', now: T0 + 1 });
    expect(calls).toBe(2);
    stop();
    store.dispatch({ type: 'deliver-due', now: T0 + 800 });
    expect(calls).toBe(2);
    expect(store.getState().messages.at(-1)?.text).toBe(CHAT_TEXT.reply.bot('hi'));
  });

  it('keeps one account’s conversation, and starts afresh for another account', () => {
    forgetChatConversation();
    const mine = chatStoreFor('user-a');
    mine.dispatch({ type: 'switch-mode', to: 'human' });
    expect(chatStoreFor('user-a')).toBe(mine);
    const theirs = chatStoreFor('user-b');
    expect(theirs).not.toBe(mine);
    expect(theirs.getState().mode).toBe('bot');
    expect(chatStoreFor('user-a').getState().mode).toBe('bot');
    forgetChatConversation();
  });
});
