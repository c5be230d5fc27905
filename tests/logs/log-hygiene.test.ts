/**
 * The logs a whole test run left (scripts/run-tests.mjs runs this last, with the directory every
 * stack and test logger wrote into at debug level) hold nothing private: no password or its hash,
 * no token or secret, no e-mail address, no message a patient sent or received, no patient's
 * Messenger id. Only run-tests.mjs runs it (the `logs` project exists with NGITI_CHECK_LOGS=1);
 * without the directory it fails.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_JWT_SECRET, LOCAL_META_APP } from '../../local/config.ts';
import { DEMO_PAGES } from '../../local/meta/state.ts';
import { DEMO_PASSWORD } from '../../local/stack.ts';
import { escapeRegExp } from '../support/reg-exp.ts';

/** Fewer lines than this means the stacks did not log: the checks below would pass vacuously. */
const MIN_LOG_LINES = 500;

interface LogFile {
  name: string;
  lines: string[];
}

/** Where a pattern matched: file, line number and the line, shortened. */
function hits(files: LogFile[], pattern: RegExp): string[] {
  const found: string[] = [];
  for (const file of files) {
    file.lines.forEach((line, index) => {
      const match = pattern.exec(line);
      if (match && found.length < 5) {
        const at = Math.max(0, match.index - 120);
        found.push(`${file.name}:${index + 1}: …${line.slice(at, match.index + match[0].length + 120)}…`);
      }
    });
  }
  return found;
}

const anyOf = (texts: readonly string[]) => new RegExp(texts.map(escapeRegExp).join('|'));

/** Texts the tests and the service send to patients, or patients send (tests/integration/service). */
const MESSAGE_BODIES = [
  // server/messages.ts
  'this is a reminder of your appointment with',
  'Tap Confirm to confirm it',
  'is confirmed. See you then!',
  'thank you for visiting',
  'we missed you at your appointment',
  'has been cancelled. Please message us',
  // Written by the tests.
  'We missed you today! Reply here to rebook.',
  'Hello, can I book?',
  'Hi, see you soon',
  'Hi! See you at Smile Dental. Reply Confirm or Cancel.',
  'first <b>notice</b>',
];

describe('the logs of a test run', () => {
  const dir = process.env.NGITI_TEST_LOG_DIR;
  let files: LogFile[] = [];

  beforeAll(() => {
    if (!dir) {
      throw new Error(
        'NGITI_TEST_LOG_DIR is not set: this check reads the logs of a whole run; run it with `npm test`.',
      );
    }
    files = readdirSync(dir)
      .filter((name) => name.endsWith('.log'))
      .map((name) => ({
        name,
        lines: readFileSync(path.join(dir, name), 'utf8').split('\n').filter(Boolean),
      }));
  });

  it('when the suites ran, then the stacks and the service logged, at debug level', () => {
    const lines = files.flatMap((file) => file.lines);
    expect(lines.length, `log lines in ${dir}: did the stacks write their logs there?`).toBeGreaterThanOrEqual(
      MIN_LOG_LINES,
    );
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.some((line) => line.service === 'ngiti-local-stack' && line.msg === 'request')).toBe(true);
    expect(parsed.some((line) => line.module === 'notification-service')).toBe(true);
    // The failures the suites provoke are logged too: the checks below see errors' fields.
    expect(parsed.some((line) => typeof line.err === 'object' && line.err !== null)).toBe(true);
  });

  it('then no password and no bcrypt hash is in them', () => {
    expect(hits(files, /\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}/)).toEqual([]);
    expect(hits(files, new RegExp(escape(DEMO_PASSWORD)))).toEqual([]);
  });

  it('then no access token, refresh token, page token or secret is in them', () => {
    // JWTs (access tokens, API keys).
    expect(hits(files, /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/)).toEqual([]);
    // Refresh tokens: 24 random bytes in base64url (local/gateway/auth/sessions.ts).
    expect(hits(files, /"[A-Za-z0-9_-]{32}"/)).toEqual([]);
    expect(hits(files, /EAAPAGE/)).toEqual([]);
    expect(hits(files, anyOf([DEVELOPMENT_JWT_SECRET, LOCAL_META_APP.appSecret]))).toEqual([]);
    expect(hits(files, /[Bb]earer [\w.-]{8,}/)).toEqual([]);
  });

  it('then no e-mail address is in them', () => {
    expect(hits(files, /(?<![\w.+-])[\w.+-]+@[\w-]+(\.[\w-]+)+/)).toEqual([]);
  });

  it('then no message a patient sent or received is in them', () => {
    expect(hits(files, anyOf(MESSAGE_BODIES))).toEqual([]);
  });

  it("then no patient's Messenger id is in them", () => {
    // PSIDs are 16 digits: the seed's 24000000…, the tests' random ones (tests/support/service.ts
    // `newPsid`); others are `psid-…`. Pages' ids, of the same form, are the clinics' own: the demo
    // pages' and those logged as a `pageId`.
    const pageIds = new Set(DEMO_PAGES.map((page) => page.id));
    for (const file of files) {
      for (const line of file.lines) {
        for (const [, id] of line.matchAll(/"(?:pageId|page_id)":"(\d+)"/g)) pageIds.add(id!);
      }
    }
    const psids = files.flatMap((file) =>
      file.lines.flatMap((line, index) =>
        [...line.matchAll(/(?<!\d)\d{16}(?!\d)/g)]
          .filter(([digits]) => !pageIds.has(digits))
          .map(([digits]) => `${file.name}:${index + 1}: ${digits}`),
      ),
    );
    expect(psids.slice(0, 5)).toEqual([]);
    expect(hits(files, /psid-[\w-]+/)).toEqual([]);
    expect(
      hits(files, /"(psid|senderPsid|recipientId|recipient_id|messenger_id|messengerId)":"(?!\[redacted\])/),
    ).toEqual([]);
  });
});
