/**
 * The audit trail, complete (…_audit.sql): through the real API (supabase-js and real
 * HTTP against the local stack), every kind of change is recorded by the one generic trigger with
 * who, the door and before → after — patients (Messenger ID included), every appointment field,
 * procedures, categories and prices, availability, clinic settings, staff users — and so are
 * sign-ins, failed sign-ins and exports. The trail stays append-only for every role, a clinic's
 * admin reads only their clinic's, and no secret (a password, the page token) is ever in it.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../supabase/functions/_shared/supabase-clients.ts';
import { clinicTime, clinicWorkday } from '../../support/clinic-time.ts';
import { sqlErrorFrom } from '../../support/database.ts';
import { demoClinics, DEMO } from '../../support/service.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

type Row = Record<string, unknown>;
interface AuditRow {
  id: number;
  clinic_id: number | null;
  entity: string;
  entity_id: number | null;
  entity_label: string | null;
  action: string;
  before: Row | null;
  after: Row | null;
  actor_user_id: string | null;
  actor_name: string | null;
  actor_role: string | null;
  source: string;
  table_name: string | null;
  client_address: string | null;
}

const DEMO_PASSWORD = 'Demo1234!';
const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

let stack: TestStack;
let service: SupabaseClient;
let anon: SupabaseClient;
let admin: SupabaseClient;
let reception: SupabaseClient;
let dentist: SupabaseClient;
let admin2: SupabaseClient;
let superadmin: SupabaseClient;
let smile: number;
let people: Record<'admin' | 'reception' | 'admin2', { user_id: string; name: string }>;

async function profileOf(email: string) {
  const { data, error } = await service.from('users').select('id, user_id, name').eq('email', email).single();
  if (error) throw new Error(error.message);
  return data as { id: number; user_id: string; name: string };
}

/** The trail of one record (or every row of a kind with entityId null) after row `since`, oldest first. */
async function logOf(entity: string, entityId: number | null, since = 0): Promise<AuditRow[]> {
  let query = service.from('audit_log').select('*').eq('entity', entity).gt('id', since);
  if (entityId !== null) query = query.eq('entity_id', entityId);
  const { data, error } = await query.order('id');
  if (error) throw new Error(error.message);
  return data as AuditRow[];
}

async function lastId(): Promise<number> {
  const { rows } = await stack.db.query<{ id: string | null }>('select max(id)::text as id from public.audit_log');
  return Number(rows[0]!.id ?? 0);
}

const ok = <T extends { error: unknown }>(result: T): T => {
  expect(result.error).toBeNull();
  return result;
};

const summary = (row: AuditRow) => [row.action, row.source, row.actor_name, row.before, row.after];

beforeAll(async () => {
  stack = await startTestStack({ logLabel: 'audit-trail-complete' });
  service = stack.serviceClient();
  anon = stack.anonClient();
  admin = await stack.signedIn(DEMO.admin);
  reception = await stack.signedIn(DEMO.reception);
  dentist = await stack.signedIn(DEMO.dentist);
  admin2 = await stack.signedIn(DEMO.admin2);
  superadmin = await stack.signedIn(DEMO.superadmin);
  ({ smile } = await demoClinics(stack.db));
  people = {
    admin: await profileOf(DEMO.admin),
    reception: await profileOf(DEMO.reception),
    admin2: await profileOf(DEMO.admin2),
  };
});

afterAll(async () => {
  await stack?.stop();
});

