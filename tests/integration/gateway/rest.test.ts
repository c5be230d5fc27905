import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../../local/gateway/jwt.ts';
import { clinicTime, clinicWorkday } from '../../support/clinic-time.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

let stack: TestStack;
let admin: SupabaseClient;
let service: SupabaseClient;
let clinicId: number;
let dentistId: number;

const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

async function createPatient(fields: Record<string, unknown> = {}) {
  const { data, error } = await service
    .from('patients')
    .insert({ name: unique('Patient'), phone: '+639171234567', clinic_id: clinicId, ...fields })
    .select()
    .single();
  if (error) throw error;
  return data as { id: number; name: string; phone: string; messenger_id: string | null };
}

beforeAll(async () => {
  stack = await startTestStack();
  service = stack.serviceClient();
  admin = await stack.signedIn('admin@demo.test');
  const clinic = await service.from('clinics').select('id').eq('name', 'Smile Dental').single();
  clinicId = clinic.data!.id;
  const { data, error } = await service
    .from('dentists')
    .insert({
      name: unique('Dr. Conformance'),
      email: 'conformance@demo.test',
      phone: '+639170000000',
      clinic_id: clinicId,
    })
    .select('id')
    .single();
  if (error) throw error;
  dentistId = data.id;
});

afterAll(async () => {
  await stack?.stop();
});

