/**
 * A fixed corpus of malformed input for tests/integration/malformed-input-sweep.test.ts: values of
 * the wrong type, NUL bytes, lone surrogates, bad percent-encoding, overflowing numbers, deep
 * nesting, bodies over the limits, invalid JSON and wrong content types. Everything here is a
 * constant: the sweep sends the same requests on every run.
 */

/** How deep the nested JSON goes (the brief's 10,000 levels). */
export const DEEP_NESTING = 10_000;
/** How deep a nested `or=`/`select=` goes in a URL (a 10,000-level one would not fit the URL limit). */
export const DEEP_URL_NESTING = 500;

export const deepArray = `${'['.repeat(DEEP_NESTING)}${']'.repeat(DEEP_NESTING)}`;
export const deepObject = `${'{"a":'.repeat(DEEP_NESTING)}1${'}'.repeat(DEEP_NESTING)}`;

/** JSON texts of values of the wrong type or shape, used as every field of a JSON object body. */
export const WRONG_VALUES: readonly { label: string; json: string }[] = [
  { label: 'a word', json: '"not a number"' },
  { label: 'an object', json: '{"nested":{"x":1}}' },
  { label: 'an array', json: '[1,"two",null]' },
  { label: 'a boolean', json: 'true' },
  { label: 'a NUL in a string', json: '"a\\u0000b"' },
  { label: 'a lone high surrogate', json: '"x\\ud800"' },
  { label: 'a lone low surrogate', json: '"\\udfffy"' },
  { label: '1e308', json: '1e308' },
  { label: '1e309 (beyond a double)', json: '1e309' },
  { label: '-1e308', json: '-1e308' },
  { label: 'a 20-digit integer', json: '99999999999999999999' },
  { label: 'a negative 20-digit integer', json: '-99999999999999999999' },
  { label: 'a fraction', json: '0.5' },
  { label: 'an impossible date', json: '"2026-13-45T99:99:99Z"' },
  { label: 'a 100,000-character string', json: `"${'x'.repeat(100_000)}"` },
  { label: 'a 10,000-level array', json: deepArray },
];

export interface BadBody {
  label: string;
  body: Buffer;
  headers: Record<string, string>;
}

const json = { 'content-type': 'application/json' };
const bytes = (text: string) => Buffer.from(text, 'utf8');

/** Whole bodies that are not what any route expects. */
export const BAD_BODIES: readonly BadBody[] = [
  { label: 'empty', body: Buffer.alloc(0), headers: json },
  { label: 'truncated JSON', body: bytes('{"a":'), headers: json },
  { label: 'a missing value', body: bytes('{"a":}'), headers: json },
  { label: 'single quotes', body: bytes("{'a':1}"), headers: json },
  { label: 'NaN', body: bytes('NaN'), headers: json },
  { label: 'a bare string', body: bytes('"text"'), headers: json },
  { label: 'a number', body: bytes('42'), headers: json },
  { label: 'null', body: bytes('null'), headers: json },
  { label: 'an array of numbers', body: bytes('[1,2,3]'), headers: json },
  { label: 'a raw NUL byte', body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0x00, 0x22, 0x7d]), headers: json },
  {
    label: 'invalid UTF-8',
    body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    headers: json,
  },
  { label: 'a UTF-8-encoded lone surrogate', body: Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22]), headers: json },
  { label: 'a 10,000-level array', body: bytes(deepArray), headers: json },
  { label: 'a 10,000-level object', body: bytes(deepObject), headers: json },
  { label: 'a 2 MB object', body: bytes(`{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`), headers: json },
  { label: 'text/plain', body: bytes('{"a":1}'), headers: { 'content-type': 'text/plain' } },
  { label: 'a form', body: bytes('a=1&b=%00'), headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  {
    label: 'multipart',
    body: bytes('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'),
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
  },
  { label: 'a bad content type', body: bytes('{}'), headers: { 'content-type': ';;;/' } },
  { label: 'an unknown charset', body: bytes('{}'), headers: { 'content-type': 'application/json; charset=klingon' } },
  { label: 'a gzip claim', body: bytes('{}'), headers: { ...json, 'content-encoding': 'gzip' } },
  { label: 'an unknown encoding', body: bytes('{}'), headers: { ...json, 'content-encoding': 'rot13' } },
];

/** Over the functions platform's 10 MB limit (every other route's limit is under the 2 MB body above). */
export const HUGE_BODY: BadBody = {
  label: 'a 12 MB object',
  body: bytes(`{"a":"${'x'.repeat(12 * 1024 * 1024)}"}`),
  headers: json,
};

/** A JSON object body with every one of `fields` set to each wrong value. */
export function wrongValueBodies(fields: readonly string[]): BadBody[] {
  return WRONG_VALUES.map(({ label, json: value }) => ({
    label: `every field ${label}`,
    body: bytes(`{${fields.map((field) => `${JSON.stringify(field)}:${value}`).join(',')}}`),
    headers: json,
  }));
}

/** Query-string values, already percent-encoded as they go on the wire (some badly, on purpose). */
export const BAD_QUERY_VALUES: readonly string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%ff%fe',
  '%E0%A4%A',
  '%',
  '99999999999999999999',
  '-99999999999999999999',
  '1e308',
  '-1',
  'abc',
  '(',
  '))',
  '%22%5C%27',
  'x'.repeat(4000),
];

/** Path segments in place of an id or a name, on the wire as written. */
export const BAD_PATH_SEGMENTS: readonly string[] = [
  'abc',
  '-1',
  '0',
  '99999999999999999999',
  '1e308',
  '%00',
  '%ED%A0%80',
  '%ff%fe',
  '%E0%A4%A',
  '%2e%2e%2f%2e%2e',
  'x'.repeat(2000),
];

/** Header sets a request should never have answered with a 5xx. */
export const BAD_HEADERS: readonly Record<string, string>[] = [
  { range: 'items=abc' },
  { range: '99999999999999999999-' },
  { range: '5-1' },
  { range: '0-99999999999999999999' },
  { range: '-5' },
  { prefer: 'count=exact, return=representation, resolution=merge-duplicates, missing=default, tx=rollback' },
  { prefer: 'count=bogus, return=, ,,=,' },
  { prefer: 'return=representation;;;' },
  { accept: 'application/vnd.pgrst.object+json' },
  { accept: 'text/csv' },
  { accept: '*/*;q=abc, application/json;q=-1' },
  { 'accept-profile': 'other' },
  { 'content-profile': 'other' },
  { authorization: 'Bearer not.a.jwt' },
  { authorization: 'Basic Zm9vOmJhcg==' },
  { apikey: 'not-a-key' },
  { 'x-supabase-api-version': '9999-99-99' },
];

/** A `select=` nested `DEEP_URL_NESTING` embeds deep, and an `or=` nested as deep. */
export const deepSelect = `${'a('.repeat(DEEP_URL_NESTING)}id${')'.repeat(DEEP_URL_NESTING)}`;
export const deepLogic = (column: string) =>
  `(${'and('.repeat(DEEP_URL_NESTING)}${column}.eq.1${')'.repeat(DEEP_URL_NESTING)})`;
