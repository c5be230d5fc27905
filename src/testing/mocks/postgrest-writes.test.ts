import { PostgrestClient } from '@supabase/postgrest-js';
import { describe, expect, it } from 'vitest';
import type { Database } from '@/lib/database.types';
import { restUrl } from './config';
import { db } from './db';
import { pgError } from './errors';
import { seed } from './factories';
import { setupMockServer } from './lifecycle';

setupMockServer();

// fetch is looked up per request (as the app's client does), so MSW's patched one is used.
const client = new PostgrestClient<Database>(restUrl, { fetch: (...args) => fetch(...args) });

describe('insert', () => {
  it('when one row is inserted with select().single(), then it is stored with defaults and returned', async () => {
    seed.patients([{ name: 'Ana Santos' }]);
    const { data, status } = await client
      .from('patients')
      .insert({ name: 'Dana Lim', phone: '0920', clinic_id: 1 })
      .select('id, name, messenger_id, deleted')
      .single();
    expect(status).toBe(201);
    expect(data).toEqual({ id: 2, name: 'Dana Lim', messenger_id: null, deleted: false });
    expect(db.table('patients').find(2)).toMatchObject({ name: 'Dana Lim', phone: '0920', clinic_id: 1 });
  });

  it('when an array is inserted without select, then every row is stored and nothing comes back', async () => {
    const rows = [
      { name: 'Dr. A', email: 'a@example.test', phone: '1', clinic_id: 1 },
      { name: 'Dr. B', email: 'b@example.test', phone: '2', clinic_id: 1, is_active: false },
    ];
    // As in PostgREST, a column one object lacks is null (not its default) unless missing=default.
    const nulls = await client.from('dentists').insert(rows);
    expect(nulls.error?.code).toBe('23502');
    const { data, status } = await client.from('dentists').insert(rows, { defaultToNull: false });
    expect(status).toBe(201);
    expect(data).toBeNull();
    expect(
      db
        .table('dentists')
        .all()
        .map(({ name, is_active }) => ({ name, is_active })),
    ).toEqual([
      { name: 'Dr. A', is_active: true },
      { name: 'Dr. B', is_active: false },
    ]);
  });

  it('when a required column is missing or unknown, then the database’s error comes back and nothing is stored', async () => {
    const missing = await client.from('patients').insert({ name: 'No Phone', clinic_id: 1 } as never);
    expect(missing.status).toBe(400);
    expect(missing.error?.code).toBe('23502');
    const unknown = await client.from('patients').insert({ name: 'X', phone: '1', clinic_id: 1, age: 3 } as never);
    expect(unknown.status).toBe(400);
    expect(unknown.error).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'age' column of 'patients' in the schema cache",
    });
    expect(db.table('patients').all()).toEqual([]);
  });

  it('when an id or unique key is taken, then the answer is 409 23505', async () => {
    seed.procedure_categories([{ name: 'Cleaning' }]);
    const { status, error } = await client.from('procedure_categories').insert({ clinic_id: 1, name: 'Cleaning' });
    expect(status).toBe(409);
    expect(error).toMatchObject({
      code: '23505',
      message: 'duplicate key value violates unique constraint "procedure_categories_clinic_id_name_key"',
      details: 'Key (clinic_id, name)=(1, Cleaning) already exists.',
    });
  });

  it('when single() would return other than one row, then the answer is 406 and the insert is undone', async () => {
    const { status, error } = await client
      .from('patients')
      .insert([
        { name: 'A', phone: '1', clinic_id: 1 },
        { name: 'B', phone: '2', clinic_id: 1 },
      ])
      .select()
      .single();
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST116');
    expect(db.table('patients').all()).toEqual([]);
  });
});

