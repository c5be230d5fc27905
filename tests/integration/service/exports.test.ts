/**
 * GET /api/exports/<kind>.csv over real HTTP on the local stack (PGlite): who may export (no
 * token, another clinic, no staff profile, superadmin), every filter validated, what each file
 * holds (BOM, headers, clinic-time dates, pesos, ñ and emoji, formula guard, the tab's filters),
 * row-level security under the caller, and a 50,000-row export that streams: its first bytes
 * arrive while later pages have not been read yet, in more than one chunk, byte for byte.
 */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATIENT_EXPORT_COLUMNS } from '../../../common/csv/exports.ts';
import { csvHeader, toCsv } from '../../../common/csv/index.ts';
import { createApp } from '../../../server/app.ts';
import type { Caller, ServiceDatabase, ServiceDeps } from '../../../server/contracts.ts';
import { patientPager } from '../../../server/exports/export-store.ts';
import {
  createClinic,
  createDentist,
  createPatient,
  createProcedures,
  createStaff,
  insertRow,
  type UserClaims,
} from '../../support/database.ts';
import { accessToken, DEMO, signHs256 } from '../../support/service.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';
import { waitFor } from '../../support/wait-for.ts';

let stack: TestStack;
let clinicId: number;
let otherClinicId: number;
let clinicName: string;
let admin: UserClaims;
let dentistUser: UserClaims;
let otherAdmin: UserClaims;
let adminToken: string;
let dentistId: number;
let otherDentistId: number;

const BOM = '\uFEFF';
const tag = randomUUID().slice(0, 6);

async function tokenFor(claims: UserClaims): Promise<string> {
  return signHs256(
    { sub: claims.sub, email: claims.email, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 },
    stack.config.jwtSecret,
  );
}

