/**
 * The patient pickers' search (src/entities/patient/api/search-patients.ts over the function
 * search_patients, supabase/migrations/20261201000300_patients.sql) through the
 * app's own client against a local stack started as `npm start` starts it: what a picker finds,
 * and that no request it sends has a long URL. The name rule's regex grows about 84 bytes a typed
 * character; sent in the URL, a long name passed the 8 KB hosted Supabase's proxy takes (414).
 * The function's refusals and row-level security are checked with supabase-js.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { foldName } from '../../../common/contract/patient-search.ts';
import { DEMO_PASSWORD } from '../../../local/stack.ts';
import { PATIENT_SEARCH_LIMIT, searchPatients } from '../../../src/entities/patient/api/search-patients.ts';
import { initSupabase, type AppSupabaseClient } from '../../../src/lib/supabase.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

/** What browsers and proxies take for certain; hosted Supabase's limit is about 8 KB. */
const URL_BYTES_LIMIT = 2048;

let stack: TestStack;
let service: SupabaseClient;
let otherAdmin: SupabaseClient;
let app: AppSupabaseClient;
let clinicId: number;
let otherClinicId: number;
/** Every URL the app's client requested since the last test began. */
let urls: string[] = [];

const tag = () => randomUUID().slice(0, 8);

async function createPatient(
  fields: { name: string; phone?: string; messenger_id?: string; deleted?: boolean },
  clinic = clinicId,
) {
  const { data, error } = await service
    .from('patients')
    .insert({ clinic_id: clinic, phone: '0917 555 0000', ...fields })
    .select('id, name, phone')
    .single();
  if (error) throw error;
  return data as { id: number; name: string; phone: string };
}

const idsOf = (rows: readonly { id: number }[]) => rows.map((row) => row.id);

beforeAll(async () => {
  stack = await startTestStack();
  service = stack.serviceClient();
  otherAdmin = await stack.signedIn('admin2@demo.test');
  const clinics = await service.from('clinics').select('id, name');
  clinicId = clinics.data!.find((clinic) => clinic.name === 'Smile Dental')!.id as number;
  otherClinicId = clinics.data!.find((clinic) => clinic.name === 'Bright Teeth')!.id as number;
  const recordingFetch: typeof fetch = (input, init) => {
    urls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return fetch(input, init);
  };
  app = initSupabase({ supabaseUrl: stack.url, anonKey: stack.config.anonKey, apiUrl: stack.url }, recordingFetch);
  const { error } = await app.auth.signInWithPassword({ email: 'reception@demo.test', password: DEMO_PASSWORD });
  if (error) throw error;
});

beforeEach(() => {
  urls = [];
});

afterAll(async () => {
  app?.auth.stopAutoRefresh();
  await stack?.stop();
});

/** The searches the test made went through the app's client, each in a short URL. */
function expectShortUrls() {
  const searches = urls.filter((url) => url.startsWith(`${stack.url}/rest/v1/`));
  expect(searches.length).toBeGreaterThan(0);
  for (const url of urls) expect(Buffer.byteLength(url), url.slice(0, 200)).toBeLessThan(URL_BYTES_LIMIT);
}

