import { PostgrestClient } from '@supabase/postgrest-js';
import { describe, expect, it } from 'vitest';
import type { Database } from '@/lib/database.types';
import { restUrl } from './config';
import { seed } from './factories';
import { setupMockServer } from './lifecycle';

setupMockServer();

// fetch is looked up per request (as the app's client does), so MSW's patched one is used.
const client = new PostgrestClient<Database>(restUrl, { fetch: (...args) => fetch(...args) });
const names = (rows: { name: string }[] | null) => rows?.map((row) => row.name);

function seedPatients() {
  return seed.patients([
    { name: 'Ana Santos', phone: '0917 555 0101', messenger_id: 'PSID-Ana' },
    { name: 'Ben Cruz', phone: '0918 555 0202' },
    { name: 'carla reyes', phone: '0919 777 0303', messenger_id: 'psid, with comma' },
    { name: 'Dan Gone', phone: '0920 000 0000', deleted: true },
    { name: 'Eve Other', phone: '0921 000 0000', clinic_id: 2 },
  ]);
}

describe('filters', () => {
  it('when rows are filtered with eq, neq, gt, gte, lt and lte, then numbers compare as numbers', async () => {
    seedPatients();
    const query = () => client.from('patients').select('name').order('id');
    expect(names((await query().eq('clinic_id', 1).eq('deleted', false)).data)).toEqual([
      'Ana Santos',
      'Ben Cruz',
      'carla reyes',
    ]);
    expect(names((await query().neq('clinic_id', 1)).data)).toEqual(['Eve Other']);
    expect(names((await query().gt('id', 3)).data)).toEqual(['Dan Gone', 'Eve Other']);
    expect(names((await query().gte('id', 3).lte('id', 4)).data)).toEqual(['carla reyes', 'Dan Gone']);
    expect(names((await query().lt('id', 2)).data)).toEqual(['Ana Santos']);
  });

  it('when timestamps carry different offsets, then they compare as instants', async () => {
    seed.appointments([
      { appointment_time: '2030-01-09T09:45:00+08:00', reason: 'early' },
      { appointment_time: '2030-01-09T02:00:00+00:00', reason: 'same instant' },
      { appointment_time: '2030-01-09T03:00:00Z', reason: 'later' },
    ]);
    const { data } = await client
      .from('appointments')
      .select('reason')
      .gte('appointment_time', '2030-01-09T01:30:00.000Z')
      .lt('appointment_time', '2030-01-09T10:30:00+08:00')
      .order('appointment_time')
      .order('id');
    expect(data?.map((row) => row.reason)).toEqual(['early', 'same instant']);
  });

  it('when a time is filtered without seconds, then it matches the stored HH:MM:SS', async () => {
    seed.dentist_availability([{ start_time: '09:00:00' }, { start_time: '13:00:00' }]);
    const { data } = await client.from('dentist_availability').select('id').gte('start_time', '10:00');
    expect(data).toEqual([{ id: 2 }]);
  });

  it('when like and ilike patterns use * or %, then they match like SQL LIKE', async () => {
    seedPatients();
    const query = () => client.from('patients').select('name').order('id');
    expect(names((await query().like('name', '*Santos')).data)).toEqual(['Ana Santos']);
    expect(names((await query().like('name', 'CARLA%')).data)).toEqual([]);
    expect(names((await query().ilike('name', 'CARLA%')).data)).toEqual(['carla reyes']);
    expect(names((await query().ilike('phone', '%555 0_0_')).data)).toEqual(['Ana Santos', 'Ben Cruz']);
  });

  it('when in lists numbers or quoted text with commas, then each value is matched', async () => {
    seedPatients();
    const query = () => client.from('patients').select('name').order('id');
    expect(names((await query().in('id', [2, 5, 99])).data)).toEqual(['Ben Cruz', 'Eve Other']);
    expect(names((await query().in('messenger_id', ['psid, with comma', 'PSID-Ana'])).data)).toEqual([
      'Ana Santos',
      'carla reyes',
    ]);
    expect(names((await query().not('id', 'in', '(1,2,3)')).data)).toEqual(['Dan Gone', 'Eve Other']);
  });

  it('when a column is null, then is matches it and comparisons do not (three-valued logic)', async () => {
    seedPatients();
    const query = () => client.from('patients').select('name').order('id');
    expect(names((await query().is('messenger_id', null)).data)).toEqual(['Ben Cruz', 'Dan Gone', 'Eve Other']);
    expect(names((await query().not('messenger_id', 'is', null)).data)).toEqual(['Ana Santos', 'carla reyes']);
    expect(names((await query().neq('messenger_id', 'PSID-Ana')).data)).toEqual(['carla reyes']);
    expect(names((await query().is('deleted', true)).data)).toEqual(['Dan Gone']);
  });

  it('when or and and are nested and negated, then the tree is evaluated as written', async () => {
    seedPatients();
    const query = () => client.from('patients').select('name').order('id');
    expect(names((await query().or('name.ilike.*santos*,phone.like.*0202')).data)).toEqual(['Ana Santos', 'Ben Cruz']);
    expect(
      names((await query().or('and(clinic_id.eq.1,deleted.is.true),and(clinic_id.eq.2,name.like.Eve*)')).data),
    ).toEqual(['Dan Gone', 'Eve Other']);
    expect(names((await query().eq('clinic_id', 1).or('not.or(id.eq.1,id.eq.2)')).data)).toEqual([
      'carla reyes',
      'Dan Gone',
    ]);
    const negated = await fetch(`${restUrl}/patients?select=name&clinic_id=eq.1&not.or=(id.eq.1,id.eq.2)&order=id`);
    expect(names(await negated.json())).toEqual(['carla reyes', 'Dan Gone']);
    expect(names((await query().or('messenger_id.ilike."*PSID, with*",id.eq.2')).data)).toEqual([
      'Ben Cruz',
      'carla reyes',
    ]);
  });

  it('when a filter value does not fit the column, then the answer is 22P02 as from Postgres', async () => {
    const { error, status } = await client
      .from('patients')
      .select('id')
      .eq('id', 'abc' as unknown as number);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '22P02', message: 'invalid input syntax for type bigint: "abc"' });
  });

  it('when arrays are compared with cs, cd and ov, then they behave as Postgres arrays', async () => {
    seed.appointments([{ reminder_days: [1, 3] }, { reminder_days: [7] }]);
    const ids = async (query: PromiseLike<{ data: { id: number }[] | null }>) =>
      (await query).data?.map((row) => row.id);
    const base = () => client.from('appointments').select('id').order('id');
    expect(await ids(base().contains('reminder_days', [3]))).toEqual([1]);
    expect(await ids(base().containedBy('reminder_days', [1, 3, 7]))).toEqual([1, 2]);
    expect(await ids(base().overlaps('reminder_days', [7, 9]))).toEqual([2]);
  });
});