describe('row changes, one generic trigger', () => {
  it('a patient: created, edited, the Messenger ID changed, deleted; each with who, the door and before → after', async () => {
    const created = ok(
      await reception
        .from('patients')
        .insert({ clinic_id: smile, name: unique('Trail Patient'), phone: '0917 000 0001' })
        .select('id, name')
        .single(),
    ).data!;
    ok(await admin.from('patients').update({ phone: '0917 000 0002' }).eq('id', created.id));
    ok(await reception.from('patients').update({ messenger_id: '7000000000000001' }).eq('id', created.id));
    ok(await admin.from('patients').update({ messenger_id: '7000000000000002' }).eq('id', created.id));
    ok(await admin.rpc('delete_patient', { p_patient_id: created.id }));

    const log = await logOf('patient', created.id as number);
    expect(log.map(summary)).toEqual([
      [
        'insert',
        'browser',
        people.reception.name,
        null,
        { name: created.name, phone: '0917 000 0001', deleted: false },
      ],
      ['update', 'browser', people.admin.name, { phone: '0917 000 0001' }, { phone: '0917 000 0002' }],
      ['update', 'browser', people.reception.name, { messenger_id: null }, { messenger_id: '7000000000000001' }],
      // The redirect of a patient's reminders is on the record, by whom.
      [
        'update',
        'browser',
        people.admin.name,
        { messenger_id: '7000000000000001' },
        { messenger_id: '7000000000000002' },
      ],
      ['delete', 'browser', people.admin.name, { deleted: false }, { deleted: true }],
    ]);
    expect(log.every((row) => row.table_name === 'patients' && row.clinic_id === smile)).toBe(true);
    expect(log.every((row) => row.entity_label === created.name)).toBe(true);
    expect(log[1]!.actor_user_id).toBe(people.admin.user_id);
  });

  it('an appointment: a change of its patient and its reason (notes) is recorded with both names', async () => {
    const procedureName = ok(await service.from('procedures').select('name').eq('clinic_id', smile).limit(1).single())
      .data!.name as string;
    const [first, second] = await Promise.all(
      ['Trail First', 'Trail Second'].map(async (name) =>
        ok(
          await service
            .from('patients')
            .insert({ clinic_id: smile, name: unique(name), phone: '1' })
            .select('id, name')
            .single(),
        ),
      ),
    ).then((results) => results.map((result) => result.data!));
    const dentistRow = ok(
      await service
        .from('dentists')
        .insert({ clinic_id: smile, name: unique('Dr. Trail'), email: 't@demo.test', phone: '1' })
        .select('id')
        .single(),
    ).data!;
    const booked = ok(
      await reception
        .from('appointments')
        .insert({
          clinic_id: smile,
          patient_id: first!.id,
          dentist_id: dentistRow.id,
          appointment_time: clinicTime(clinicWorkday(61), '10:00'),
          reason: procedureName,
        })
        .select('id')
        .single(),
    ).data!;
    ok(
      await admin
        .from('appointments')
        .update({ patient_id: second!.id, reason: `${procedureName} — Notes: sensitive gums` })
        .eq('id', booked.id),
    );

    const log = await logOf('appointment', booked.id as number);
    expect(log.at(-1)).toMatchObject({
      action: 'update',
      source: 'browser',
      actor_user_id: people.admin.user_id,
      before: { patient_id: first!.id, patient: first!.name, reason: procedureName },
      after: { patient_id: second!.id, patient: second!.name, reason: `${procedureName} — Notes: sensitive gums` },
    });
  });

  it('procedures, categories and prices: money as integer centavos, the category by name', async () => {
    const category = ok(
      await admin
        .from('procedure_categories')
        .insert({ clinic_id: smile, name: unique('Trail Care') })
        .select()
        .single(),
    ).data!;
    const procedure = ok(
      await admin
        .from('procedures')
        .insert({ clinic_id: smile, category_id: category.id, name: unique('Trail Scaling'), price: '1500.50' })
        .select()
        .single(),
    ).data!;
    ok(await admin.from('procedures').update({ price: '1750.05' }).eq('id', procedure.id));
    ok(
      await admin
        .from('procedure_categories')
        .update({ name: `${category.name as string} Plus` })
        .eq('id', category.id),
    );
    ok(await admin.from('procedures').delete().eq('id', procedure.id));

    const procedures = await logOf('procedure', procedure.id as number);
    expect(procedures.map(summary)).toEqual([
      [
        'insert',
        'browser',
        people.admin.name,
        null,
        { name: procedure.name, price_centavos: 150050, category_id: category.id, category: category.name },
      ],
      ['update', 'browser', people.admin.name, { price_centavos: 150050 }, { price_centavos: 175005 }],
      [
        'delete',
        'browser',
        people.admin.name,
        {
          name: procedure.name,
          price_centavos: 175005,
          category_id: category.id,
          category: `${category.name as string} Plus`,
        },
        null,
      ],
    ]);
    const categories = await logOf('procedure_category', category.id as number);
    expect(categories.map(summary)).toEqual([
      ['insert', 'browser', people.admin.name, null, { name: category.name }],
      ['update', 'browser', people.admin.name, { name: category.name }, { name: `${category.name as string} Plus` }],
    ]);
  });

  it('availability: a dentist’s hours, with the dentist’s name', async () => {
    const dentistRow = ok(
      await service
        .from('dentists')
        .insert({ clinic_id: smile, name: unique('Dr. Hours'), email: 'h@demo.test', phone: '1' })
        .select('id, name')
        .single(),
    ).data!;
    // An available period, which only the service writes (browsers write blocks through functions).
    const slot = ok(
      await service
        .from('dentist_availability')
        .insert({
          clinic_id: smile,
          dentist_id: dentistRow.id,
          specific_date: clinicWorkday(62),
          start_time: '09:00',
          end_time: '12:00',
          is_available: true,
        })
        .select('id')
        .single(),
    ).data!;
    ok(await service.from('dentist_availability').update({ end_time: '13:00' }).eq('id', slot.id));

    const log = await logOf('availability', slot.id as number);
    expect(log.map((row) => [row.action, row.entity_label, row.before, row.after])).toEqual([
      [
        'insert',
        dentistRow.name,
        null,
        {
          dentist_id: dentistRow.id,
          dentist: dentistRow.name,
          specific_date: clinicWorkday(62),
          start_time: '09:00:00',
          end_time: '12:00:00',
          is_available: true,
        },
      ],
      ['update', dentistRow.name, { end_time: '12:00:00' }, { end_time: '13:00:00' }],
    ]);
  });

  it('clinic settings: any settings column, the page token hint never', async () => {
    const since = await lastId();
    ok(await admin.from('clinics').update({ recall_interval_months: 9, address: 'Trail Street 1' }).eq('id', smile));
    const log = await logOf('clinic', smile, since);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'update', source: 'browser', actor_user_id: people.admin.user_id });
    expect(log[0]!.after).toMatchObject({ recall_interval_months: 9, address: 'Trail Street 1' });
    expect(Object.keys(log[0]!.after!)).not.toContain('page_token_hint');
  });

  it('staff users: added through create-user (naming who added them), the role changed, removed through delete-user', async () => {
    const email = `trail-${randomUUID().slice(0, 8)}@example.test`;
    const { error } = await admin.functions.invoke('create-user', {
      body: { name: 'Trail Staff', email, password: 'Trail-pass-1', role: 'receptionist', clinic_id: smile },
    });
    expect(error).toBeNull();
    const profile = await profileOf(email);
    ok(await admin.from('users').update({ role: 'dentist' }).eq('id', profile.id));
    const removed = await admin.functions.invoke('delete-user', { body: { user_id: profile.user_id } });
    expect(removed.error).toBeNull();

    const log = await logOf('user', profile.id);
    expect(log.map((row) => [row.action, row.actor_user_id, row.before, row.after])).toEqual([
      ['insert', people.admin.user_id, null, { name: 'Trail Staff', email, role: 'receptionist' }],
      ['update', people.admin.user_id, { role: 'receptionist' }, { role: 'dentist' }],
      ['delete', people.admin.user_id, { name: 'Trail Staff', email, role: 'dentist' }, null],
    ]);
    expect(log[1]!.source).toBe('browser');
    expect(JSON.stringify(log)).not.toContain('Trail-pass-1');
  });
});

