import { describe, expect, it } from 'vitest';
import { becameConnected, connectedPageDetail, pageInitials } from './page-display';

describe('pageInitials', () => {
  it('takes the first letters of the first two words, upper case', () => {
    expect(pageInitials('Bright Teeth Dental')).toBe('BT');
    expect(pageInitials('smile')).toBe('S');
    expect(pageInitials('  ngiti   north ')).toBe('NN');
  });

  it('skips punctuation and keeps letters outside ASCII whole', () => {
    expect(pageInitials('— Ñino’s Clinic')).toBe('ÑC');
    expect(pageInitials('(Dr.) Ana')).toBe('DA');
  });

  it('answers ? for a name without letters or digits', () => {
    expect(pageInitials('')).toBe('?');
    expect(pageInitials('— !')).toBe('?');
  });
});

describe('becameConnected', () => {
  const none = { fb_page_id: null, page_token_hint: null };
  const demo = { fb_page_id: '1000000000000001', page_token_hint: 'demo' };

  it('when a clinic without a page now has a page and a token, then it became connected', () => {
    expect(becameConnected(none, demo)).toBe(true);
    expect(becameConnected(null, demo)).toBe(true);
  });

  it('when the clinic still has no page or no token, then it did not', () => {
    expect(becameConnected(none, none)).toBe(false);
    expect(becameConnected(none, { fb_page_id: '1000000000000001', page_token_hint: null })).toBe(false);
  });

  it('when an already connected clinic is unchanged, then the connect has not finished yet', () => {
    expect(becameConnected(demo, { ...demo })).toBe(false);
  });

  it('when an already connected clinic got another page or a fresh token, then it became connected', () => {
    expect(becameConnected(demo, { ...demo, fb_page_id: '1000000000000002' })).toBe(true);
    expect(becameConnected(demo, { ...demo, page_token_hint: 'wxyz' })).toBe(true);
  });
});

describe('connectedPageDetail', () => {
  it('names the page when its name is stored', () => {
    expect(connectedPageDetail({ fb_page_id: '1000000000000001', fb_page_name: 'Smile Dental Clinic' })).toBe(
      'Smile Dental Clinic',
    );
  });

  it('falls back to its id for a page connected before names were kept; nothing without a page', () => {
    expect(connectedPageDetail({ fb_page_id: '1000000000000001', fb_page_name: null })).toBe(
      'Page ID 1000000000000001',
    );
    expect(connectedPageDetail({ fb_page_id: null, fb_page_name: null })).toBeUndefined();
  });
});
