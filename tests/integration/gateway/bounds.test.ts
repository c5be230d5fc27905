/**
 * The bounds on every /rest/v1 request (as hosted Supabase has them): a statement timeout per role,
 * a maximum number of rows, a maximum embed depth and a maximum response size, each answered in
 * PostgREST's error shape; and the HTTP server keeps answering while a statement runs to its
 * timeout on the embedded database (PGlite in a worker thread).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../../local/db/database.ts';
import { HOSTED_MAX_URL_BYTES } from '../../../local/gateway/app.ts';
import { prepareDataDir } from '../../support/pglite-template.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

const TIMEOUT_ANON_MS = 500;
const TIMEOUT_AUTHENTICATED_MS = 1500;
const MAX_ROWS = 20;
const MAX_RESPONSE_BYTES = 100_000;

/** The finding: seven levels of payments and invoices, as dentist@demo.test. */
const NESTED_EMBED_READ = 'payments?select=*,invoices(*,payments(*,invoices(*,payments(*,patients(*,payments(*))))))';

let stack: TestStack;
let dataDir: string;
let dentistToken: string;
let otherAdminToken: string;
let otherClinicId: number;

/**
 * Probes only this test's database has, made before the stack starts (its schema cache reads
 * them): a read that runs for minutes and never grows memory (a cross join of three 1,000-row
 * series), and a function that writes a row and then runs as long.
 */
const PROBES = `
  create view public.bounds_slow_read with (security_invoker = true) as
    select count(*) as n from generate_series(1, 1000) a, generate_series(1, 1000) b, generate_series(1, 1000) c;
  grant select on public.bounds_slow_read to anon, authenticated;
  create table public.bounds_probe (note text primary key);
  create function public.bounds_slow_write(p_note text) returns bigint
    language plpgsql security definer set search_path = '' as $$
  begin
    insert into public.bounds_probe (note) values (p_note);
    return (select count(*) from generate_series(1, 1000) a, generate_series(1, 1000) b, generate_series(1, 1000) c);
  end $$;
  grant execute on function public.bounds_slow_write(text) to authenticated;
`;

async function tokenOf(email: string): Promise<string> {
  const client = await stack.signedIn(email);
  const { data } = await client.auth.getSession();
  return data.session!.access_token;
}

function rest(pathAndQuery: string, token?: string, init: RequestInit = {}) {
  return fetch(`${stack.url}/rest/v1/${pathAndQuery}`, {
    ...init,
    headers: {
      apikey: stack.config.anonKey,
      authorization: `Bearer ${token ?? stack.config.anonKey}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ngiti-bounds-'));
  await prepareDataDir(dataDir, true);
  const db = await openPglite(dataDir);
  await db.exec(PROBES);
  await db.close();
  stack = await startTestStack({
    dataDir,
    logLabel: 'bounds',
    env: {
      REST_STATEMENT_TIMEOUT_ANON_MS: String(TIMEOUT_ANON_MS),
      REST_STATEMENT_TIMEOUT_AUTHENTICATED_MS: String(TIMEOUT_AUTHENTICATED_MS),
      REST_MAX_ROWS: String(MAX_ROWS),
      REST_MAX_EMBED_DEPTH: '1',
      REST_MAX_RESPONSE_BYTES: String(MAX_RESPONSE_BYTES),
    },
  });
  dentistToken = await tokenOf('dentist@demo.test');
  otherAdminToken = await tokenOf('admin2@demo.test');
  const clinic = await stack.serviceClient().from('clinics').select('id').eq('name', 'Bright Teeth').single();
  otherClinicId = clinic.data!.id as number;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('maximum rows (PostgREST db-max-rows)', () => {
  it('cuts a read at the maximum, whatever limit it asks for, without an error', async () => {
    for (const query of ['patients?select=id', 'patients?select=id&limit=1000', 'patients?select=id&offset=0']) {
      const response = await rest(query, dentistToken);
      expect(response.status, query).toBe(200);
      expect(((await response.json()) as unknown[]).length, query).toBe(MAX_ROWS);
      expect(response.headers.get('content-range'), query).toBe(`0-${MAX_ROWS - 1}/*`);
    }
  });

  it('says how many there are when asked to count (206, as PostgREST)', async () => {
    const response = await rest('patients?select=id', dentistToken, { headers: { prefer: 'count=exact' } });
    expect(response.status).toBe(206);
    const [range, total] = response.headers.get('content-range')!.split('/');
    expect(range).toBe(`0-${MAX_ROWS - 1}`);
    expect(Number(total)).toBeGreaterThan(MAX_ROWS);
  });

  it('a smaller limit is kept', async () => {
    const response = await rest('patients?select=id&limit=3', dentistToken);
    expect(((await response.json()) as unknown[]).length).toBe(3);
  });
});

describe('maximum URL length (hosted Supabase’s proxy)', () => {
  /** A dentist's patients read whose name filter pads the URL to `bytes` (path and query, as the server sees them). */
  function readPaddedTo(bytes: number) {
    const head = `/rest/v1/patients?select=id&name=eq.`;
    return rest(`patients?select=id&name=eq.${'x'.repeat(bytes - head.length)}`, dentistToken);
  }

  it('refuses a longer URL with 414 "URI too long", before the database sees it', async () => {
    const refused = await readPaddedTo(HOSTED_MAX_URL_BYTES + 1);
    expect(refused.status).toBe(414);
    expect(await refused.text()).toBe('URI too long\n');
    const rpc = await fetch(`${stack.url}/functions/v1/create-user?${'q'.repeat(HOSTED_MAX_URL_BYTES)}`, {
      method: 'POST',
    });
    expect(rpc.status).toBe(414);
  });

  it('answers a URL of exactly the limit as usual', async () => {
    const answered = await readPaddedTo(HOSTED_MAX_URL_BYTES);
    expect(answered.status).toBe(200);
    expect(await answered.json()).toEqual([]);
  });
});

describe('maximum embed depth', () => {
  it('refuses the nested-embed read of the finding, in PostgREST’s shape', async () => {
    const response = await rest(NESTED_EMBED_READ, dentistToken);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      code: '54001',
      message: 'The select embeds resources too deeply',
      details: 'The select nests embedded resources 6 levels deep; at most 1 are allowed.',
      hint: 'Embed fewer levels, or read the deeper resources in a request of their own.',
    });
  });

  it('refuses two levels and allows the one level the SPA uses', async () => {
    const deep = await rest('appointments?select=id,patients(id,appointments(id))', dentistToken);
    expect(deep.status).toBe(413);
    expect(((await deep.json()) as { code: string }).code).toBe('54001');
    const allowed = await rest('appointments?select=id,patients(name),dentists(name)&limit=2', dentistToken);
    expect(allowed.status).toBe(200);
    expect(((await allowed.json()) as { patients: { name: string } }[])[0]!.patients.name).toEqual(expect.any(String));
  });
});