describe('select', () => {
  it('when columns are listed with aliases and casts, then only those come back, renamed', async () => {
    seedPatients();
    const { data } = await client.from('patients').select('patientId:id, name, clinic:clinic_id::text').eq('id', 1);
    expect(data).toEqual([{ patientId: 1, name: 'Ana Santos', clinic: '1' }]);
  });

  it('when a to-one table is embedded, plainly or aliased, then it is an object or null', async () => {
    const [ana] = seed.patients([{ name: 'Ana Santos', messenger_id: 'PSID-Ana' }]);
    seed.dentists([{ name: 'Dr. Lim' }]);
    seed.appointments([
      { patient_id: ana!.id, dentist_id: 1 },
      { patient_id: 42, dentist_id: 1 },
    ]);
    const { data } = await client
      .from('appointments')
      .select('id, dentists(name), patient:patients(id, name, messenger_id)')
      .order('id');
    expect(data).toEqual([
      { id: 1, dentists: { name: 'Dr. Lim' }, patient: { id: 1, name: 'Ana Santos', messenger_id: 'PSID-Ana' } },
      { id: 2, dentists: { name: 'Dr. Lim' }, patient: null },
    ]);
  });

  it('when a to-many table is embedded, then it is an array that can be filtered, ordered and limited', async () => {
    seed.procedure_categories([{ name: 'Cleaning' }, { name: 'Surgery' }]);
    seed.procedures([
      { category_id: 1, name: 'Prophylaxis', price: 800 },
      { category_id: 1, name: 'Deep cleaning', price: 2500 },
      { category_id: 1, name: 'Fluoride', price: 500 },
    ]);
    const { data } = await client
      .from('procedure_categories')
      .select('name, procedures(name, price)')
      .gt('procedures.price', 600)
      .order('price', { referencedTable: 'procedures', ascending: false })
      .limit(1, { referencedTable: 'procedures' })
      .order('name');
    expect(data).toEqual([
      { name: 'Cleaning', procedures: [{ name: 'Deep cleaning', price: 2500 }] },
      { name: 'Surgery', procedures: [] },
    ]);
  });

  it('when an embed is !inner and filtered, then parents without a match are left out', async () => {
    seed.patients([{ name: 'Ana Santos' }, { name: 'Ben Cruz' }]);
    seed.appointments([{ patient_id: 1 }, { patient_id: 2 }]);
    const inner = await client.from('appointments').select('id, patients!inner(name)').eq('patients.name', 'Ben Cruz');
    expect(inner.data).toEqual([{ id: 2, patients: { name: 'Ben Cruz' } }]);
    const left = await client.from('appointments').select('id, patients(name)').eq('patients.name', 'Ben Cruz');
    expect(left.data).toEqual([
      { id: 1, patients: null },
      { id: 2, patients: { name: 'Ben Cruz' } },
    ]);
  });

  it('when an embed names its foreign key or is spread, then it is resolved through that key', async () => {
    seed.patients([{ name: 'Ana Santos' }]);
    seed.appointments([{ patient_id: 1 }]);
    const hinted = await client.from('appointments').select('id, who:patients!appointments_patient_id_fkey(name)');
    expect(hinted.data).toEqual([{ id: 1, who: { name: 'Ana Santos' } }]);
    const spread = await client.from('appointments').select('id, ...patients(patient_name:name)');
    expect(spread.data).toEqual([{ id: 1, patient_name: 'Ana Santos' }]);
  });

  it('when a column or relationship does not exist, then the answer is PostgREST’s error', async () => {
    const column = await client.from('patients').select('id, nickname' as 'id');
    expect(column.status).toBe(400);
    expect(column.error).toMatchObject({ code: '42703', message: 'column patients.nickname does not exist' });
    const relation = await client.from('patients').select('id, procedures(name)');
    expect(relation.status).toBe(400);
    expect(relation.error?.code).toBe('PGRST200');
  });
});