describe('reads through supabase-js', () => {
  it('lists a clinic’s live patients ordered by name, as the Patients screen asks', async () => {
    const first = await createPatient({ name: unique('Aaron') });
    const deleted = await createPatient({ name: unique('Aaron'), deleted: true });
    const { data, error, status } = await admin
      .from('patients')
      .select('*')
      .eq('clinic_id', clinicId)
      .eq('deleted', false)
      .order('name', { ascending: true });
    expect(error).toBeNull();
    expect(status).toBe(200);
    const names = data!.map((row) => row.name as string);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(data!.some((row) => row.id === first.id)).toBe(true);
    expect(data!.some((row) => row.id === deleted.id)).toBe(false);
  });

  it('picks columns, aliases them and casts them', async () => {
    const patient = await createPatient();
    const { data, error } = await admin.from('patients').select('id, full_name:name, phone::text').eq('id', patient.id);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: patient.id, full_name: patient.name, phone: patient.phone }]);
  });

  it('embeds procedure categories with their procedures, empty array when none', async () => {
    const name = unique('Category');
    const { data: category } = await admin
      .from('procedure_categories')
      .insert({ name, clinic_id: clinicId })
      .select()
      .single();
    await admin.from('procedures').insert([
      { clinic_id: clinicId, category_id: category!.id, name: 'Zirconia crown', price: 15000 },
      { clinic_id: clinicId, category_id: category!.id, name: 'Acrylic crown', price: 4500.5 },
    ]);
    const empty = await admin
      .from('procedure_categories')
      .insert({ name: unique('Empty'), clinic_id: clinicId })
      .select()
      .single();
    const { data, error } = await admin
      .from('procedure_categories')
      .select('id, name, procedures(id, name, price)')
      .in('id', [category!.id, empty.data!.id])
      .order('id')
      .order('name', { referencedTable: 'procedures' });
    expect(error).toBeNull();
    expect(data![0]!.procedures.map((p: { name: string; price: number }) => [p.name, p.price])).toEqual([
      ['Acrylic crown', 4500.5],
      ['Zirconia crown', 15000],
    ]);
    expect(data![1]!.procedures).toEqual([]);
  });

  it('embeds the patient’s name in an appointment read by id, as a single object', async () => {
    const patient = await createPatient();
    const time = clinicTime(clinicWorkday(3), '10:00');
    const { data: created, error: insertError } = await admin
      .from('appointments')
      .insert({
        dentist_id: dentistId,
        patient_id: patient.id,
        appointment_time: time,
        reason: 'Oral Prophylaxis (Cleaning)',
        clinic_id: clinicId,
      })
      .select('id')
      .single();
    expect(insertError).toBeNull();
    const { data, error } = await admin
      .from('appointments')
      .select('*, patients(name)')
      .eq('id', created!.id)
      .eq('clinic_id', clinicId)
      .single();
    expect(error).toBeNull();
    expect(data!.patients).toEqual({ name: patient.name });
    expect(data!.status).toBe('Scheduled');
    expect(new Date(data!.appointment_time).toISOString()).toBe(new Date(time).toISOString());
  });

  it('filters with every comparison operator', async () => {
    const a = await createPatient({ messenger_id: '1000' });
    const b = await createPatient({ messenger_id: '2000' });
    const ids = [a.id, b.id];
    const base = () => admin.from('patients').select('id').in('id', ids).order('id');
    const run = async (build: (query: ReturnType<typeof base>) => PromiseLike<{ data: unknown; error: unknown }>) => {
      const { data, error } = await build(base());
      expect(error).toBeNull();
      return (data as { id: number }[]).map((row) => row.id);
    };
    expect(await run((q) => q.eq('messenger_id', '1000'))).toEqual([a.id]);
    expect(await run((q) => q.neq('messenger_id', '1000'))).toEqual([b.id]);
    expect(await run((q) => q.gt('id', a.id))).toEqual([b.id]);
    expect(await run((q) => q.gte('id', a.id))).toEqual(ids);
    expect(await run((q) => q.lt('id', b.id))).toEqual([a.id]);
    expect(await run((q) => q.lte('id', b.id))).toEqual(ids);
    expect(await run((q) => q.is('messenger_id', null))).toEqual([]);
    expect(await run((q) => q.not('messenger_id', 'is', null))).toEqual(ids);
    expect(await run((q) => q.ilike('name', a.name.toUpperCase()))).toEqual([a.id]);
    expect(await run((q) => q.or(`messenger_id.eq.2000,name.eq.${a.name}`))).toEqual(ids);
    expect(await run((q) => q.or('messenger_id.eq.2000,and(messenger_id.eq.1000,deleted.is.true)'))).toEqual([b.id]);
  });

  it('searches patients by name, phone or messenger id, case-insensitively', async () => {
    const tag = randomUUID().slice(0, 6);
    const byName = await createPatient({ name: `Maria ${tag}Santos` });
    const byMessenger = await createPatient({ messenger_id: `psid-${tag}XYZ` });
    const term = tag.toUpperCase();
    const { data, error } = await admin
      .from('patients')
      .select('id')
      .eq('clinic_id', clinicId)
      .or(`name.ilike.%${term}%,phone.ilike.%${term}%,messenger_id.ilike.%${term}%`)
      .order('id');
    expect(error).toBeNull();
    expect(data!.map((row) => row.id)).toEqual([byName.id, byMessenger.id]);
  });

  it('counts exactly with head, and pages with range', async () => {
    const { count, data, error, status } = await admin
      .from('patients')
      .select('*', { count: 'exact', head: true })
      .eq('clinic_id', clinicId);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBeNull();
    expect(count).toBeGreaterThanOrEqual(50);
    const page = await admin
      .from('patients')
      .select('id', { count: 'exact' })
      .eq('clinic_id', clinicId)
      .order('id')
      .range(10, 19);
    expect(page.status).toBe(206);
    expect(page.count).toBe(count);
    expect(page.data).toHaveLength(10);
    const all = await admin.from('patients').select('id').eq('clinic_id', clinicId).order('id');
    expect(page.data).toEqual(all.data!.slice(10, 20));
  });

  it('answers 416 for a range past the end when counting', async () => {
    const { error, status } = await admin
      .from('patients')
      .select('id', { count: 'exact' })
      .eq('clinic_id', clinicId)
      .range(100000, 100009);
    expect(status).toBe(416);
    expect(error!.code).toBe('PGRST103');
  });

  it('single() and maybeSingle() handle zero and two rows the way PostgREST does', async () => {
    const none = await admin.from('patients').select('id').eq('id', -1).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    const two = await admin.from('patients').select('id').eq('clinic_id', clinicId).limit(2).single();
    expect(two.status).toBe(406);
    expect(two.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
    const maybeNone = await admin.from('patients').select('id').eq('id', -1).maybeSingle();
    expect(maybeNone.error).toBeNull();
    expect(maybeNone.data).toBeNull();
    const maybeTwo = await admin.from('patients').select('id').eq('clinic_id', clinicId).limit(2).maybeSingle();
    expect(maybeTwo.error?.code).toBe('PGRST116');
  });
});