describe('the patient pickers search', () => {
  it('finds a patient by a 150-character accented name, each request under 2 KB', async () => {
    let filler = '';
    while (filler.length < 140) filler += ['Niñé', 'Péñá', 'ñoño', 'Éñe'][filler.length % 4] + ' ';
    const name = `${tag()} ${filler}`.slice(0, 150).trimEnd();
    expect(name.length).toBeGreaterThanOrEqual(148);
    const patient = await createPatient({ name });

    // As SearchCombobox searches a chosen patient's whole name: the pickers fold it, the booking form does not.
    expect(idsOf(await searchPatients(clinicId, foldName(name), 'name'))).toEqual([patient.id]);
    expect(idsOf(await searchPatients(clinicId, name, 'name-or-contact'))).toEqual([patient.id]);
    expect(idsOf(await searchPatients(clinicId, name.toUpperCase(), 'name'))).toEqual([patient.id]);
    expectShortUrls();
  });

  it('ignores accents and case on both sides', async () => {
    const t = tag();
    const nina = await createPatient({ name: `Niña ${t} Reyes` });
    const shouting = await createPatient({ name: `NIÑA ${t} BAUTISTA` });
    const pena = await createPatient({ name: `Jose ${t} Pena` });
    expect(idsOf(await searchPatients(clinicId, `nina ${t}`, 'name'))).toEqual([shouting.id, nina.id]);
    expect(idsOf(await searchPatients(clinicId, `niña ${t}`, 'name-or-contact'))).toEqual([shouting.id, nina.id]);
    expect(idsOf(await searchPatients(clinicId, `JOSÉ ${t} PEÑA`, 'name'))).toEqual([pena.id]);
    expectShortUrls();
  });

  it('finds the phone and the Messenger id by a part, case-insensitively, in the booking form only', async () => {
    const digits = String(randomInt(100_000_000, 1_000_000_000));
    const t = tag();
    const byPhone = await createPatient({ name: `Phone ${t}`, phone: `+63 917 ${digits}` });
    const byMessenger = await createPatient({ name: `Messenger ${t}`, messenger_id: `psid-${t}XYZ` });
    expect(idsOf(await searchPatients(clinicId, `917 ${digits.slice(0, 7)}`, 'name-or-contact'))).toEqual([byPhone.id]);
    expect(idsOf(await searchPatients(clinicId, `${t}xyz`.toUpperCase(), 'name-or-contact'))).toEqual([byMessenger.id]);
    expect(await searchPatients(clinicId, `${t}xyz`, 'name')).toEqual([]);
    expectShortUrls();
  });

  it('matches %, _ and * as typed, in the name and in the Messenger id', async () => {
    const t = tag();
    // Each sign beside a patient it would find were it a wildcard (`*` was PostgREST's, in the URL).
    for (const [typed, decoy] of [
      [`${t}a%b`, `${t}axyb`],
      [`${t}c_d`, `${t}cxd`],
      [`${t}e*f`, `${t}exyf`],
    ] as const) {
      const [name] = await Promise.all([
        createPatient({ name: `Dee ${typed}` }),
        createPatient({ name: `Dee ${decoy}` }),
      ]);
      const [messenger] = await Promise.all([
        createPatient({ name: `Psid ${t}`, messenger_id: `psid-${typed}` }),
        createPatient({ name: `Psid ${t}`, messenger_id: `psid-${decoy}` }),
      ]);
      expect(idsOf(await searchPatients(clinicId, typed, 'name')), typed).toEqual([name.id]);
      expect(idsOf(await searchPatients(clinicId, typed, 'name-or-contact')), typed).toEqual([name.id, messenger.id]);
    }
    expectShortUrls();
  });

  it("never lists another clinic's patients or deleted ones", async () => {
    const t = tag();
    const live = await createPatient({ name: `Shared ${t} Cruz`, messenger_id: `shared-${t}` });
    await createPatient({ name: `Shared ${t} Cruz`, messenger_id: `shared-${t}-gone`, deleted: true });
    const elsewhere = await createPatient({ name: `Shared ${t} Cruz`, messenger_id: `shared-${t}` }, otherClinicId);
    for (const scope of ['name', 'name-or-contact'] as const) {
      expect(idsOf(await searchPatients(clinicId, `shared ${t}`, scope))).toEqual([live.id]);
      // Row-level security: a receptionist of Smile Dental asking for Bright Teeth's patients.
      expect(await searchPatients(otherClinicId, `shared ${t}`, scope)).toEqual([]);
    }
    expect(idsOf(await searchPatients(clinicId, `shared-${t}`, 'name-or-contact'))).toEqual([live.id]);
    const other = await otherAdmin.rpc('search_patients', {
      p_clinic_id: clinicId,
      p_limit: 100,
      p_name_pattern: `shared ${t}`,
    });
    expect(other.error).toBeNull();
    expect(other.data).toEqual([]);
    const own = await otherAdmin.rpc('search_patients', {
      p_clinic_id: otherClinicId,
      p_limit: 100,
      p_name_pattern: `shared ${t}`,
    });
    expect(own.data).toEqual([{ id: elsewhere.id, name: elsewhere.name, phone: elsewhere.phone }]);
  });

  it(`lists at most ${PATIENT_SEARCH_LIMIT} patients, by name and then id`, async () => {
    const t = tag();
    const created = [];
    for (let i = PATIENT_SEARCH_LIMIT + 4; i >= 0; i -= 1)
      created.push(await createPatient({ name: `Limit ${t} ${String(Math.min(i, 3)).padStart(2, '0')}` }));
    const expected = [...created]
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id))
      .slice(0, PATIENT_SEARCH_LIMIT);
    const found = await searchPatients(clinicId, `limit ${t}`, 'name-or-contact');
    expect(found).toEqual(expected.map(({ id, name, phone }) => ({ id, name, phone })));
    expect(await searchPatients(clinicId, '   ', 'name')).toHaveLength(PATIENT_SEARCH_LIMIT);
    expectShortUrls();
  });
});

describe('search_patients refusals', () => {
  const call = (args: Record<string, unknown>, client: SupabaseClient = otherAdmin) =>
    client.rpc('search_patients', { p_clinic_id: otherClinicId, p_limit: 20, ...args });

  it.each([
    [
      'a name pattern that is not a regular expression',
      { p_name_pattern: '[a-' },
      '2201B',
      'patient_search_pattern_invalid',
    ],
    ['no clinic', { p_clinic_id: null }, '22004', 'patient_search_clinic_required'],
    ['a limit above 100', { p_limit: 101 }, '22023', 'patient_search_limit_invalid'],
    ['a limit below 1', { p_limit: 0 }, '22023', 'patient_search_limit_invalid'],
    ['no limit', { p_limit: null }, '22023', 'patient_search_limit_invalid'],
  ])('answers %s with 400 and its code', async (_, args, code, hint) => {
    const { error, status } = await call(args);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code, hint });
    expect(JSON.stringify(error)).not.toMatch(/\bat \S+:\d+/);
  });

  it('is not callable without signing in', async () => {
    const { error, status } = await call({}, stack.anonClient());
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
  });
});
