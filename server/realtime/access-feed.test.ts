import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { ServiceDatabase } from '../contracts';
import { ACCESS_CHANGES_CHANNEL, createAccessFeed, parseAccessNotice, type AccessNotice } from './access-feed';

const USER = 'd0000000-0000-4000-8000-000000000003';
const SESSION = 'e0000000-0000-4000-8000-000000000001';

describe('parseAccessNotice', () => {
  it("when the payload is the trigger's JSON, then it is read (ids in lower case)", () => {
    expect(
      parseAccessNotice(JSON.stringify({ user_id: USER.toUpperCase(), session_id: SESSION, reason: 'session_ended' })),
    ).toEqual({ user_id: USER, session_id: SESSION, reason: 'session_ended' });
    expect(parseAccessNotice(JSON.stringify({ user_id: USER, session_id: null, reason: 'user_banned' }))).toEqual({
      user_id: USER,
      session_id: null,
      reason: 'user_banned',
    });
  });

  it.each([
    ['not JSON', 'user deleted'],
    ['no user id', JSON.stringify({ session_id: null, reason: 'user_deleted' })],
    [
      'a user id that is not a uuid',
      JSON.stringify({ user_id: "x' or 1=1", session_id: null, reason: 'user_deleted' }),
    ],
    ['an unknown reason', JSON.stringify({ user_id: USER, session_id: null, reason: 'whatever' })],
    ['JSON null', 'null'],
  ])('when the payload is %s, then it is ignored', (_name, payload) => {
    expect(parseAccessNotice(payload)).toBeNull();
  });
});

describe('createAccessFeed', () => {
  it('hands every well-formed notice on at once, skips malformed ones, and stops listening on stop()', async () => {
    let deliver: ((payload: string) => void) | undefined;
    let listening = false;
    const db = {
      kind: 'pglite',
      async listen(channel: string, onNotify: (payload: string) => void) {
        expect(channel).toBe(ACCESS_CHANGES_CHANNEL);
        deliver = onNotify;
        listening = true;
        return async () => {
          listening = false;
        };
      },
    } as unknown as ServiceDatabase;
    const revoked: AccessNotice[] = [];
    const feed = createAccessFeed({ db, logger: pino({ level: 'silent' }), revoke: (notice) => revoked.push(notice) });
    await feed.start();
    deliver!('garbage');
    deliver!(JSON.stringify({ user_id: USER, session_id: null, reason: 'profile_changed' }));
    expect(revoked).toEqual([{ user_id: USER, session_id: null, reason: 'profile_changed' }]);
    await feed.stop();
    expect(listening).toBe(false);
  });
});