describe('writes through supabase-js', () => {
  it('inserts without returning (201, no body) and with returning', async () => {
    const name = unique('Insert');
    const minimal = await admin.from('patients').insert({ name, phone: '09171234567', clinic_id: clinicId });
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();
    expect(minimal.error).toBeNull();
    const returned = await admin
      .from('invoices')
      .insert({ patient_id: (await createPatient()).id, total: 1500.75, clinic_id: clinicId })
      .select()
      .single();
    expect(returned.status).toBe(201);
    expect(returned.data).toMatchObject({ total: 1500.75, clinic_id: clinicId });
  });

  it('updates with and without returning, and refuses an update without a filter', async () => {
    const patient = await createPatient();
    const minimal = await admin
      .from('patients')
      .update({ phone: '09998887777' })
      .eq('id', patient.id)
      .eq('clinic_id', clinicId);
    expect(minimal.status).toBe(204);
    const returned = await admin
      .from('patients')
      .update({ messenger_id: 'psid-42' })
      .eq('id', patient.id)
      .select('id, phone, messenger_id');
    expect(returned.status).toBe(200);
    expect(returned.data).toEqual([{ id: patient.id, phone: '09998887777', messenger_id: 'psid-42' }]);
    const unfiltered = await admin.from('patients').update({ phone: '1' });
    expect(unfiltered.status).toBe(400);
    expect(unfiltered.error).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' });
  });

  it('updates only while the row still holds what the Edit Patient form opened with, reserved characters and nulls included', async () => {
    // What src/features/patients/form/api/update-patient.ts sends: the spec's update, with the
    // opened values as filters, so a save made elsewhere meanwhile is not undone unseen.
    const name = unique('Peña, Jr. (ñ) "Ka" Ben.*');
    const patient = await createPatient({ name, phone: '0917 555 0101', messenger_id: null });
    const save = (opened: { name: string; phone: string; messenger_id: string | null }, phone: string) => {
      const update = admin
        .from('patients')
        .update({ name: opened.name, phone, messenger_id: opened.messenger_id, clinic_id: clinicId })
        .eq('id', patient.id)
        .eq('clinic_id', clinicId)
        .eq('deleted', false)
        .eq('name', opened.name)
        .eq('phone', opened.phone);
      return (
        opened.messenger_id === null ? update.is('messenger_id', null) : update.eq('messenger_id', opened.messenger_id)
      ).select('id, name, phone, messenger_id');
    };
    const opened = { name, phone: '0917 555 0101', messenger_id: null };
    // Linked elsewhere while the form was open: the save matches nothing, and the link stays.
    await service.from('patients').update({ messenger_id: '7100000000000042' }).eq('id', patient.id);
    const refused = await save(opened, '0917 000 0000');
    expect(refused.error).toBeNull();
    expect(refused.data).toEqual([]);
    // Saved again from the values as they are now, it goes through and keeps the link.
    const saved = await save({ ...opened, messenger_id: '7100000000000042' }, '0917 000 0000');
    expect(saved.data).toEqual([{ id: patient.id, name, phone: '0917 000 0000', messenger_id: '7100000000000042' }]);
  });

  it('deletes with and without returning', async () => {
    const make = async () =>
      (
        await admin
          .from('dentists')
          .insert({ name: unique('Dr. Temp'), email: 't@demo.test', phone: '1', clinic_id: clinicId })
          .select('id')
          .single()
      ).data!.id as number;
    const first = await make();
    const second = await make();
    const minimal = await admin.from('dentists').delete().eq('id', first).eq('clinic_id', clinicId);
    expect(minimal.status).toBe(204);
    const returned = await admin.from('dentists').delete().eq('id', second).select('id');
    expect(returned.data).toEqual([{ id: second }]);
    const left = await admin.from('dentists').select('id').in('id', [first, second]);
    expect(left.data).toEqual([]);
  });

  it('upserts on a natural key', async () => {
    const name = unique('Upsert category');
    const first = await admin
      .from('procedure_categories')
      .upsert({ clinic_id: clinicId, name }, { onConflict: 'clinic_id,name' })
      .select();
    const again = await admin
      .from('procedure_categories')
      .upsert({ clinic_id: clinicId, name }, { onConflict: 'clinic_id,name' })
      .select();
    expect(first.error).toBeNull();
    expect(again.error).toBeNull();
    expect(again.data![0]!.id).toBe(first.data![0]!.id);
    const ignored = await admin
      .from('procedure_categories')
      .upsert({ clinic_id: clinicId, name }, { onConflict: 'clinic_id,name', ignoreDuplicates: true })
      .select();
    expect(ignored.data).toEqual([]);
  });

  it('a single() insert of two rows is refused and rolled back', async () => {
    const name = unique('Twin');
    const result = await admin
      .from('patients')
      .insert([
        { name, phone: '1', clinic_id: clinicId },
        { name, phone: '2', clinic_id: clinicId },
      ])
      .select()
      .single();
    expect(result.status).toBe(406);
    const left = await admin.from('patients').select('id').eq('name', name);
    expect(left.data).toEqual([]);
  });

  it('calls an RPC that saves a day of availability blocks', async () => {
    const date = clinicWorkday(5);
    const { data, error } = await admin.rpc('save_availability_day', {
      p_dentist_id: dentistId,
      p_date: date,
      p_blocks: [
        { start_time: '09:00', end_time: '11:00' },
        { start_time: '15:00', end_time: '18:00' },
      ],
      p_read: [],
    });
    expect(error).toBeNull();
    expect((data as { start_time: string }[]).map((row) => row.start_time.slice(0, 5)).sort()).toEqual([
      '09:00',
      '15:00',
    ]);
    const read = await admin
      .from('dentist_availability')
      .select('start_time, end_time')
      .eq('dentist_id', dentistId)
      .eq('clinic_id', clinicId)
      .eq('is_available', false)
      .eq('specific_date', date)
      .order('start_time');
    expect(read.data!.map((row) => `${row.start_time.slice(0, 5)}-${row.end_time.slice(0, 5)}`)).toEqual([
      '09:00-11:00',
      '15:00-18:00',
    ]);
  });
});

