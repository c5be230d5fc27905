import { describe, expect, it } from 'vitest';
import { characterCount } from './character-count';
import { MESSAGE_MAX_LENGTH } from './limits';
import { manualReminderBodySchema } from './manual-reminders';
import { statusNotificationBodySchema } from './status-notifications';

/** Meta's limit on a plain Messenger text, in UTF-16 units (server/messenger/requests.ts). */
const MESSENGER_TEXT_LIMIT_UTF16 = 2000;

describe('characterCount', () => {
  it.each([
    ['', 0],
    ['a', 1],
    ['Bring your X-rays.', 18],
    ['😀', 1],
    ['Ngiti 😀😀', 8],
    // A combining accent is a code point of its own, as Postgres's char_length counts it.
    ['e\u0301', 2],
    // A family emoji: three people joined by two zero-width joiners.
    ['👨‍👩‍👧', 5],
  ])('when the text is %j, then it has %i characters (code points)', (text, count) => {
    expect(characterCount(text)).toBe(count);
  });
});

describe('the message limit', () => {
  const emoji = (count: number) => '😀'.repeat(count);

  it('when a message has 1000 emoji (2000 UTF-16 units), then the service accepts it as the SPA does', () => {
    expect(characterCount(emoji(MESSAGE_MAX_LENGTH))).toBe(MESSAGE_MAX_LENGTH);
    expect(
      statusNotificationBodySchema.safeParse({ status: 'Cancelled', message: emoji(1000), clinic_id: 7 }).success,
    ).toBe(true);
    expect(manualReminderBodySchema.safeParse({ days_ahead: 1, message_override: emoji(1000) }).success).toBe(true);
  });

  it('when a message has 1001 emoji, then the service refuses it saying so', () => {
    expect(
      statusNotificationBodySchema.safeParse({ status: 'Cancelled', message: emoji(1001), clinic_id: 7 }).error
        ?.issues[0]?.message,
    ).toBe('message must be at most 1000 characters.');
    expect(
      manualReminderBodySchema.safeParse({ days_ahead: 1, message_override: emoji(1001) }).error?.issues[0]?.message,
    ).toBe('message_override must be at most 1000 characters.');
  });

  it("when a message at the limit uses only two-unit characters, then it still fits Meta's 2000 UTF-16 units", () => {
    expect(emoji(MESSAGE_MAX_LENGTH).length).toBeLessThanOrEqual(MESSENGER_TEXT_LIMIT_UTF16);
  });
});