describe('secrets', () => {
  it('a column whose name says it holds a secret is recorded as stored, replaced or null, never its value', async () => {
    // The generic shape of a row, as every audited table's trigger applies it (no audited table has such a column today).
    const { rows } = await stack.db.query<{ shaped: Row }>(
      `select public.audit_shape($1::jsonb, '{}', '{price}') as shaped`,
      [
        JSON.stringify({
          id: 1,
          clinic_id: 2,
          api_token: 'EAA-secret',
          password_hash: '$2a$10$x',
          price: 12.5,
          note: null,
        }),
      ],
    );
    expect(rows[0]!.shaped).toEqual({ api_token: 'stored', password_hash: 'stored', price_centavos: 1250, note: null });
  });
});

describe('doors', () => {
  it('the edge functions’ service client is recorded as edge_function, the service role’s own requests as service, direct SQL as sql', async () => {
    const viaFunction = createServiceClient({
      supabaseUrl: stack.url,
      anonKey: stack.config.anonKey,
      serviceRoleKey: stack.config.serviceRoleKey,
      // Node 20 has no WebSocket; this client never opens realtime.
      ...(typeof globalThis.WebSocket === 'function' ? {} : { webSocket: class {} as unknown as typeof WebSocket }),
    });
    const patient = ok(
      await viaFunction
        .from('patients')
        .insert({ clinic_id: smile, name: unique('Door'), phone: '1' })
        .select('id')
        .single(),
    ).data!;
    ok(await service.from('patients').update({ phone: '2' }).eq('id', patient.id));
    await stack.db.query('update public.patients set phone = $2 where id = $1', [patient.id, '3']);
    const log = await logOf('patient', patient.id as number);
    expect(log.map((row) => [row.action, row.source, row.actor_user_id])).toEqual([
      ['insert', 'edge_function', null],
      ['update', 'service', null],
      ['update', 'sql', null],
    ]);
  });

  it('a browser cannot pose as an edge function, the service or the webhook', async () => {
    const patient = ok(
      await reception
        .from('patients')
        .insert({ clinic_id: smile, name: unique('Poser'), phone: '1' })
        .select('id')
        .single(),
    ).data!;
    const response = await fetch(`${stack.url}/rest/v1/patients?id=eq.${patient.id as number}`, {
      method: 'PATCH',
      headers: {
        apikey: stack.config.anonKey,
        authorization: `Bearer ${(await reception.auth.getSession()).data.session!.access_token}`,
        'content-type': 'application/json',
        'x-ngiti-door': 'edge-function',
      },
      body: JSON.stringify({ phone: '5' }),
    });
    expect(response.status).toBeLessThan(300);
    const log = await logOf('patient', patient.id as number);
    expect(log.map((row) => [row.source, row.actor_user_id])).toEqual([
      ['browser', people.reception.user_id],
      ['browser', people.reception.user_id],
    ]);
  });
});

