import { describe, expect, it } from 'vitest';
import { loggedPath } from './app.ts';

describe('loggedPath', () => {
  it('when the path names a Graph id (a page or a patient’s Messenger id), then the log gets :id', () => {
    expect(loggedPath('/_meta/v21.0/psid-8badf45910fd4321')).toBe('/_meta/v21.0/:id');
    expect(loggedPath('/v21.0/2500000000000001')).toBe('/v21.0/:id');
    expect(loggedPath('/_meta/v21.0/1000000000000002/subscribed_apps')).toBe('/_meta/v21.0/:id/subscribed_apps');
    expect(loggedPath('/_meta/avatars/psid-50a7416eba0a.svg')).toBe('/_meta/avatars/:id');
  });

  it('when the path holds no id, then it is logged as it is', () => {
    for (const path of ['/_meta/v21.0/me/messages', '/_meta/v21.0/oauth/access_token', '/rest/v1/patients', '/']) {
      expect(loggedPath(path)).toBe(path);
    }
  });
});
