// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSession, createSessionUser, renderApp } from '@/testing/render-app';
import { forgetChatConversation } from './model/chat-store';
import ChatTab from './tab';

// Events are fired synchronously: Testing Library's async helpers wait on a real setTimeout,
// which never runs under Vitest's fake timers.

const ACCOUNT = '00000000-0000-4000-8000-00000000c4a7';

function renderChat(account = ACCOUNT) {
  const session = createSession({ user: createSessionUser({ role: 'dentist', supabase_id: account }) });
  return renderApp(<ChatTab />, { session });
}

const log = () => screen.getByRole('log', { name: 'Conversation' });
const input = () => screen.getByPlaceholderText<HTMLTextAreaElement>('Type your message…');
const sendButton = () => screen.getByRole('button', { name: 'Send' });
const isDisabled = (element: HTMLElement) => element.hasAttribute('disabled');
const type = (value: string) => fireEvent.change(input(), { target: { value } });
const pressEnter = (shiftKey = false) => fireEvent.keyDown(input(), { key: 'Enter', shiftKey });
const say = (value: string) => {
  type(value);
  pressEnter();
};
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
/** The conversation as [sender label, text] pairs. */
const transcript = () =>
  Array.from(log().querySelectorAll('.chat-message'), (message) => [
    message.querySelector('.chat-sender')?.textContent,
    message.querySelector('.chat-text')?.textContent,
  ]);
const WELCOME = ['Virtual assistant', 'Welcome! How can I help you today?'];

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2030-03-04T01:00:00.000Z') });
  forgetChatConversation();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  forgetChatConversation();
});