describe('sign-ins', () => {
  const signIn = (email: string, password: string) =>
    fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.config.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });

  it('a sign-in and a failed one are recorded with the account, the address and the reason; never the password', async () => {
    const since = await lastId();
    expect((await signIn(DEMO.reception, DEMO_PASSWORD)).status).toBe(200);
    const wrong = `Wrong-${randomUUID()}`;
    expect((await signIn(DEMO.reception, wrong)).status).toBe(400);

    const log = await logOf('sign_in', null, since);
    expect(
      log.map((row) => [row.action, row.clinic_id, row.actor_user_id, row.actor_name, row.source, row.after]),
    ).toEqual([
      ['sign_in', smile, people.reception.user_id, people.reception.name, 'auth', { email: DEMO.reception }],
      [
        'sign_in_failed',
        smile,
        people.reception.user_id,
        people.reception.name,
        'auth',
        { email: DEMO.reception, failure: 'invalid_credentials' },
      ],
    ]);
    expect(log.every((row) => typeof row.client_address === 'string' && row.client_address.length > 0)).toBe(true);
    const leaked = await stack.db.query(
      `select 1 from public.audit_log where concat(before::text, after::text, entity_label, client_address) like $1`,
      [`%${wrong}%`],
    );
    expect(leaked.rows).toEqual([]);
  });

  it('a sign-in through an e-mail link (password recovery) is recorded too', async () => {
    const since = await lastId();
    expect((await anon.auth.resetPasswordForEmail(DEMO.dentist)).error).toBeNull();
    const mail = stack.mailbox.list(DEMO.dentist).find((candidate) => candidate.kind === 'recovery');
    const followed = await fetch(mail!.link, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    expect(
      new URLSearchParams(new URL(followed.headers.get('location')!).hash.slice(1)).get('access_token'),
    ).toBeTruthy();
    const log = await logOf('sign_in', null, since);
    expect(log.map((row) => [row.action, row.source, row.actor_user_id, row.clinic_id])).toEqual([
      ['sign_in', 'auth', (await profileOf(DEMO.dentist)).user_id, smile],
    ]);
  });

  it('a failed sign-in of an address with no account keeps nothing typed, and only superadmins read it', async () => {
    const since = await lastId();
    // Someone types their password into the e-mail box: it must not end up in the trail.
    const typed = `Secret-${randomUUID().slice(0, 8)}@nowhere.test`;
    expect((await signIn(typed, 'whatever')).status).toBe(400);

    const log = await logOf('sign_in', null, since);
    expect(log.map((row) => [row.action, row.clinic_id, row.actor_user_id, row.entity_label, row.after])).toEqual([
      ['sign_in_failed', null, null, null, { failure: 'invalid_credentials' }],
    ]);
    const leaked = await stack.db.query(
      `select 1 from public.audit_log where concat(before::text, after::text, entity_label) like $1`,
      [`%${typed.slice(0, 15)}%`],
    );
    expect(leaked.rows).toEqual([]);
    const asAdmin = ok(await admin.from('audit_log').select('id').eq('id', log[0]!.id)).data;
    expect(asAdmin).toEqual([]);
    const asSuperadmin = ok(await superadmin.from('audit_log').select('id').eq('id', log[0]!.id)).data;
    expect(asSuperadmin).toEqual([{ id: log[0]!.id }]);
  });
});

