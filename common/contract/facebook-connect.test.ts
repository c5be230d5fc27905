import { describe, expect, it } from 'vitest';
import {
  connectStateResponseSchema,
  disconnectPageResponseSchema,
  facebookPagesResponseSchema,
  selectPageBodySchema,
  selectPageResponseSchema,
} from './facebook-connect';

describe('connectStateResponseSchema', () => {
  const answer = {
    state: 'v1.eyJjIjo3fQ.c2ln',
    url: 'https://api.ngiti.example/api/clinics/7/facebook/connect?state=v1.eyJjIjo3fQ.c2ln',
    expires_at: '2026-11-23T01:10:00.000Z',
  };

  it('when the service answers a state and the popup URL, then it is read', () => {
    expect(connectStateResponseSchema.parse(answer)).toEqual(answer);
  });

  it.each([
    ['no state', { state: undefined }],
    ['a URL that is not http(s)', { url: 'javascript:alert(1)' }],
    ['an expiry that is not an instant', { expires_at: 'in ten minutes' }],
  ])('when the answer has %s, then it is refused', (_case, change) => {
    expect(connectStateResponseSchema.safeParse({ ...answer, ...change }).success).toBe(false);
  });
});

describe('facebookPagesResponseSchema', () => {
  const page = { id: '1000001', name: 'Smile Dental', access_token: 'fbp_abc', picture: { data: { url: null } } };

  it('when the service lists pages (with or without a picture), then they are read', () => {
    const pages = [page, { ...page, id: '1000002', picture: { data: { url: 'https://example.test/p.png' } } }];
    expect(facebookPagesResponseSchema.parse({ pages })).toEqual({ pages });
    expect(facebookPagesResponseSchema.parse({ pages: [] })).toEqual({ pages: [] });
  });

  it.each([
    ['a numeric id', { id: 1000001 }],
    ['no name', { name: undefined }],
    ['no handle', { access_token: undefined }],
    ['a picture without data', { picture: {} }],
  ])('when a page has %s, then the list is refused', (_case, change) => {
    expect(facebookPagesResponseSchema.safeParse({ pages: [{ ...page, ...change }] }).success).toBe(false);
  });
});

describe('selectPageBodySchema', () => {
  it('when the page id and handle are given, then they are accepted trimmed', () => {
    expect(selectPageBodySchema.parse({ pageId: ' 1000001 ', pageAccessToken: 'fbp_abc ' })).toEqual({
      pageId: '1000001',
      pageAccessToken: 'fbp_abc',
    });
  });

  it.each([
    ['a blank page id', { pageId: '  ' }],
    ['a numeric page id', { pageId: 1000001 }],
    ['a page id over 100 characters', { pageId: '1'.repeat(101) }],
    ['no handle', { pageAccessToken: undefined }],
    ['a handle over 200 characters', { pageAccessToken: 'h'.repeat(201) }],
  ])('when the body has %s, then it is refused', (_case, change) => {
    expect(selectPageBodySchema.safeParse({ pageId: '1000001', pageAccessToken: 'fbp_abc', ...change }).success).toBe(
      false,
    );
  });
});

describe('selectPageResponseSchema', () => {
  it('when the service names the connected page, then it is read', () => {
    const answer = { ok: true, page: { id: '1000001', name: 'Smile Dental' } };
    expect(selectPageResponseSchema.parse(answer)).toEqual(answer);
  });

  it.each([[{ ok: false }], [{ page: { id: '1000001' } }]])('when the answer has %j, then it is refused', (change) => {
    expect(
      selectPageResponseSchema.safeParse({ ok: true, page: { id: '1000001', name: 'Smile Dental' }, ...change })
        .success,
    ).toBe(false);
  });
});

describe('disconnectPageResponseSchema', () => {
  it('when the service says whether Meta confirmed the unsubscription, then it is read', () => {
    for (const unsubscribed of [true, false]) {
      expect(disconnectPageResponseSchema.parse({ ok: true, unsubscribed })).toEqual({ ok: true, unsubscribed });
    }
  });

  it.each([[{ ok: false }], [{ unsubscribed: undefined }], [{ unsubscribed: 'yes' }]])(
    'when the answer has %j, then it is refused',
    (change) => {
      expect(disconnectPageResponseSchema.safeParse({ ok: true, unsubscribed: true, ...change }).success).toBe(false);
    },
  );
});