describe('upsert', () => {
  it('when rows clash on a unique key, then merge-duplicates updates them and inserts the rest', async () => {
    seed.procedure_categories([{ name: 'Cleaning' }]);
    const { data } = await client
      .from('procedure_categories')
      .upsert(
        [
          { clinic_id: 1, name: 'Cleaning' },
          { clinic_id: 1, name: 'Surgery' },
        ],
        { onConflict: 'clinic_id,name' },
      )
      .select('id, name');
    expect(data).toEqual([
      { id: 1, name: 'Cleaning' },
      { id: 2, name: 'Surgery' },
    ]);
    expect(
      db
        .table('procedure_categories')
        .all()
        .map((row) => row.name),
    ).toEqual(['Cleaning', 'Surgery']);
  });

  it('when an id is sent, then it is refused: every id is generated always', async () => {
    const { status, error } = await client
      .from('patients')
      .upsert({ id: 1, name: 'Ana', phone: '1', clinic_id: 1 } as never);
    expect(status).toBe(400);
    expect(error?.code).toBe('428C9');
  });

  it('when ignoreDuplicates meets a clash, then the stored row stays; on_conflict must name a unique key', async () => {
    seed.procedure_categories([{ name: 'Cleaning' }]);
    const ignored = await client
      .from('procedure_categories')
      .upsert({ clinic_id: 1, name: 'Cleaning' }, { onConflict: 'clinic_id,name', ignoreDuplicates: true })
      .select();
    expect(ignored.data).toEqual([]);
    expect(db.table('procedure_categories').all()).toHaveLength(1);
    const wrong = await client.from('procedure_categories').upsert({ clinic_id: 1, name: 'X' }, { onConflict: 'name' });
    expect(wrong.error?.code).toBe('42P10');
  });
});

describe('update and delete', () => {
  it('when an update has filters, then only the matching rows change and come back', async () => {
    seed.dentists([{ name: 'Dr. A' }, { name: 'Dr. B', deleted: true }, { name: 'Dr. C', clinic_id: 2 }]);
    const { data, status } = await client
      .from('dentists')
      .update({ is_active: false })
      .eq('clinic_id', 1)
      .eq('deleted', false)
      .select('id, is_active');
    expect(status).toBe(200);
    expect(data).toEqual([{ id: 1, is_active: false }]);
    expect(
      db
        .table('dentists')
        .all()
        .map((row) => row.is_active),
    ).toEqual([false, true, true]);
  });

  it('when an update matches nothing, then maybeSingle() gives null and nothing changes', async () => {
    seed.patients([{ name: 'Ana', deleted: true }]);
    const { data, error } = await client
      .from('patients')
      .update({ name: 'Ana Santos' })
      .eq('id', 1)
      .eq('deleted', false)
      .select('id, name')
      .maybeSingle();
    expect(error).toBeNull();
    expect(data).toBeNull();
    expect(db.table('patients').find(1)?.name).toBe('Ana');
  });

  it('when an update or delete has no filter, then it is refused as Supabase refuses it', async () => {
    seed.patients([{ name: 'Ana' }]);
    const update = await client.from('patients').update({ deleted: true });
    expect(update.error).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' });
    const remove = await client.from('patients').delete();
    expect(remove.error).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
    expect(db.table('patients').all()).toHaveLength(1);
  });

  it('when a delete has filters, then the matching rows go (204, or the rows with select)', async () => {
    seed.dentist_availability([{ specific_date: '2030-01-09' }, { specific_date: '2030-01-10' }]);
    const minimal = await client.from('dentist_availability').delete().eq('id', 1).eq('clinic_id', 1);
    expect(minimal.status).toBe(204);
    const returned = await client.from('dentist_availability').delete().eq('id', 2).select('specific_date');
    expect(returned.data).toEqual([{ specific_date: '2030-01-10' }]);
    expect(db.table('dentist_availability').all()).toEqual([]);
  });

  it('when a row check refuses a write, then the answer is its error and nothing is stored', async () => {
    seed.appointments([{ dentist_id: 1, appointment_time: '2030-01-09T02:00:00Z' }]);
    db.table('appointments').check((row, { others }) =>
      others.some((other) => other.dentist_id === row.dentist_id && other.appointment_time === row.appointment_time)
        ? pgError('23P01', 'This slot may already be taken or dentist is unavailable.')
        : undefined,
    );
    const { status, error } = await client
      .from('appointments')
      .insert({ clinic_id: 1, patient_id: 1, dentist_id: 1, appointment_time: '2030-01-09T02:00:00Z' });
    expect(status).toBe(409);
    expect(error).toEqual({
      code: '23P01',
      message: 'This slot may already be taken or dentist is unavailable.',
      details: null,
      hint: null,
    });
    expect(db.table('appointments').all()).toHaveLength(1);
  });
});