describe('errors in Supabase’s shape', () => {
  const raw = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${stack.url}/rest/v1/${path}`, {
      ...init,
      headers: {
        apikey: stack.config.anonKey,
        authorization: `Bearer ${stack.config.serviceRoleKey}`,
        ...init.headers,
      },
    });

  it('an unknown table is 404 PGRST205', async () => {
    const { error, status } = await admin.from('patientz').select();
    expect(status).toBe(404);
    expect(error).toMatchObject({ code: 'PGRST205' });
  });

  it('an unknown column is 400 42703, and an unknown payload column 400 PGRST204', async () => {
    const read = await admin.from('patients').select('nope');
    expect(read.status).toBe(400);
    expect(read.error!.code).toBe('42703');
    const write = await admin.from('patients').insert({ nope: 1 });
    expect(write.status).toBe(400);
    expect(write.error!.code).toBe('PGRST204');
  });

  it('an unknown relationship is 400 PGRST200', async () => {
    const { status, error } = await admin.from('patients').select('id, nothing(*)');
    expect(status).toBe(400);
    expect(error!.code).toBe('PGRST200');
  });

  it('bad filter syntax is 400 PGRST100 and a bad value is 400 22P02', async () => {
    const syntax = await raw('patients?id=zz.1');
    expect(syntax.status).toBe(400);
    expect(await syntax.json()).toMatchObject({ code: 'PGRST100', hint: null });
    const value = await raw('patients?id=eq.abc');
    expect(value.status).toBe(400);
    expect((await value.json()).code).toBe('22P02');
  });

  it('malformed JSON is 400 PGRST102, a wrong content type 415, a body over 1 MB 413', async () => {
    const malformed = await raw('patients', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      code: 'PGRST102',
      message: 'Empty or invalid json',
      details: null,
      hint: null,
    });
    const wrongType = await raw('patients', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(wrongType.status).toBe(415);
    const huge = await raw('patients', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(1_100_000), phone: '1', clinic_id: clinicId }),
    });
    expect(huge.status).toBe(413);
    expect(Object.keys(await huge.json()).sort()).toEqual(['code', 'details', 'hint', 'message']);
  });

  it('a missing API key, an invalid token and an expired token are 401', async () => {
    const noKey = await fetch(`${stack.url}/rest/v1/patients`);
    expect(noKey.status).toBe(401);
    expect((await noKey.json()).message).toBe('No API key found in request');
    // A signed-in user's token without the key: hosted Supabase's gateway asks for the key too.
    const tokenOnly = await fetch(`${stack.url}/rest/v1/patients`, {
      headers: { authorization: `Bearer ${stack.config.serviceRoleKey}` },
    });
    expect(tokenOnly.status).toBe(401);
    expect((await tokenOnly.json()).message).toBe('No API key found in request');
    const forged = signJwt({ role: 'service_role' }, 'not-the-secret-not-the-secret-not-the-secret');
    const invalid = await raw('patients', { headers: { authorization: `Bearer ${forged}` } });
    expect(invalid.status).toBe(401);
    expect((await invalid.json()).code).toBe('PGRST301');
    const expired = signJwt({ role: 'authenticated', sub: randomUUID(), exp: 1 }, stack.config.jwtSecret);
    const late = await raw('patients', { headers: { authorization: `Bearer ${expired}` } });
    expect(late.status).toBe(401);
    expect(await late.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
  });

  it('treats SQL-looking values as plain values', async () => {
    const patient = await createPatient({ name: `Robert'); drop table patients; --` });
    const { data, error } = await admin.from('patients').select('id').eq('name', patient.name);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: patient.id }]);
    const bobby = await admin.from('patients').select('id').ilike('name', `%' or '1'='1%`);
    expect(bobby.data).toEqual([]);
  });

  it('answers CORS preflight with the client’s headers allowed', async () => {
    const preflight = await fetch(`${stack.url}/rest/v1/patients`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://tablet.local',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'apikey, authorization, prefer',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://tablet.local');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
    const get = await raw('patients?limit=1', { headers: { origin: 'http://tablet.local' } });
    expect(get.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect(get.headers.get('content-range')).toMatch(/^0-0\/\*$/);
  });
});

