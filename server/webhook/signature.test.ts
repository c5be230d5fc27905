import { describe, expect, it } from 'vitest';
import { checkWebhookSignature, signWebhookBody } from './signature';

const SECRET = 'app-secret-for-tests';
const body = Buffer.from('{"object":"page","entry":[]}');

describe('checkWebhookSignature', () => {
  it('when the header is the HMAC-SHA256 of the raw bytes, then it is valid', () => {
    expect(checkWebhookSignature(body, signWebhookBody(body, SECRET), SECRET)).toBe('valid');
  });

  it('when the hex digits are upper case, then it is still valid', () => {
    const header = `sha256=${signWebhookBody(body, SECRET).slice('sha256='.length).toUpperCase()}`;
    expect(checkWebhookSignature(body, header, SECRET)).toBe('valid');
  });

  it('when there is no header, then it is missing', () => {
    expect(checkWebhookSignature(body, undefined, SECRET)).toBe('missing');
    expect(checkWebhookSignature(body, '', SECRET)).toBe('missing');
  });

  it('when the body was re-serialised differently, then the signature of the original is invalid', () => {
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 2));
    expect(checkWebhookSignature(reserialised, signWebhookBody(body, SECRET), SECRET)).toBe('invalid');
  });

  it('when it was signed with another secret, then it is invalid', () => {
    expect(checkWebhookSignature(body, signWebhookBody(body, 'another-secret'), SECRET)).toBe('invalid');
  });

  it('when the header is not sha256=<64 hex digits>, then it is invalid', () => {
    const digest = signWebhookBody(body, SECRET).slice('sha256='.length);
    for (const header of [digest, `sha1=${digest}`, `sha256=${digest.slice(2)}`, 'sha256=zz', ['a', 'b']]) {
      expect(checkWebhookSignature(body, header, SECRET)).toBe('invalid');
    }
  });
});