describe('exports', () => {
  const token = async (client: SupabaseClient) => (await client.auth.getSession()).data.session!.access_token;
  const exportCsv = async (client: SupabaseClient, path: string) =>
    fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${await token(client)}` } });

  it('every export is recorded by the service: who, which list, with what filters, how many rows', async () => {
    const since = await lastId();
    const response = await exportCsv(reception, `/api/exports/patients.csv?clinicId=${smile}&q=a`);
    expect(response.status).toBe(200);
    const lines = (await response.text()).split('\r\n').filter((line) => line !== '');
    const log = await logOf('export', null, since);
    expect(
      log.map((row) => [row.action, row.clinic_id, row.actor_user_id, row.source, row.entity_label, row.after]),
    ).toEqual([
      [
        'export',
        smile,
        people.reception.user_id,
        'service',
        'patients',
        { kind: 'patients', rows: lines.length - 1, filters: { q: 'a' } },
      ],
    ]);
  });

  it('the Audit Trail exports as a CSV under its filters for the clinic’s admin (and that export is recorded), never for others', async () => {
    // A patient change of the admin's own, so that the filtered export has a row to list.
    ok(await admin.from('patients').insert({ clinic_id: smile, name: unique('Exported'), phone: '1' }));
    const since = await lastId();
    const url = `/api/exports/audit.csv?clinicId=${smile}&entity=patient&actor=${people.admin.user_id}`;
    const response = await exportCsv(admin, url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const lines = (await response.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Date,Time,Who,Role,Source,Record,Action,Subject,Changes,Address,Entry ID');
    const rows = lines.slice(1).filter((line) => line !== '');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((line) => line.includes(`${people.admin.name},admin,browser,patient,`))).toBe(true);
    expect(rows.every((line) => /^\d{4}-\d{2}-\d{2},\d{2}:\d{2},/.test(line))).toBe(true);
    const log = await logOf('export', null, since);
    expect(log.map((row) => [row.actor_user_id, row.entity_label, (row.after as Row).rows])).toEqual([
      [people.admin.user_id, 'audit', rows.length],
    ]);

    expect((await exportCsv(reception, `/api/exports/audit.csv?clinicId=${smile}`)).status).toBe(403);
    expect((await exportCsv(admin2, `/api/exports/audit.csv?clinicId=${smile}`)).status).toBe(403);
    expect((await exportCsv(admin, `/api/exports/audit.csv?clinicId=${smile}&entity=secrets`)).status).toBe(400);
  });
});

describe('append-only and who reads', () => {
  it('no role updates or deletes any row, sign-ins and exports included, nor writes events by itself', async () => {
    // One row of each kind of its own: a patient, a sign-in, an export.
    ok(await reception.from('patients').insert({ clinic_id: smile, name: unique('Append'), phone: '1' }));
    await stack.signedIn(DEMO.reception);
    const token = (await reception.auth.getSession()).data.session!.access_token;
    const exported = await fetch(`${stack.url}/api/exports/patients.csv?clinicId=${smile}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(exported.status).toBe(200);
    await exported.text();
    const { rows } = await stack.db.query<{ id: string; entity: string }>(
      `select distinct on (entity) id::text, entity from public.audit_log
        where clinic_id = $1 and entity in ('patient', 'sign_in', 'export') order by entity, id`,
      [smile],
    );
    expect(rows.map((row) => row.entity).sort()).toEqual(['export', 'patient', 'sign_in']);
    for (const client of [anon, reception, dentist, admin, superadmin, service]) {
      for (const { id } of rows) {
        expect((await client.from('audit_log').update({ source: 'sql' }).eq('id', id)).error?.code).toBe('42501');
        expect((await client.from('audit_log').delete().eq('id', id)).error?.code).toBe('42501');
      }
      expect(
        (
          await client.from('audit_events').insert({
            clinic_id: smile,
            entity: 'export',
            action: 'export',
            source: 'service',
          })
        ).error?.code,
      ).toBe('42501');
    }
    for (const client of [anon, reception, admin]) {
      const forged = await client.rpc('audit_record_export', {
        p_clinic_id: smile,
        p_actor: people.admin.user_id,
        p_kind: 'patients',
        p_rows: 1,
        p_filters: {},
      });
      expect(forged.error?.code).toBe('42501');
      const signIn = await client.rpc('audit_record_sign_in', {
        p_user_id: people.admin.user_id,
        p_succeeded: true,
        p_address: '1.2.3.4',
        p_reason: null,
      });
      expect(signIn.error?.code).toBe('42501');
    }
    // Even the table owner: the append-only trigger refuses.
    const error = await sqlErrorFrom(stack.db.query('delete from public.audit_log where id = $1', [rows[0]!.id]));
    expect(error.code).toBe('42501');
    const still = await stack.db.query('select 1 from public.audit_log where id = $1', [rows[0]!.id]);
    expect(still.rows).toHaveLength(1);
  });

  it('a clinic’s admin reads only their clinic’s trail; receptionists and dentists read none', async () => {
    const mine = ok(await admin.from('audit_log').select('clinic_id').limit(1000)).data!;
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((row) => row.clinic_id))).toEqual(new Set([smile]));
    const other = ok(await admin2.from('audit_log').select('clinic_id').eq('clinic_id', smile)).data!;
    expect(other).toEqual([]);
    expect(ok(await reception.from('audit_log').select('id')).data).toEqual([]);
    expect(ok(await dentist.from('audit_log').select('id')).data).toEqual([]);
  });
});