describe('malformed input answers a 4xx as PostgREST does, never a 500', () => {
  const raw = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${stack.url}/rest/v1/${path}`, {
      ...init,
      headers: {
        apikey: stack.config.anonKey,
        authorization: `Bearer ${stack.config.serviceRoleKey}`,
        'content-type': 'application/json',
        ...init.headers,
      },
    });
  /** A GET with the path byte for byte: fetch would re-encode a bad %-sequence. */
  const rawPath = (path: string) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const url = new URL(stack.url);
      const req = request(
        { host: url.hostname, port: url.port, path, headers: { apikey: stack.config.anonKey } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(body) as unknown }));
        },
      );
      req.on('error', reject);
      req.end();
    });

  it('a path that does not percent-decode is 400 PGRST100', async () => {
    for (const path of ['/rest/v1/%ff%fe', '/rest/v1/rpc/%E0%A4%A', '/rest/v1/patients%ff?select=id']) {
      const answer = await rawPath(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toEqual({
        code: 'PGRST100',
        message: 'The request path has an invalid percent-encoding',
        details: null,
        hint: null,
      });
    }
  });

  it('a filter value a boolean or integer column cannot take is 400 22P02', async () => {
    for (const filter of ['deleted=eq.-1', 'deleted=eq.maybe', 'id=eq.abc', 'id=in.(1,x)']) {
      const response = await raw(`patients?${filter}`);
      expect(response.status, filter).toBe(400);
      expect(await response.json(), filter).toMatchObject({ code: '22P02' });
    }
  });

  it('an id beyond bigint or a float where an integer goes is 400, not 500', async () => {
    for (const filter of ['id=eq.99999999999999999999', 'id=eq.1e308', 'id=gt.-99999999999999999999']) {
      const response = await raw(`patients?${filter}`);
      expect(response.status, filter).toBe(400);
      expect(await response.json(), filter).toMatchObject({ code: expect.stringMatching(/^22/) as unknown });
    }
  });

  it('a NUL in a filter, a select, an order or a body is 400, not 500', async () => {
    for (const query of ['name=eq.a%00b', 'select=id%00', 'order=name%00']) {
      const response = await raw(`patients?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toHaveProperty('code');
    }
    const body = await raw('patients', { method: 'POST', body: '{"name":"a\\u0000b","phone":"1","clinic_id":1}' });
    expect(body.status).toBe(400);
    expect(await body.json()).toMatchObject({ code: '22P05' });
  });

  it('a lone surrogate in a body is 400, not 500', async () => {
    const response = await raw('patients', { method: 'POST', body: '{"name":"x\\ud800","phone":"1","clinic_id":1}' });
    expect(response.status).toBe(400);
  });

  it('a body nested 10,000 levels deep is 413 54001 (too complex), not 500', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const response = await raw('patients', { method: 'POST', body: `{"name":${deep}}` });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      code: '54001',
      message: 'stack depth limit exceeded',
      details: null,
      hint: 'Send less deeply nested input.',
    });
    const rpc = await raw('rpc/is_valid_time_zone', { method: 'POST', body: `{"p_name":${deep}}` });
    expect(rpc.status).toBe(413);
  });

  it('a body over 1 MB is 413 PGRST413, and invalid JSON is 400 PGRST102', async () => {
    const big = await raw('patients', { method: 'POST', body: `{"name":"${'x'.repeat(1024 * 1024 + 1)}"}` });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: 'PGRST413' });
    for (const body of ['{', '{"name":}', 'NaN', "{'a':1}"]) {
      const response = await raw('patients', { method: 'POST', body });
      expect(response.status, body).toBe(400);
      expect(await response.json(), body).toMatchObject({ code: 'PGRST102' });
    }
  });

  it('an empty object inserts a row of defaults (a table without required columns would take it; here 400 23502)', async () => {
    const response = await raw('patients', { method: 'POST', body: '{}' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: '23502' });
  });

  it('bad Range and Prefer headers are ignored or refused with a 4xx', async () => {
    const headerSets: Record<string, string>[] = [
      { range: 'items=abc' },
      { range: '0-99999999999999999999' },
      { range: '5-1' },
      { prefer: 'count=bogus, return=, ,,=,' },
    ];
    for (const headers of headerSets) {
      const response = await raw('patients?select=id&limit=1', { headers });
      expect(response.status, JSON.stringify(headers)).toBeLessThan(500);
    }
  });
});

