/**
 * A small stand-in for the REST API the booking form calls (PostgREST shapes: arrays, or an
 * object for `.single()`), installed as `fetch` for component tests. Unknown requests fail the
 * test, as MSW's `onUnhandledRequest: 'error'` would. Every call is logged; `use()` answers
 * matching calls first (a refusal, a network failure, a change made "elsewhere").
 */
import { vi } from 'vitest';

export const STACK_URL = 'http://stack.test';

export interface LoggedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface FakeDentist {
  id: number;
  name: string;
  is_active?: boolean;
  deleted?: boolean;
}

export interface FakePatient {
  id: number;
  name: string;
  phone?: string;
  messenger_id?: string | null;
  deleted?: boolean;
}

export interface FakeCategory {
  id: number;
  name: string;
  procedures: { id: number; name: string; price: number }[];
}

export interface FakeAppointment {
  id: number;
  dentist_id: number;
  patient_id: number;
  appointment_time: string;
  reason: string | null;
  status?: string;
  deleted?: boolean;
}

export interface FakeBlock {
  id?: number;
  dentist_id: number;
  specific_date: string;
  start_time: string;
  end_time: string;
  is_available?: boolean;
}

export interface FakeBookingData {
  clinicId?: number;
  dentists?: FakeDentist[];
  patients?: FakePatient[];
  categories?: FakeCategory[];
  appointments?: FakeAppointment[];
  blocks?: FakeBlock[];
}

type Row = Record<string, unknown>;
type Handler = (call: LoggedCall) => Response | undefined | Promise<Response | undefined>;

const SLOT_MS = 20 * 60_000;

function compare(actual: unknown, value: string): number {
  if (typeof actual === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(actual)) {
    return new Date(actual).getTime() - new Date(value).getTime();
  }
  return String(actual) < value ? -1 : String(actual) > value ? 1 : 0;
}

