import { describe, expect, it } from 'vitest';
import { parseWaitlistNotice } from './waitlist-feed';

describe('the waitlist change notice', () => {
  it('reads what the trigger sends', () => {
    expect(parseWaitlistNotice('{"clinic_id":3,"entry_id":41}')).toEqual({ clinic_id: 3, entry_id: 41 });
  });
  it.each(['', 'not json', '{"clinic_id":3}', '{"clinic_id":"3","entry_id":41}', 'null', '[]'])(
    'ignores %j',
    (payload) => {
      expect(parseWaitlistNotice(payload)).toBeNull();
    },
  );
});