function exportUrl(base: string, kind: string, query: Record<string, string>): string {
  const url = new URL(`${base}/api/exports/${kind}.csv`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

function getExport(kind: string, query: Record<string, string>, token: string | null = adminToken) {
  return fetch(exportUrl(stack.url, kind, query), { headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** The file as a spreadsheet would read it: BOM checked and dropped, rows split on CRLF. */
async function csvLines(response: Response): Promise<string[]> {
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  expect(text.startsWith(BOM)).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(1, -2).split('\r\n');
}

async function errorOf(response: Response): Promise<string> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return ((await response.json()) as { error: string }).error;
}

beforeAll(async () => {
  stack = await startTestStack();
  clinicName = `Clínica Ñiño ${tag}`;
  clinicId = await createClinic(stack.db, clinicName);
  otherClinicId = await createClinic(stack.db, `Other Export Clinic ${tag}`);
  await createProcedures(stack.db, clinicId);
  admin = await createStaff(stack.db, clinicId, 'admin');
  dentistUser = await createStaff(stack.db, clinicId, 'dentist');
  otherAdmin = await createStaff(stack.db, otherClinicId, 'admin');
  adminToken = await tokenFor(admin);
  dentistId = await createDentist(stack.db, clinicId, `Dr. Export One ${tag}`);
  otherDentistId = await createDentist(stack.db, clinicId, `Dr. Export Two ${tag}`);
});

afterAll(async () => {
  await stack?.stop();
});

describe('who may export', () => {
  it('when there is no token, then 401 with a sentence', async () => {
    const response = await getExport('patients', { clinicId: String(clinicId) }, null);
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toBe('You are not signed in. Please log in again.');
  });

  it('when the caller works in another clinic, then 403', async () => {
    const response = await getExport('patients', { clinicId: String(clinicId) }, await tokenFor(otherAdmin));
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toBe('You do not have access to this clinic.');
  });

  it('when the token is valid but has no staff profile, then 403', async () => {
    const stranger = { sub: randomUUID(), email: `stranger-${tag}@example.test`, role: 'authenticated' as const };
    const response = await getExport('invoices', { clinicId: String(clinicId) }, await tokenFor(stranger));
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toBe('Your account has no staff profile.');
  });

  it('when the token is forged, then 401', async () => {
    const forged = await signHs256(
      { sub: admin.sub, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 },
      'not-the-secret-'.repeat(3),
    );
    const response = await getExport('patients', { clinicId: String(clinicId) }, forged);
    expect(response.status).toBe(401);
  });

  it('when a superadmin asks for any clinic, or a dentist for their own, then the file comes', async () => {
    const superadmin = await accessToken(stack, DEMO.superadmin);
    expect((await getExport('payments', { clinicId: String(clinicId) }, superadmin)).status).toBe(200);
    const dentist = await getExport('patients', { clinicId: String(clinicId) }, await tokenFor(dentistUser));
    expect((await csvLines(dentist))[0]).toBe('Name,Phone,Messenger ID,No-shows (12 months),Patient ID');
  });

  it('when the clinic does not exist, then a superadmin gets 404', async () => {
    const superadmin = await accessToken(stack, DEMO.superadmin);
    const response = await getExport('patients', { clinicId: '999999999' }, superadmin);
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toBe('That clinic does not exist.');
  });
});

describe('filters', () => {
  const clinic = () => String(clinicId);
  const cases: [kind: string, query: () => Record<string, string>, error: string][] = [
    ['patients', () => ({}), 'clinicId is required.'],
    ['patients', () => ({ clinicId: 'abc' }), 'clinicId must be a positive whole number.'],
    ['patients', () => ({ clinicId: '0' }), 'clinicId must be a positive whole number.'],
    ['patients', () => ({ clinicId: clinic(), sort: 'name' }), "Unknown filter 'sort'; this export takes clinicId, q."],
    ['patients', () => ({ clinicId: clinic(), q: 'x'.repeat(201) }), 'The search (q) may be at most 200 characters.'],
    [
      'invoices',
      () => ({ clinicId: clinic(), status: 'Overdue' }),
      'status must be one of All, Paid, Partial, Unpaid, Void.',
    ],
    [
      'appointments',
      () => ({ clinicId: clinic() }),
      'from is required: the start (from) and end (to) of the period, as ISO timestamps.',
    ],
    [
      'appointments',
      () => ({ clinicId: clinic(), from: '2027-03-01', to: '2027-04-01T00:00:00Z' }),
      'from must be an ISO timestamp with a time zone, like 2026-11-26T00:00:00+08:00.',
    ],
    [
      'appointments',
      () => ({ clinicId: clinic(), from: '2027-02-30T00:00:00Z', to: '2027-04-01T00:00:00Z' }),
      'from must be an ISO timestamp with a time zone, like 2026-11-26T00:00:00+08:00.',
    ],
    [
      'appointments',
      () => ({ clinicId: clinic(), from: '2027-04-01T00:00:00Z', to: '2027-03-01T00:00:00Z' }),
      'The period must end (to) after it starts (from).',
    ],
    [
      'appointments',
      () => ({ clinicId: clinic(), from: '2027-01-01T00:00:00Z', to: '2028-01-03T00:00:00Z' }),
      'The period may be at most 366 days long.',
    ],
    [
      'appointments',
      () => ({ clinicId: clinic(), from: '2027-01-01T00:00:00Z', to: '2027-02-01T00:00:00Z', dentistId: '-4' }),
      'dentistId must be a positive whole number.',
    ],
  ];
  for (const [index, [kind, query, error]] of cases.entries()) {
    it(`when the ${kind} export's query is wrong (${index + 1}), then 400 "${error}"`, async () => {
      const response = await getExport(kind, query());
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(error);
    });
  }

  it('when a filter is given twice, then 400', async () => {
    const response = await fetch(`${stack.url}/api/exports/patients.csv?clinicId=${clinicId}&q=a&q=b`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe('q must be given once.');
  });

  it('when the list is not one of the four, then 404', async () => {
    const response = await getExport('users', { clinicId: String(clinicId) });
    expect(response.status).toBe(404);
  });
});

describe('what the files hold', () => {
  it('patients: BOM, headers, ñ and emoji intact, quoting, formulas guarded, the search applied, no other clinic', async () => {
    const names = {
      plain: `Ñoño Peña ${tag}`,
      comma: `Cruz, Ana "Annie" ${tag}`,
      emoji: `Lola 😁 ${tag}`,
      formula: `=HYPERLINK("http://x") ${tag}`,
    };
    const ids = {
      plain: await createPatient(stack.db, clinicId, names.plain, { phone: '+63 917 555 0101', messenger_id: null }),
      comma: await createPatient(stack.db, clinicId, names.comma, { phone: '0917 555 0102' }),
      emoji: await createPatient(stack.db, clinicId, names.emoji, { phone: '0917 555 0103', messenger_id: '777' }),
      formula: await createPatient(stack.db, clinicId, names.formula, { phone: '0917 555 0104' }),
    };
    await createPatient(stack.db, otherClinicId, `Ñoño Elsewhere ${tag}`);
    const deleted = await createPatient(stack.db, clinicId, `Ñoño Deleted ${tag}`);
    await stack.db.query('update public.patients set deleted = true where id = $1', [deleted]);

    const all = await csvLines(await getExport('patients', { clinicId: String(clinicId) }));
    expect(all[0]).toBe('Name,Phone,Messenger ID,No-shows (12 months),Patient ID');
    expect(all).toContain(`"'=HYPERLINK(""http://x"") ${tag}",0917 555 0104,,,${ids.formula}`);
    expect(all).toContain(`"Cruz, Ana ""Annie"" ${tag}",0917 555 0102,,,${ids.comma}`);
    expect(all).toContain(`Lola 😁 ${tag},0917 555 0103,777,,${ids.emoji}`);
    expect(all).toContain(`Ñoño Peña ${tag},'+63 917 555 0101,,,${ids.plain}`);
    expect(all.join('\n')).not.toContain('Elsewhere');
    expect(all.join('\n')).not.toContain('Deleted');

    const searched = await csvLines(
      await getExport('patients', { clinicId: String(clinicId), q: `  ñOÑO peña ${tag} ` }),
    );
    expect(searched).toEqual([
      'Name,Phone,Messenger ID,No-shows (12 months),Patient ID',
      `Ñoño Peña ${tag},'+63 917 555 0101,,,${ids.plain}`,
    ]);

    const response = await getExport('patients', { clinicId: String(clinicId), q: tag });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="patients-clinica-nino-${tag}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('access-control-expose-headers')).toBe('Content-Disposition');
  });

  it("patients: the list's frequent no-show flag as a count", async () => {
    const flagged = await createPatient(stack.db, clinicId, `Often Absent ${tag}`, { phone: '0917 555 0199' });
    // Tuesday and Wednesday of last week, 10:00 in Manila: past, within 12 months, in clinic hours.
    for (const day of [1, 2]) {
      await stack.db.query(
        `insert into public.appointments (clinic_id, patient_id, dentist_id, appointment_time, reason, status)
         values ($1, $2, $3, (date_trunc('week', now() at time zone 'Asia/Manila') - interval '7 days'
                 + make_interval(days => $4) + time '10:00') at time zone 'Asia/Manila', 'Dental Consultation', 'No Show')`,
        [clinicId, flagged, dentistId, day],
      );
    }
    const lines = await csvLines(await getExport('patients', { clinicId: String(clinicId), q: `Often Absent ${tag}` }));
    expect(lines).toEqual([
      'Name,Phone,Messenger ID,No-shows (12 months),Patient ID',
      `Often Absent ${tag},0917 555 0199,,2,${flagged}`,
    ]);
  });

  it('appointments: the period and dentist filters, clinic-time dates, procedure and notes apart', async () => {
    const patient = await createPatient(stack.db, clinicId, `Appointment Patient ${tag}`, { messenger_id: '4242' });
    const book = (dentist: number, time: string, extra: Record<string, unknown> = {}) =>
      insertRow(stack.db, 'appointments', {
        clinic_id: clinicId,
        patient_id: patient,
        dentist_id: dentist,
        appointment_time: time,
        reason: 'Dental Consultation',
        ...extra,
      });
    const march = await book(dentistId, '2027-03-02T09:20:00+08:00', {
      reason: 'Dental Consultation — Notes: upper left, "sensitive"',
      booking_origin: 'messenger',
    });
    const marchOther = await book(otherDentistId, '2027-03-03T14:00:00+08:00', { status: 'Confirmed' });
    await book(dentistId, '2027-04-01T09:00:00+08:00');
    const gone = await book(dentistId, '2027-03-04T10:00:00+08:00');
    await stack.db.query('update public.appointments set deleted = true where id = $1', [gone]);

    const period = { from: '2027-02-28T16:00:00.000Z', to: '2027-03-31T16:00:00.000Z' };
    const lines = await csvLines(await getExport('appointments', { clinicId: String(clinicId), ...period }));
    expect(lines).toEqual([
      'Patient,Date,Time,Appointment ID,Messenger,Guardian,Dentist,Procedure,Notes,Origin,Status',
      `Appointment Patient ${tag},2027-03-02,09:20,${march},4242,N/A,Dr. Export One ${tag},Dental Consultation,"upper left, ""sensitive""",Messenger,Scheduled`,
      `Appointment Patient ${tag},2027-03-03,14:00,${marchOther},4242,N/A,Dr. Export Two ${tag},Dental Consultation,,System,Confirmed`,
    ]);
    const oneDentist = await csvLines(
      await getExport('appointments', { clinicId: String(clinicId), ...period, dentistId: String(otherDentistId) }),
    );
    expect(oneDentist).toHaveLength(2);
    expect(oneDentist[1]).toContain(`,${marchOther},`);
  });

  it('invoices and payments: pesos with two decimals, labels as on screen, status and search filters, voids', async () => {
    const peña = await createPatient(stack.db, clinicId, `Peña Billing ${tag}`);
    const cruz = await createPatient(stack.db, clinicId, `Cruz Billing ${tag}`);
    const paid = await insertRow(stack.db, 'invoices', { clinic_id: clinicId, patient_id: peña, total: '1234.50' });
    const partial = await insertRow(stack.db, 'invoices', { clinic_id: clinicId, patient_id: cruz, total: '1000.00' });
    const voided = await insertRow(stack.db, 'invoices', { clinic_id: clinicId, patient_id: cruz, total: '0.10' });
    await stack.db.query(`update public.invoices set voided_at = now(), void_reason = $2 where id = $1`, [
      voided,
      '=wrong patient',
    ]);
    const pay = (invoice: number, patientId: number, amount: string, method: string, date: string) =>
      insertRow(stack.db, 'payments', {
        clinic_id: clinicId,
        invoice_id: invoice,
        patient_id: patientId,
        amount,
        method,
        reference_number: method === 'cash' ? null : `REF-${tag}`,
        payment_date: date,
      });
    const full = await pay(paid, peña, '1234.50', 'e-wallet', '2027-03-05T09:05:00+08:00');
    const part = await pay(partial, cruz, '0.01', 'bank', '2027-03-06T17:30:00+08:00');

    const invoices = await csvLines(await getExport('invoices', { clinicId: String(clinicId), q: tag }));
    expect(invoices).toEqual([
      'ID,Patient,Total,Status,Balance,Patient ID,Void reason',
      `${voided},Cruz Billing ${tag},0.10,Void,0.10,${cruz},'=wrong patient`,
      `${partial},Cruz Billing ${tag},1000.00,Partial,999.99,${cruz},`,
      `${paid},Peña Billing ${tag},1234.50,Paid,0.00,${peña},`,
    ]);
    const partialOnly = await csvLines(
      await getExport('invoices', { clinicId: String(clinicId), q: tag, status: 'Partial' }),
    );
    expect(partialOnly.slice(1).map((line) => line.split(',')[0])).toEqual([String(partial)]);
    const voidOnly = await csvLines(
      await getExport('invoices', { clinicId: String(clinicId), q: tag, status: 'Void' }),
    );
    expect(voidOnly.slice(1).map((line) => line.split(',')[0])).toEqual([String(voided)]);

    // The Billing search ignores accents and case: 'pena' finds Peña.
    const payments = await csvLines(
      await getExport('payments', { clinicId: String(clinicId), q: `PENA billing ${tag}` }),
    );
    expect(payments).toEqual([
      'IID,Patient,Amount,Method,Ref #,Date,Time,Payment ID,Void,Void reason',
      `${paid},Peña Billing ${tag},1234.50,E-Wallet,REF-${tag},2027-03-05,09:05,${full},,`,
    ]);
    const both = await csvLines(await getExport('payments', { clinicId: String(clinicId), q: `billing ${tag}` }));
    expect(both.slice(1).map((line) => line.split(',').at(-3))).toEqual([String(part), String(full)]);
    expect(both[1]).toContain(',0.01,Bank Transfer,');
  });
});

describe('row-level security', () => {
  it('when the pages are read as a caller of another clinic, then they hold none of its rows', async () => {
    await createPatient(stack.db, clinicId, `Hidden by RLS ${tag}`);
    const outsider: Caller = {
      userId: otherAdmin.sub,
      email: otherAdmin.email ?? null,
      role: 'admin',
      clinicId: otherClinicId,
    };
    const asOutsider = await patientPager(stack.service.deps.db, outsider, clinicId).next();
    expect(asOutsider).toEqual([]);
    const insider: Caller = { userId: admin.sub, email: admin.email ?? null, role: 'admin', clinicId };
    const asInsider = await patientPager(stack.service.deps.db, insider, clinicId).next();
    expect(asInsider.map((row) => row.name)).toContain(`Hidden by RLS ${tag}`);
  });
});

describe('50,000 rows', () => {
  const COUNT = 50_000;
  let bigClinic: number;
  let bigToken: string;

  beforeAll(async () => {
    bigClinic = await createClinic(stack.db, `Big Export Clinic ${tag}`);
    bigToken = await tokenFor(await createStaff(stack.db, bigClinic, 'receptionist'));
    // Rows as a migration would load them, without the per-row triggers (the audit trail's among
    // them): the export reads patients, and 50,000 audited inserts took most of this hook's time.
    await stack.db.transaction(async (tx) => {
      await tx.query('set local session_replication_role = replica');
      await tx.query(
        `insert into public.patients (clinic_id, name, phone, messenger_id)
         select $1, 'Pasyente Ñ ' || lpad(n::text, 5, '0'), '0917 ' || lpad(n::text, 7, '0'), null
           from generate_series(1, $2::integer) as n`,
        [bigClinic, COUNT],
      );
    });
  });

  /**
   * The stack's database with `beforePage(n)` awaited before its n-th transaction (the export reads
   * one page per transaction, one after another), and the pages read so far.
   */
  function pagedDatabase(beforePage: (page: number) => Promise<void> | void) {
    const db = stack.service.deps.db;
    const pages = { started: 0, read: 0 };
    const paged: ServiceDatabase = {
      ...db,
      query: (sql, params) => db.query(sql, params),
      listen: (...args) => db.listen(...args),
      async transaction(work) {
        pages.started += 1;
        await beforePage(pages.started);
        const result = await db.transaction(work);
        pages.read += 1;
        return result;
      },
    };
    return { db: paged, pages };
  }

  /** The service's app with `overrides`, on a port of its own: the big clinic's patients export, and close. */
  async function serveExports(overrides: Partial<ServiceDeps>) {
    const app = createApp({ ...stack.service.deps, ...overrides });
    const server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    const { port } = server.address() as AddressInfo;
    return {
      exportBigClinic: () =>
        fetch(exportUrl(`http://127.0.0.1:${port}`, 'patients', { clinicId: String(bigClinic) }), {
          headers: { authorization: `Bearer ${bigToken}` },
        }),
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  it('when exported, then the first bytes arrive before later pages are read, in chunks, byte for byte', async () => {
    // The stack's service again, its database gated: page 3 waits until the client has its first bytes.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { db: gated, pages } = pagedDatabase((page) => (page === 3 ? gate : undefined));
    const service = await serveExports({ db: gated });
    try {
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const response = await service.exportBigClinic();
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const chunks: Uint8Array[] = [];
      const first = await reader.read();
      chunks.push(first.value!);
      // The first bytes came while the third page was still waiting to be read.
      expect(pages.read).toBeLessThan(3);
      release();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      }
      expect(chunks.length).toBeGreaterThan(1);
      expect(pages.read).toBe(COUNT / 1000 + 1);

      const body = Buffer.concat(chunks);
      const text = body.toString('utf8');
      const lines = text.slice(1, -2).split('\r\n');
      expect(text.startsWith(csvHeader(PATIENT_EXPORT_COLUMNS))).toBe(true);
      expect(lines).toHaveLength(COUNT + 1);
      const { rows } = await stack.db.query<{ id: string }>(
        'select id::text as id from public.patients where clinic_id = $1 order by name, id',
        [bigClinic],
      );
      const exact = toCsv(
        PATIENT_EXPORT_COLUMNS,
        rows.map((row, index) => {
          const n = String(index + 1).padStart(5, '0');
          return {
            id: row.id,
            name: `Pasyente Ñ ${n}`,
            phone: `0917 ${String(index + 1).padStart(7, '0')}`,
            messenger_id: null,
            no_show_count: null,
          };
        }),
      );
      expect(body.byteLength).toBe(Buffer.byteLength(exact));
      expect(text).toBe(exact);
      // The service holds a page, not the file: the whole test process grew far less than 50,000 rows kept twice would.
      expect(rssPeak - rssBefore).toBeLessThan(256 * 1024 * 1024);
    } finally {
      release();
      await service.close();
    }
  });

  /** The clinic's exports in the audit trail, oldest first (what each recorded: list and rows). */
  async function exportRecordsOf(clinicId: number) {
    const { rows } = await stack.db.query<{ after: { kind: string; rows: number | null } }>(
      `select after from public.audit_log where clinic_id = $1 and entity = 'export' order by id`,
      [clinicId],
    );
    return rows.map((row) => row.after);
  }

  it('when a later page cannot be read, then the download breaks off and is still on the record', async () => {
    const { db: failing } = pagedDatabase((page) => {
      if (page === 3) throw new Error('the database went away');
    });
    const exportsBefore = await exportRecordsOf(bigClinic);
    const service = await serveExports({ db: failing });
    try {
      const response = await service.exportBigClinic();
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow();
      await expect.poll(async () => (await exportRecordsOf(bigClinic)).length).toBe(exportsBefore.length + 1);
      expect((await exportRecordsOf(bigClinic)).at(-1)).toMatchObject({ kind: 'patients', rows: null });
    } finally {
      await service.close();
    }
  });

  it('when the client goes away mid-file, then the service stops reading pages', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { db: gated, pages } = pagedDatabase((page) => (page === 3 ? gate : undefined));
    const outcomes: { rows: number | null; complete: boolean }[] = [];
    const logger = Object.create(stack.service.deps.logger) as Logger;
    logger.info = ((fields: unknown, message?: string) => {
      if (message === 'export streamed') outcomes.push(fields as { rows: number | null; complete: boolean });
    }) as Logger['info'];
    const service = await serveExports({ db: gated, logger });
    try {
      const response = await service.exportBigClinic();
      const reader = response.body!.getReader();
      await reader.read();
      await reader.cancel();
      release();
      const outcome = await waitFor(() => outcomes[0]);
      expect(outcome).toMatchObject({ rows: null, complete: false });
      expect(pages.read).toBeLessThan(COUNT / 1000);
    } finally {
      release();
      await service.close();
    }
  });
});
