/**
 * The Chat tab, in Chromium at 1280×800 and 768×1024: a dentist sees the spec's texts, chats with
 * the virtual assistant and a human agent (replies waited for by condition; their exact 800/1200 ms
 * delays are checked with fake timers in src/features/chat), sends nothing blank, gets a new line
 * with Shift+Enter, sees four sender looks, an auto-scrolled log, no page wider than the window,
 * and the same conversation after visiting another tab.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, openTab, signIn } from './support/app.ts';
import { connectChromium, saveScreenshot, withPage } from './support/chromium.ts';
import { expectNoSidewaysScroll } from './support/layout.ts';

const ctx = inject('e2e');
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'tablet', width: 768, height: 1024 },
] as const;

const BANNER = {
  bot: 'You are chatting with our virtual assistant.',
  human: 'You are chatting with a human agent.',
};

const log = (page: Page) => page.getByRole('log', { name: 'Conversation' });
const input = (page: Page) => page.getByPlaceholder('Type your message…', { exact: true });

/** The log's last `count` messages as [sender label, text]. */
const lastMessages = (page: Page, count: number) =>
  log(page)
    .locator('.chat-message')
    .evaluateAll(
      (messages, n) =>
        messages
          .slice(-n)
          .map((message) => [
            message.querySelector('.chat-sender')?.textContent,
            message.querySelector('.chat-text')?.textContent,
          ]),
      count,
    );

/** Waits until the log ends with these messages. */
async function expectLogEndsWith(page: Page, messages: string[][]) {
  await expect.poll(() => lastMessages(page, messages.length), { timeout: 15_000 }).toEqual(messages);
}

async function openChat(page: Page) {
  await openTab(page, 'Chat');
}

async function expectMode(page: Page, mode: 'bot' | 'human') {
  await page.getByText(BANNER[mode], { exact: true }).waitFor();
  expect(await page.getByRole('button', { name: 'Talk to Human' }).isDisabled()).toBe(mode === 'human');
  expect(await page.getByRole('button', { name: 'Back to Bot' }).isDisabled()).toBe(mode === 'bot');
}

describe.skipIf(!ctx.chromium)('Chat', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectChromium(ctx);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lets a dentist chat with the assistant and a human agent at both sizes, and keeps the conversation across tabs', async () => {
    const tag = randomUUID().slice(0, 8);
    await withPage(browser, ctx.baseUrl, async (page) => {
      await signIn(page, DEMO.dentist);
      await openChat(page);
      await log(page).getByText('Welcome! How can I help you today?', { exact: true }).waitFor();

      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await expectMode(page, 'bot');
        const send = page.getByRole('button', { name: 'Send', exact: true });
        await send.waitFor();

        // Blank input sends nothing.
        await input(page).fill('   ');
        expect(await send.isDisabled()).toBe(true);
        await input(page).press('Enter');
        await input(page).fill('');

        // The bot echoes a message sent with Enter.
        const toBot = `Hello from the ${viewport.name} ${tag}`;
        await input(page).fill(`  ${toBot} `);
        await input(page).press('Enter');
        await expectLogEndsWith(page, [
          ['You', toBot],
          ['Virtual assistant', `Bot reply: ${toBot}`],
        ]);
        expect(await input(page).inputValue()).toBe('');

        // A human agent, with a message of two lines (Shift+Enter), sent with the Send button.
        await page.getByRole('button', { name: 'Talk to Human' }).click();
        await expectMode(page, 'human');
        await expectLogEndsWith(page, [['System', 'You are now chatting with a human agent.']]);
        await input(page).pressSequentially(`Two lines ${viewport.name}`);
        await input(page).press('Shift+Enter');
        await input(page).pressSequentially(tag);
        await send.click();
        await expectLogEndsWith(page, [
          ['You', `Two lines ${viewport.name}\n${tag}`],
          ['Human agent', `Human agent reply: Two lines ${viewport.name}\n${tag}`],
        ]);
        if (viewport.name === 'tablet') await saveScreenshot(page, '15-chat-human-tablet');

        await page.getByRole('button', { name: 'Back to Bot' }).click();
        await expectMode(page, 'bot');
        await expectLogEndsWith(page, [['System', 'You are now chatting with our virtual assistant.']]);

        await expectNoSidewaysScroll(page);
      }

      // Four senders, four looks.
      const looks = await log(page)
        .locator('.chat-message')
        .evaluateAll((messages) =>
          Object.fromEntries(
            messages.map((message) => [message.getAttribute('data-sender'), getComputedStyle(message).backgroundColor]),
          ),
        );
      expect(Object.keys(looks).sort()).toEqual(['bot', 'human', 'system', 'user']);
      expect(new Set(Object.values(looks)).size).toBe(4);

      // The log overflows by now and shows its newest message.
      const scroll = await log(page).evaluate((element) => ({
        overflows: element.scrollHeight > element.clientHeight,
        atBottom: element.scrollTop + element.clientHeight >= element.scrollHeight - 2,
      }));
      expect(scroll).toEqual({ overflows: true, atBottom: true });

      // Another tab and back: the same conversation, still with the bot.
      const before = await lastMessages(page, 100);
      await openTab(page, 'Patients');
      await log(page).waitFor({ state: 'detached' });
      await openChat(page);
      await expectMode(page, 'bot');
      expect(await lastMessages(page, 100)).toEqual(before);
      expect(before[0]).toEqual(['Virtual assistant', 'Welcome! How can I help you today?']);
    });
  });
});