describe('compression of long answers', () => {
  /** A raw GET with the service key, undecoded: node:http does not undo Content-Encoding. */
  const rawGet = (path: string, acceptEncoding: string | null) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        const url = new URL(stack.url);
        const key = stack.config.serviceRoleKey;
        const headers: Record<string, string> = { apikey: key, authorization: `Bearer ${key}` };
        if (acceptEncoding !== null) headers['accept-encoding'] = acceptEncoding;
        const req = request({ host: url.hostname, port: url.port, path, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      },
    );

  it('gzips a list the client accepts gzip for, and sends short answers and other clients plain JSON', async () => {
    const marker = unique('Compressed');
    const { error } = await service.from('patients').insert(
      Array.from({ length: 120 }, (_, index) => ({
        name: `${marker} ${String(index).padStart(3, '0')}`,
        phone: '+639171234567',
        clinic_id: clinicId,
      })),
    );
    expect(error).toBeNull();
    const list = `/rest/v1/patients?select=*&name=like.${encodeURIComponent(marker)}*&order=name`;

    const plain = await rawGet(list, null);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const rows = JSON.parse(plain.body.toString('utf8')) as { name: string }[];
    expect(rows).toHaveLength(120);
    expect(plain.body.length).toBeGreaterThan(8 * 1024);

    const zipped = await rawGet(list, 'gzip, deflate, br');
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(zipped.body.length).toBeLessThan(plain.body.length / 4);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);

    expect((await rawGet(list, 'gzip;q=0, identity')).headers['content-encoding']).toBeUndefined();
    const short = await rawGet(`${list}&limit=1`, 'gzip');
    expect(short.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(short.body.toString('utf8')) as unknown[]).length).toBe(1);

    // supabase-js (fetch) undoes the encoding itself.
    const { data } = await admin.from('patients').select('name').like('name', `${marker}*`).order('name');
    expect(data?.map((row) => row.name)).toEqual(rows.map((row) => row.name));
  });
});
