// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSession, createSessionUser, renderApp } from '@/testing/render-app';
import { forgetChatConversation } from './model/chat-store';
import ChatTab from './tab';

// Testing Library's async helpers wait on a real setTimeout, which never runs under Vitest's fake
// timers: the message box's events are fired in an async act instead, which lets the form's
// checks (promises, not timers) settle.

const ACCOUNT = '00000000-0000-4000-8000-00000000c4a7';

function renderChat(account = ACCOUNT) {
  const session = createSession({ user: createSessionUser({ role: 'dentist', supabase_id: account }) });
  return renderApp(<ChatTab />, { session });
}

const log = () => screen.getByRole('log', { name: 'Conversation' });
const input = () => screen.getByPlaceholderText<HTMLTextAreaElement>('Type your message…');
const sendButton = () => screen.getByRole('button', { name: 'Send' });
const isDisabled = (element: HTMLElement) => element.hasAttribute('disabled');
const settled = (fire: () => void) =>
  act(async () => {
    fire();
    await Promise.resolve();
  });
const type = (value: string) => settled(() => fireEvent.change(input(), { target: { value } }));
const pressEnter = (shiftKey = false) => settled(() => fireEvent.keyDown(input(), { key: 'Enter', shiftKey }));
const say = async (value: string) => {
  await type(value);
  await pressEnter();
};
const click = (name: string) => settled(() => fireEvent.click(screen.getByRole('button', { name })));
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

  it('sends the trimmed message with Enter and shows the bot’s echo at 800 ms, not at 799', async () => {
    renderChat();
    await type('   Is Dr. Reyes in on Saturday?  ');
    expect(isDisabled(sendButton())).toBe(false);
    await pressEnter();
    expect(input().value).toBe('');
    expect(isDisabled(sendButton())).toBe(true);
    expect(transcript().at(-1)).toEqual(['You', 'Is Dr. Reyes in on Saturday?']);

    advance(799);
    expect(screen.queryByText('Bot reply: Is Dr. Reyes in on Saturday?')).toBeNull();
    advance(1);
    expect(transcript().at(-1)).toEqual(['Virtual assistant', 'Bot reply: Is Dr. Reyes in on Saturday?']);
  });

  it('sends with the Send button too', async () => {
    renderChat();
    await type('By the button');
    await click('Send');
    advance(800);
    expect(transcript().slice(1)).toEqual([
      ['You', 'By the button'],
      ['Virtual assistant', 'Bot reply: By the button'],
    ]);
  });

  it('sends nothing when the message is empty or only spaces and line breaks, and Shift+Enter never sends', async () => {
    renderChat();
    await pressEnter();
    await type('   \n ');
    expect(isDisabled(sendButton())).toBe(true);
    await pressEnter();
    await settled(() => fireEvent.submit(sendButton().closest('form')!));
    await type('Not yet');
    await pressEnter(true);
    advance(5000);
    expect(transcript()).toEqual([WELCOME]);
    expect(input().value).toBe('Not yet');
  });

  it('switches to a human agent and back with the spec’s system messages; the human answers at 1200 ms', async () => {
    renderChat();
    await click('Talk to Human');
    expect(screen.getByText('You are chatting with a human agent.')).toBeTruthy();
    expect(transcript().at(-1)).toEqual(['System', 'You are now chatting with a human agent.']);
    expect(isDisabled(screen.getByRole('button', { name: 'Talk to Human' }))).toBe(true);
    expect(isDisabled(screen.getByRole('button', { name: 'Back to Bot' }))).toBe(false);
    expect(document.activeElement).toBe(input());

    await say('Two lines\nplease');
    expect(transcript().at(-1)).toEqual(['You', 'Two lines\nplease']);
    advance(1199);
    expect(transcript().at(-1)).toEqual(['You', 'Two lines\nplease']);
    advance(1);
    expect(transcript().at(-1)).toEqual(['Human agent', 'Human agent reply: Two lines\nplease']);

    await click('Back to Bot');
    expect(screen.getByText('You are chatting with our virtual assistant.')).toBeTruthy();
    expect(transcript().at(-1)).toEqual(['System', 'You are now chatting with our virtual assistant.']);
    expect(isDisabled(screen.getByRole('button', { name: 'Back to Bot' }))).toBe(true);
  });

  it('lets the agent the message was sent to answer, even after a switch', async () => {
    renderChat();
    await say('hello');
    await click('Talk to Human');
    advance(800);
    expect(transcript().slice(1)).toEqual([
      ['You', 'hello'],
      ['System', 'You are now chatting with a human agent.'],
      ['Virtual assistant', 'Bot reply: hello'],
    ]);
  });

  it('gives each of the four senders its own look and its own label', async () => {
    renderChat();
    await say('hi');
    advance(800);
    await click('Talk to Human');
    await say('hi');
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

  it('keeps a too long message in the box with a message, and does not send it', async () => {
    renderChat();
    await type('a'.repeat(1000));
    expect(screen.getByText('1000/1000')).toBeTruthy();
    expect(isDisabled(sendButton())).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();

    await type('a'.repeat(1001));
    expect(screen.getByRole('alert').textContent).toBe('Messages can be at most 1000 characters. Shorten it to send.');
    expect(screen.getByText('1001/1000')).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(isDisabled(sendButton())).toBe(true);
    await pressEnter();
    advance(5000);
    expect(transcript()).toEqual([WELCOME]);
    expect(input().value).toHaveLength(1001);
  });

  it('says at once that a too long message kept from before is too long', async () => {
    const first = renderChat();
    await type('a'.repeat(1001));
    first.unmount();

    renderChat();
    await settled(() => undefined);
    expect(input().value).toHaveLength(1001);
    expect(screen.getByRole('alert').textContent).toBe('Messages can be at most 1000 characters. Shorten it to send.');
    expect(isDisabled(sendButton())).toBe(true);
  });

  it('scrolls the log to the newest message', async () => {
    renderChat();
    Object.defineProperty(log(), 'scrollHeight', { configurable: true, get: () => 900 });
    await say('scroll me');
    expect(log().scrollTop).toBe(900);
    log().scrollTop = 0;
    advance(800);
    expect(log().scrollTop).toBe(900);
  });

  it('keeps the conversation when the tab is left and shown again, with no timer running meanwhile', async () => {
    const first = renderChat();
    await click('Talk to Human');
    await say('Are you there?');
    await type('half-typed');
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
    await say('Still there?');
    cleanup();
    advance(10_000);
    renderChat();
    expect(transcript().slice(-2)).toEqual([
      ['You', 'Still there?'],
      ['Human agent', 'Human agent reply: Still there?'],
    ]);
    expect(within(log()).getAllByText('You are now chatting with a human agent.')).toHaveLength(1);
  });

  it('starts afresh for another account', async () => {
    renderChat();
    await say('private');
    cleanup();
    renderChat('00000000-0000-4000-8000-0000000000b2');
    expect(screen.queryByText('private')).toBeNull();
    expect(transcript()).toEqual([WELCOME]);
  });
});
