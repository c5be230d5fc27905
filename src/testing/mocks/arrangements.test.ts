import { PostgrestClient } from '@supabase/postgrest-js';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Database } from '@/lib/database.types';
import { mockConfig, restUrl } from './config';
import { failNext, holdNext, mockRpc, resetControls } from './control';
import { db } from './db';
import { pgError } from './errors';
import { seed } from './factories';
import { setupMockServer } from './lifecycle';
import { server } from './server';

setupMockServer();

// fetch is looked up per request (as the app's client does), so MSW's patched one is used.
const client = new PostgrestClient<Database>(restUrl, { fetch: (...args) => fetch(...args) });

describe('database functions', () => {
  it('when a handler is registered, then it gets the arguments and its result is the answer', async () => {
    seed.patients([{ name: 'Ana' }]);
    seed.appointments([{ patient_id: 1 }, { patient_id: 1, deleted: true }]);
    mockRpc('delete_patient', ({ p_patient_id }) => {
      db.table('patients').update(p_patient_id, { deleted: true });
      const live = db.table('appointments').update((row) => row.patient_id === p_patient_id && !row.deleted, {
        deleted: true,
      });
      return { deleted_appointments: live.length };
    });
    const { data } = await client.rpc('delete_patient', { p_patient_id: 1 });
    expect(data).toEqual({ deleted_appointments: 1 });
    expect(db.table('patients').find(1)?.deleted).toBe(true);
  });

  it('when a handler throws a pgError, then that is the answer and its writes are undone', async () => {
    seed.patients([{ name: 'Ana' }]);
    mockRpc('delete_patient', ({ p_patient_id }) => {
      db.table('patients').update(p_patient_id, { deleted: true });
      throw pgError('P0002', `Patient ${p_patient_id} not found`);
    });
    const { status, error } = await client.rpc('delete_patient', { p_patient_id: 1 });
    expect(status).toBe(500);
    expect(error).toEqual({ code: 'P0002', message: 'Patient 1 not found', details: null, hint: null });
    expect(db.table('patients').find(1)?.deleted).toBe(false);
  });

  it('when a function returns rows, then they can be filtered, ordered and shaped', async () => {
    mockRpc('save_availability_day', ({ p_blocks }) =>
      p_blocks.map((block, index) => ({ id: index + 1, start_time: `${block.start_time}:00` })),
    );
    const { data } = await client
      .rpc('save_availability_day', {
        p_dentist_id: 1,
        p_date: '2030-01-09',
        p_blocks: [
          { start_time: '09:00', end_time: '10:00' },
          { start_time: '13:00', end_time: '14:00' },
        ],
      })
      .select('start_time')
      .gte('start_time', '12:00');
    expect(data).toEqual([{ start_time: '13:00:00' }]);
  });

  it('when no handler is registered, then the answer is 404 PGRST202 and the test is told', async () => {
    const { status, error } = await client.rpc('delete_dentist', { p_dentist_id: 1 });
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST202');
    expect(resetControls()).toEqual([
      "POST /rpc/delete_dentist: no handler; register one with mockRpc('delete_dentist', …)",
    ]);
  });
});

describe('failNext', () => {
  it.each([
    ['23P01', 409],
    ['23505', 409],
    ['42501', 403],
    ['PGRST116', 406],
    ['P0002', 500],
    ['23514', 400],
  ])('when the next request fails with %s, then the status is %i', async (code, expected) => {
    seed.patients([{ name: 'Ana' }]);
    failNext({ method: 'GET', table: 'patients' }, { code, message: 'refused' });
    const failed = await client.from('patients').select('id');
    expect(failed.status).toBe(expected);
    expect(failed.error).toEqual({ code, message: 'refused', details: null, hint: null });
    const next = await client.from('patients').select('id');
    expect(next.data).toEqual([{ id: 1 }]);
  });

  it('when only another method or table is named, then the request is answered as usual', async () => {
    failNext({ method: 'POST', table: 'patients' });
    failNext({ table: 'dentists' });
    expect((await client.from('patients').select('id')).error).toBeNull();
    expect((await client.from('patients').insert({ name: 'Ana', phone: '1', clinic_id: 1 })).error).toMatchObject({
      code: 'XX000',
    });
  });

  it('when it fails with a network error, then postgrest-js sees no answer (status 0)', async () => {
    failNext({ rpc: 'delete_patient' }, 'network');
    const { status, error } = await client.rpc('delete_patient', { p_patient_id: 1 });
    expect(status).toBe(0);
    expect(error?.message).toBe('TypeError: Failed to fetch');
  });

  it('when told a number of times, then that many requests fail', async () => {
    failNext({ table: 'patients' }, pgError('42501'), { times: 2 });
    expect((await client.from('patients').select('id')).status).toBe(403);
    expect((await client.from('patients').select('id')).status).toBe(403);
    expect((await client.from('patients').select('id')).status).toBe(200);
  });
});

describe('holdNext', () => {
  it('when a request is held, then it is answered only after release, with the database as it is then', async () => {
    const hold = holdNext({ method: 'POST', table: 'patients' });
    let settled = false;
    const insert = client
      .from('patients')
      .insert({ name: 'Ana', phone: '1', clinic_id: 1 })
      .then((result) => {
        settled = true;
        return result;
      });
    await hold.reached;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    expect(db.table('patients').all()).toEqual([]);
    hold.release();
    expect((await insert).status).toBe(201);
    expect(db.table('patients').all()).toHaveLength(1);
  });
});

describe('the store between tests', () => {
  it('when a test seeds rows, then ids follow the table’s sequence', () => {
    expect(seed.dentists([{}, {}]).map((row) => row.id)).toEqual([1, 2]);
    expect(seed.dentists([{ id: 10 }, {}]).map((row) => row.id)).toEqual([10, 11]);
  });

  it('when the next test starts, then the database is empty and the sequences restart', () => {
    expect(db.table('dentists').all()).toEqual([]);
    expect(seed.dentists([{}])[0]!.id).toBe(1);
  });
});

describe('requests outside PostgREST', () => {
  it('when a test adds a handler, then it answers; without one the test is told', async () => {
    server.use(http.post(`${mockConfig.apiUrl}/status-notifications/:id`, () => HttpResponse.json({ ok: true })));
    const answered = await fetch(`${mockConfig.apiUrl}/status-notifications/1`, { method: 'POST' });
    expect(await answered.json()).toEqual({ ok: true });
    await expect(fetch(`${mockConfig.apiUrl}/unknown`)).rejects.toThrow();
    expect(resetControls()).toEqual([
      `unhandled request GET ${mockConfig.apiUrl}/unknown: add a handler with server.use(…)`,
    ]);
  });

  it('when a table is not in the schema, then the answer is 404 PGRST205 and the test is told', async () => {
    const { status, error } = await client.from('x_rays' as 'patients').select();
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST205');
    expect(resetControls()).toHaveLength(1);
  });
});