/** The typed term of `or=(name.ilike."*term*",…)`, unescaped. */
function searchTermOf(or: string): string {
  const match = /^\(name\.ilike\."\*(.*?)\*",/.exec(or);
  if (!match) throw new Error(`fake REST: unexpected or=${or}`);
  return match[1]!.replace(/\\(.)/g, '$1').replace(/\\(.)/g, '$1');
}

function matches(row: Row, query: URLSearchParams): boolean {
  for (const [column, filter] of query) {
    if (['select', 'order', 'limit', 'or'].includes(column)) continue;
    const [op, ...rest] = filter.split('.');
    const value = rest.join('.');
    const actual = row[column];
    if (op === 'eq' && String(actual) !== value) return false;
    if (op === 'gte' && compare(actual, value) < 0) return false;
    if (op === 'lt' && compare(actual, value) >= 0) return false;
  }
  const or = query.get('or');
  if (or) {
    const term = searchTermOf(or).toLowerCase();
    const haystack = ['name', 'phone', 'messenger_id'].map((key) => String(row[key] ?? '').toLowerCase());
    if (!haystack.some((text) => text.includes(term))) return false;
  }
  return true;
}

export function installFakeBookingApi(data: FakeBookingData = {}) {
  const clinicId = data.clinicId ?? 1;
  const state = {
    dentists: (data.dentists ?? []).map((row) => ({ clinic_id: clinicId, is_active: true, deleted: false, ...row })),
    patients: (data.patients ?? []).map((row) => ({
      clinic_id: clinicId,
      phone: '+63 917 000 0000',
      messenger_id: null,
      deleted: false,
      ...row,
    })),
    categories: data.categories ?? [],
    appointments: (data.appointments ?? []).map((row) => ({
      clinic_id: clinicId,
      status: 'Scheduled',
      deleted: false,
      ...row,
    })),
    blocks: (data.blocks ?? []).map((row, index) => ({
      id: 300 + index,
      clinic_id: clinicId,
      is_available: false,
      ...row,
    })),
  };
  const calls: LoggedCall[] = [];
  const overrides: Handler[] = [];
  let nextId = 9000;

  const json = (body: unknown, status = 200) => Response.json(body, { status });
  const answer = (rows: unknown[], request: Request, status = 200) =>
    request.headers.get('Accept')?.includes('vnd.pgrst.object')
      ? rows.length === 1
        ? json(rows[0], status)
        : json({ code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned' }, 406)
      : json(rows, status);

  const withEmbeds = (row: Row, select: string): Row => {
    const out: Row = { ...row };
    if (select.includes('patients(name)')) {
      const patient = state.patients.find((candidate) => candidate.id === row.patient_id);
      out.patients = patient ? { name: patient.name } : null;
    }
    if (select.includes('dentists(name)')) {
      const dentist = state.dentists.find((candidate) => candidate.id === row.dentist_id);
      out.dentists = dentist ? { name: dentist.name } : null;
    }
    return out;
  };

  const refusal = (detail: string) =>
    json(
      {
        code: '23P01',
        message: 'This slot may already be taken or dentist is unavailable.',
        details: detail,
        hint: null,
      },
      409,
    );

  /** The overlap rule of the database, enough for these tests. */
  function overlaps(candidate: Row): boolean {
    const start = new Date(String(candidate.appointment_time)).getTime();
    return state.appointments.some(
      (other) =>
        other.id !== candidate.id &&
        other.dentist_id === candidate.dentist_id &&
        !other.deleted &&
        other.status !== 'Cancelled' &&
        Math.abs(new Date(other.appointment_time).getTime() - start) < SLOT_MS,
    );
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace('/rest/v1/', '');
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const call: LoggedCall = {
      method: request.method,
      path,
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    for (const override of overrides) {
      const response = await override(call);
      if (response) return response;
    }
    const query = url.searchParams;
    const select = query.get('select') ?? '*';
    const limit = Number(query.get('limit') ?? Infinity);
    switch (`${request.method} ${path}`) {
      case 'GET dentists':
        return answer(
          state.dentists.filter((row) => matches(row, query)),
          request,
        );
      case 'GET patients':
        return answer(
          state.patients
            .filter((row) => matches(row, query))
            .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id))
            .slice(0, limit),
          request,
        );
      case 'GET procedure_categories':
        return answer(
          state.categories.filter(() => query.get('clinic_id') === `eq.${clinicId}`),
          request,
        );
      case 'GET dentist_availability':
        return answer(
          state.blocks.filter((row) => matches(row, query)),
          request,
        );
      case 'GET appointments':
        return answer(
          state.appointments
            .filter((row) => matches(row, query))
            .sort((a, b) => new Date(a.appointment_time).getTime() - new Date(b.appointment_time).getTime())
            .map((row) => withEmbeds(row, select)),
          request,
        );
      case 'POST appointments': {
        const row = { id: nextId++, status: 'Scheduled', deleted: false, ...(call.body as Row) } as Row;
        if (overlaps(row)) return refusal('overlaps another appointment');
        state.appointments.push(row as (typeof state.appointments)[number]);
        return answer([{ id: row.id }], request, 201);
      }
      case 'PATCH appointments': {
        const changed = state.appointments.filter((row) => matches(row, query));
        for (const row of changed) {
          if (overlaps({ ...row, ...(call.body as Row) })) return refusal('overlaps another appointment');
        }
        for (const row of changed) Object.assign(row, call.body);
        return answer(
          changed.map((row) => ({ id: row.id })),
          request,
        );
      }
      default:
        throw new Error(`fake REST: unhandled ${request.method} ${path}?${query}`);
    }
  }

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(`${STACK_URL}/rest/v1/`)) throw new Error(`fake REST: unexpected ${request.url}`);
    return handle(request);
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    state,
    calls,
    /** Calls of one method and path, e.g. ('POST', 'appointments'). */
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
    /** Answers matching calls first; return undefined to fall through. */
    use(handler: Handler) {
      overrides.unshift(handler);
    },
    nextId: () => nextId++,
  };
}

/** A PostgREST error answer. */
export function restError(status: number, code: string, message = 'error', details: string | null = null) {
  return Response.json({ code, message, details, hint: null }, { status });
}