describe('the Chat tab', () => {
  it('opens with the bot, the spec’s banner, buttons, welcome message and an empty message box', () => {
    renderChat();
    expect(screen.getByRole('heading', { name: 'Chat', level: 1 })).toBeTruthy();
    expect(screen.getByText('You are chatting with our virtual assistant.')).toBeTruthy();
    expect(isDisabled(screen.getByRole('button', { name: 'Talk to Human' }))).toBe(false);
    expect(isDisabled(screen.getByRole('button', { name: 'Back to Bot' }))).toBe(true);
    expect(log().getAttribute('aria-live')).toBe('polite');
    expect(transcript()).toEqual([WELCOME]);
    expect(screen.getByRole('textbox', { name: 'Message' })).toBe(input());
    expect(screen.getByText('Enter sends; Shift+Enter starts a new line.')).toBeTruthy();
    expect(isDisabled(sendButton())).toBe(true);
  });

  it('sends the trimmed message with Enter and shows the bot’s echo at 800 ms, not at 799', () => {
    renderChat();
    type('   Is Dr. Reyes in on Saturday?  ');
    expect(isDisabled(sendButton())).toBe(false);
    pressEnter();
    expect(input().value).toBe('');
    expect(isDisabled(sendButton())).toBe(true);
    expect(transcript().at(-1)).toEqual(['You', 'Is Dr. Reyes in on Saturday?']);

    advance(799);
    expect(screen.queryByText('Bot reply: Is Dr. Reyes in on Saturday?')).toBeNull();
    advance(1);
    expect(transcript().at(-1)).toEqual(['Virtual assistant', 'Bot reply: Is Dr. Reyes in on Saturday?']);
  });

  it('sends with the Send button too', () => {
    renderChat();
    type('By the button');
    click('Send');
    advance(800);
    expect(transcript().slice(1)).toEqual([
      ['You', 'By the button'],
      ['Virtual assistant', 'Bot reply: By the button'],
    ]);
  });

  it('sends nothing when the message is empty or only spaces and line breaks, and Shift+Enter never sends', () => {
    renderChat();
    pressEnter();
    type('   \n ');
    expect(isDisabled(sendButton())).toBe(true);
    pressEnter();
    fireEvent.submit(sendButton().closest('form')!);
    type('Not yet');
    pressEnter(true);
    advance(5000);
    expect(transcript()).toEqual([WELCOME]);
    expect(input().value).toBe('Not yet');
  });

  it('switches to a human agent and back with the spec’s system messages; the human answers at 1200 ms', () => {
    renderChat();
    click('Talk to Human');
    expect(screen.getByText('You are chatting with a human agent.')).toBeTruthy();
    expect(transcript().at(-1)).toEqual(['System', 'You are now chatting with a human agent.']);
    expect(isDisabled(screen.getByRole('button', { name: 'Talk to Human' }))).toBe(true);
    expect(isDisabled(screen.getByRole('button', { name: 'Back to Bot' }))).toBe(false);
    expect(document.activeElement).toBe(input());

    say('Two lines\nplease');
    expect(transcript().at(-1)).toEqual(['You', 'Two lines\nplease']);
    advance(1199);
    expect(transcript().at(-1)).toEqual(['You', 'Two lines\nplease']);
    advance(1);
    expect(transcript().at(-1)).toEqual(['Human agent', 'Human agent reply: Two lines\nplease']);

    click('Back to Bot');
    expect(screen.getByText('You are chatting with our virtual assistant.')).toBeTruthy();
    expect(transcript().at(-1)).toEqual(['System', 'You are now chatting with our virtual assistant.']);
    expect(isDisabled(screen.getByRole('button', { name: 'Back to Bot' }))).toBe(true);
  });

  it('lets the agent the message was sent to answer, even after a switch', () => {
    renderChat();
    say('hello');
    click('Talk to Human');
    advance(800);
    expect(transcript().slice(1)).toEqual([
      ['You', 'hello'],
      ['System', 'You are now chatting with a human agent.'],
      ['Virtual assistant', 'Bot reply: hello'],
    ]);
  });

  it('gives each of the four senders its own look and its own label', () => {
    renderChat();
    say('hi');
    advance(800);
    click('Talk to Human');
    say('hi');
    advance(1200);
    const looks = new Map(
      Array.from(log().querySelectorAll('.chat-message'), (message) => [
        message.className,
        message.querySelector('.chat-sender')?.textContent,
      ]),
    );
    expect(Object.fromEntries(looks)).toEqual({
      'chat-message chat-message-bot': 'Virtual assistant',
      'chat-message chat-message-user': 'You',
      'chat-message chat-message-system': 'System',
      'chat-message chat-message-human': 'Human agent',
    });
  });

  it('keeps a too long message in the box with a message, and does not send it', () => {
    renderChat();
    type('a'.repeat(1000));
    expect(screen.getByText('1000/1000')).toBeTruthy();
    expect(isDisabled(sendButton())).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();

    type('a'.repeat(1001));
    expect(screen.getByRole('alert').textContent).toBe('Messages can be at most 1000 characters. Shorten it to send.');
    expect(screen.getByText('1001/1000')).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(isDisabled(sendButton())).toBe(true);
    pressEnter();
    advance(5000);
    expect(transcript()).toEqual([WELCOME]);
    expect(input().value).toHaveLength(1001);
  });

  it('scrolls the log to the newest message', () => {
    renderChat();
    Object.defineProperty(log(), 'scrollHeight', { configurable: true, get: () => 900 });
    say('scroll me');
    expect(log().scrollTop).toBe(900);
    log().scrollTop = 0;
    advance(800);
    expect(log().scrollTop).toBe(900);
  });

  it('keeps the conversation when the tab is left and shown again, with no timer running meanwhile', () => {
    const first = renderChat();
    click('Talk to Human');
    say('Are you there?');
    type('half-typed');
    advance(600);
    first.unmount();
    expect(vi.getTimerCount()).toBe(0);

    // Back before the reply is due: it arrives at the 1200 ms it was promised.
    renderChat();
    expect(screen.getByText('You are chatting with a human agent.')).toBeTruthy();
    expect(input().value).toBe('half-typed');
    advance(599);
    expect(screen.queryByText('Human agent reply: Are you there?')).toBeNull();
    advance(1);
    expect(transcript().at(-1)).toEqual(['Human agent', 'Human agent reply: Are you there?']);

    // Away while a reply falls due: it is there at once on return.
    say('Still there?');
    cleanup();
    advance(10_000);
    renderChat();
    expect(transcript().slice(-2)).toEqual([
      ['You', 'Still there?'],
      ['Human agent', 'Human agent reply: Still there?'],
    ]);
    expect(within(log()).getAllByText('You are now chatting with a human agent.')).toHaveLength(1);
  });

  it('starts afresh for another account', () => {
    renderChat();
    say('private');
    cleanup();
    renderChat('00000000-0000-4000-8000-0000000000b2');
    expect(screen.queryByText('private')).toBeNull();
    expect(transcript()).toEqual([WELCOME]);
  });
});
