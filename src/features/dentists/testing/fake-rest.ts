/**
 * A small stand-in for the REST API the dentists feature calls (PostgREST shapes: arrays, or an
 * object for `.single()`), installed as `fetch` for component tests. Unknown requests fail the
 * test, as MSW's `onUnhandledRequest: 'error'` would. Every call is logged for assertions.
 */
import { vi } from 'vitest';
import type { AppointmentRow, DentistAvailabilityRow, DentistRow } from '@/lib/database.types';

export const STACK_URL = 'http://stack.test';

export interface LoggedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface FakeRestOptions {
  dentists?: Partial<DentistRow>[];
  availability?: Partial<DentistAvailabilityRow>[];
  appointments?: Partial<AppointmentRow>[];
  timeZone?: string;
}

type Handler = (call: LoggedCall) => Response | Promise<Response> | undefined;

export function createDentist(overrides: Partial<DentistRow> = {}): DentistRow {
  return {
    id: 1,
    clinic_id: 1,
    name: 'Dr. Andrea Villanueva',
    email: 'andrea@example.test',
    phone: '+63 917 555 0101',
    is_active: true,
    deleted: false,
    created_at: '2030-01-01T00:00:00Z',
    ...overrides,
  };
}

const eqOf = (query: URLSearchParams, column: string) => {
  const value = query.get(column);
  return value?.startsWith('eq.') ? value.slice(3) : undefined;
};

function matches(row: Record<string, unknown>, query: URLSearchParams): boolean {
  for (const [column, filter] of query) {
    if (column === 'select' || column === 'order') continue;
    const [op, ...rest] = filter.split('.');
    const value = rest.join('.');
    const actual = row[column];
    if (op === 'eq' && String(actual) !== value) return false;
    if (op === 'gte' && String(actual) < value) return false;
  }
  return true;
}

export function installFakeRest(options: FakeRestOptions = {}) {
  const state = {
    dentists: (options.dentists ?? []).map((row, index) => createDentist({ id: index + 1, ...row })),
    availability: (options.availability ?? []).map((row, index) => ({
      id: 100 + index,
      clinic_id: 1,
      dentist_id: 1,
      specific_date: '2030-01-09',
      start_time: '09:00:00',
      end_time: '10:00:00',
      is_available: false,
      created_at: '2030-01-01T00:00:00Z',
      ...row,
    })) as DentistAvailabilityRow[],
    appointments: (options.appointments ?? []).map((row, index) => ({
      id: 500 + index,
      clinic_id: 1,
      patient_id: 9,
      dentist_id: 1,
      appointment_time: '2030-01-09T02:00:00Z',
      reason: 'Cleaning',
      status: 'Scheduled',
      deleted: false,
      ...row,
    })) as Partial<AppointmentRow>[],
  };
  const calls: LoggedCall[] = [];
  const overrides: Handler[] = [];
  let nextId = 1000;

  const json = (body: unknown, status = 200) => Response.json(body, { status });
  const answer = (rows: unknown[], request: Request) =>
    request.headers.get('Accept')?.includes('vnd.pgrst.object')
      ? rows.length === 1
        ? json(rows[0])
        : json({ code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned' }, 406)
      : json(rows);

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
    const key = `${request.method} ${path}`;
    switch (key) {
      case 'GET clinics':
        return answer([{ timezone: options.timeZone ?? 'Asia/Manila' }], request);
      case 'GET dentists':
        return answer(
          state.dentists.filter((row) => matches(row, query)),
          request,
        );
      case 'POST dentists': {
        const row = createDentist({ ...(call.body as Partial<DentistRow>), id: nextId++ });
        state.dentists.push(row);
        return answer([row], request);
      }
      case 'PATCH dentists': {
        const changed = state.dentists.filter((row) => matches(row, query));
        for (const row of changed) Object.assign(row, call.body);
        return answer(changed, request);
      }
      case 'GET dentist_availability':
        return answer(
          state.availability.filter((row) => matches(row, query)),
          request,
        );
      case 'DELETE dentist_availability': {
        state.availability = state.availability.filter((row) => !matches(row, query));
        return new Response(null, { status: 204 });
      }
      case 'GET appointments':
        return answer(
          state.appointments.filter((row) => matches(row, query)),
          request,
        );
      case 'POST rpc/save_availability_day': {
        const { p_dentist_id, p_date, p_blocks } = call.body as {
          p_dentist_id: number;
          p_date: string;
          p_blocks: { start_time: string; end_time: string }[];
        };
        state.availability = state.availability.filter(
          (row) => !(row.dentist_id === p_dentist_id && row.specific_date === p_date),
        );
        for (const block of p_blocks)
          state.availability.push({
            id: nextId++,
            clinic_id: 1,
            dentist_id: p_dentist_id,
            specific_date: p_date,
            start_time: `${block.start_time}:00`,
            end_time: `${block.end_time}:00`,
            is_available: false,
            created_at: '2030-01-01T00:00:00Z',
          });
        return json(state.availability.filter((row) => row.specific_date === p_date));
      }
      default:
        throw new Error(`fake REST: unhandled ${key}?${url.searchParams}`);
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
    /** Calls of one method and path, e.g. ('POST', 'dentists'). */
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
    /** Answers matching calls first; return undefined to fall through. */
    use(handler: Handler) {
      overrides.unshift(handler);
    },
    eqOf,
  };
}

/** A PostgREST error answer. */
export function restError(status: number, code: string, message = 'error') {
  return Response.json({ code, message, details: null, hint: null }, { status });
}
