import { describe, expect, it } from 'vitest';
import { storableProfile } from './contact-store';

describe('storableProfile', () => {
  it('joins first and last name, trimmed; keeps an http(s) picture URL', () => {
    expect(
      storableProfile({ firstName: ' Maria ', lastName: 'Santos', profilePic: 'https://scontent.xx.fbcdn.net/a.jpg' }),
    ).toEqual({ displayName: 'Maria Santos', profilePicUrl: 'https://scontent.xx.fbcdn.net/a.jpg' });
    expect(storableProfile({ firstName: 'Ana', lastName: null, profilePic: 'http://localhost:8080/x.svg' })).toEqual({
      displayName: 'Ana',
      profilePicUrl: 'http://localhost:8080/x.svg',
    });
  });

  it('gives null for a blank name and for a picture that is not a plain http(s) URL', () => {
    expect(storableProfile({ firstName: '  ', lastName: '', profilePic: null })).toEqual({
      displayName: null,
      profilePicUrl: null,
    });
    for (const picture of ['javascript:alert(1)', 'HTTPS://x.test/a.png', 'https://x.test/a b.png', '//x.test/a.png']) {
      expect(storableProfile({ firstName: 'A', lastName: null, profilePic: picture }).profilePicUrl).toBeNull();
    }
    expect(
      storableProfile({ firstName: 'A', lastName: null, profilePic: `https://x.test/${'a'.repeat(2000)}` })
        .profilePicUrl,
    ).toBeNull();
  });

  it('cuts a long name to 200 characters and replaces what Postgres cannot store', () => {
    const { displayName } = storableProfile({
      firstName: 'x'.repeat(150),
      lastName: `\u0000${'y'.repeat(150)}`,
      profilePic: null,
    });
    expect([...displayName!]).toHaveLength(200);
    expect(displayName).toContain('\uFFFD');
  });
});