describe('maximum response size', () => {
  it('refuses a body over the bound with 413 54000 and its size, without sending it', async () => {
    // One clinic row with every appointment of it embedded: far over 100 kB, one level deep.
    const response = await rest('clinics?select=id,appointments(*)', dentistToken);
    expect(response.status).toBe(413);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(body).toMatchObject({ code: '54000', message: 'The response is too large' });
    const bytes = Number(/would be (\d+) bytes/.exec(body.details as string)![1]);
    expect(bytes).toBeGreaterThan(MAX_RESPONSE_BYTES);
  });
});

describe('statement timeout per role', () => {
  it('ends a read at the role’s timeout with 57014 (3 s anon, 8 s authenticated by default)', async () => {
    const anon = await rest('bounds_slow_read');
    expect(anon.status).toBe(500);
    expect(await anon.json()).toEqual({
      code: '57014',
      message: 'canceling statement due to statement timeout',
      details: `The statement ran longer than ${TIMEOUT_ANON_MS} ms.`,
      hint: null,
    });
    // The read would run for minutes: its 57014 answer says it was ended, not waited for.
    const signedIn = await rest('bounds_slow_read', dentistToken);
    expect(signedIn.status).toBe(500);
    expect(await signedIn.json()).toMatchObject({
      code: '57014',
      details: `The statement ran longer than ${TIMEOUT_AUTHENTICATED_MS} ms.`,
    });
  });

  it('rolls back a write whose statement ran out of time; the database keeps answering', async () => {
    const response = await rest('rpc/bounds_slow_write', dentistToken, {
      method: 'POST',
      body: JSON.stringify({ p_note: 'timed out' }),
    });
    expect(response.status).toBe(500);
    expect(((await response.json()) as { code: string }).code).toBe('57014');
    const { rows } = await stack.db.query(`select note from public.bounds_probe`);
    expect(rows).toEqual([]);
    const after = await rest('patients?select=id&limit=1', dentistToken);
    expect(after.status).toBe(200);
  });
});

describe('no request stalls the others', () => {
  it('answers /config.json and another clinic’s patient list while a read runs to its timeout', async () => {
    let running = true;
    let configAnswersWhileRunning = 0;
    let listAnswers = 0;
    const heavy = rest('bounds_slow_read', dentistToken).finally(() => (running = false));
    const pollConfig = async () => {
      while (running) {
        const response = await fetch(`${stack.url}/config.json`);
        expect(response.status).toBe(200);
        await response.arrayBuffer();
        if (running) configAnswersWhileRunning += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const pollList = async () => {
      while (running) {
        const response = await rest(
          `patients?select=id,name,clinic_id&clinic_id=eq.${otherClinicId}&order=name`,
          otherAdminToken,
        );
        expect(response.status).toBe(200);
        const rows = (await response.json()) as { clinic_id: number }[];
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((row) => row.clinic_id === otherClinicId)).toBe(true);
        listAnswers += 1;
      }
    };
    await Promise.all([heavy, pollConfig(), pollList()]);
    expect((await heavy).status).toBe(500);
    // A blocked event loop would hold /config.json until the statement ended: one answer at most
    // would then arrive before the read's own. Answers kept coming while it ran.
    expect(configAnswersWhileRunning).toBeGreaterThan(5);
    // The clinic's list shares the one embedded database: it waited for the running statement
    // and was then answered, in full and for its own clinic only.
    expect(listAnswers).toBeGreaterThan(0);
  }, 60_000);
});