describe('order, paging and counts', () => {
  it('when ordered by several keys, then text sorts in code-point order and nulls go last ascending', async () => {
    seedPatients();
    const { data } = await client
      .from('patients')
      .select('name, messenger_id')
      .order('messenger_id', { ascending: true })
      .order('name', { ascending: false });
    expect(data?.map((row) => row.name)).toEqual(['Ana Santos', 'carla reyes', 'Eve Other', 'Dan Gone', 'Ben Cruz']);
    const nullsFirst = await client
      .from('patients')
      .select('name')
      .order('messenger_id', { nullsFirst: true })
      .order('id');
    expect(names(nullsFirst.data)).toEqual(['Ben Cruz', 'Dan Gone', 'Eve Other', 'Ana Santos', 'carla reyes']);
  });

  it('when a range is asked with an exact count, then the page and the total come back', async () => {
    seedPatients();
    const { data, count, status } = await client
      .from('patients')
      .select('name', { count: 'exact' })
      .order('id')
      .range(1, 2);
    expect(names(data)).toEqual(['Ben Cruz', 'carla reyes']);
    expect(count).toBe(5);
    expect(status).toBe(206);
  });

  it('when only the count is asked (HEAD), then no rows come back', async () => {
    seedPatients();
    const { data, count } = await client
      .from('patients')
      .select('id', { count: 'exact', head: true })
      .eq('deleted', false);
    expect(data).toBeNull();
    expect(count).toBe(4);
  });

  it('when the Range header pages, then Content-Range says which rows and how many', async () => {
    seedPatients();
    const response = await fetch(`${restUrl}/patients?select=id&order=id`, {
      headers: { Range: '3-9', Prefer: 'count=exact' },
    });
    expect(await response.json()).toEqual([{ id: 4 }, { id: 5 }]);
    expect(response.headers.get('content-range')).toBe('3-4/5');
    const beyond = await fetch(`${restUrl}/patients?offset=9`, { headers: { Prefer: 'count=exact' } });
    expect(beyond.status).toBe(416);
    expect(await beyond.json()).toMatchObject({ code: 'PGRST103' });
  });
});

describe('single objects', () => {
  it('when one row matches single(), then it is the object', async () => {
    seed.clinics([{ id: 1, timezone: 'Asia/Tokyo' }]);
    const { data } = await client.from('clinics').select('timezone').eq('id', 1).single();
    expect(data).toEqual({ timezone: 'Asia/Tokyo' });
  });

  it('when no row or several match single(), then the answer is 406 PGRST116 in PostgREST’s shape', async () => {
    seedPatients();
    const none = await client.from('patients').select('id').eq('id', 99).single();
    expect(none.status).toBe(406);
    expect(none.error).toEqual({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
      hint: null,
    });
    const several = await client.from('patients').select('id').eq('clinic_id', 1).single();
    expect(several.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 4 rows' });
  });

  it('when maybeSingle() finds nothing, then data is null without an error', async () => {
    const { data, error } = await client.from('patients').select('id').eq('id', 1).maybeSingle();
    expect(data).toBeNull();
    expect(error).toBeNull();
  });
});
