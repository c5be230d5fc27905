/**
 * A small stand-in for what the Appointments list calls, installed as `fetch` for component
 * tests: the REST API (PostgREST shapes: filters eq/neq/gte/lt, order, limit/offset, exact
 * counts in Content-Range, the patient embed, `.single()` objects) and the notification
 * service's POST /status-notifications/{id}. Unknown requests fail the test, as MSW's
 * `onUnhandledRequest: 'error'` would. Every call is logged for assertions.
 */
import { vi } from 'vitest';
import type { AppointmentRow, DentistRow, PatientRow } from '@/lib/database.types';

export const STACK_URL = 'http://stack.test';

export interface LoggedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: LoggedCall) => Response | Promise<Response> | undefined;

export interface FakeAppointmentsOptions {
  dentists?: Partial<DentistRow>[];
  patients?: Partial<PatientRow>[];
  appointments?: Partial<AppointmentRow>[];
  timeZone?: string;
}

function compare(actual: unknown, op: string, value: string): boolean {
  const text = actual === null || actual === undefined ? 'null' : String(actual);
  const isTime = /^\d{4}-\d{2}-\d{2}T/.test(text) && /^\d{4}-\d{2}-\d{2}T/.test(value);
  const left = isTime ? new Date(text).getTime() : text;
  const right = isTime ? new Date(value).getTime() : value;
  switch (op) {
    case 'eq':
      return left === right;
    case 'neq':
      return left !== right;
    case 'gte':
      return left >= right;
    case 'lt':
      return left < right;
    default:
      throw new Error(`fake REST: unsupported filter ${op}`);
  }
}

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns']);

function matches(row: Record<string, unknown>, query: URLSearchParams): boolean {
  for (const [column, filter] of query) {
    if (RESERVED.has(column)) continue;
    const [op, ...rest] = filter.split('.');
    if (!compare(row[column], op!, rest.join('.'))) return false;
  }
  return true;
}

function ordered<R extends Record<string, unknown>>(rows: R[], order: string | null): R[] {
  if (!order) return rows;
  const keys = order.split(',').map((part) => {
    const [column, direction] = part.split('.');
    return { column: column!, sign: direction === 'desc' ? -1 : 1 };
  });
  const value = (row: R, column: string) => {
    const raw = row[column];
    return typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(raw) ? new Date(raw).getTime() : (raw as number);
  };
  return [...rows].sort((a, b) => {
    for (const { column, sign } of keys) {
      const x = value(a, column);
      const y = value(b, column);
      if (x < y) return -sign;
      if (x > y) return sign;
    }
    return 0;
  });
}

export function createAppointment(overrides: Partial<AppointmentRow> = {}): AppointmentRow {
  return {
    id: 1,
    clinic_id: 1,
    patient_id: 1,
    dentist_id: 1,
    appointment_time: '2030-01-09T10:00:00+08:00',
    reason: 'Dental Consultation',
    status: 'Scheduled',
    deleted: false,
    booking_origin: null,
    guardian_messenger_id: null,
    reminder_enabled: true,
    reminder_days: [1],
    reminder_message: null,
    reminder_recipient_type: 'patient',
    created_at: '2029-12-01T00:00:00Z',
    updated_at: '2029-12-01T00:00:00Z',
    ...overrides,
  };
}

export function installFakeAppointmentsApi(options: FakeAppointmentsOptions = {}) {
  const state = {
    dentists: (options.dentists ?? []).map((row, index): DentistRow => ({
      id: index + 1,
      clinic_id: 1,
      name: `Dr. Dentist ${index + 1}`,
      email: `dentist${index + 1}@example.test`,
      phone: '0917 000 0000',
      is_active: true,
      deleted: false,
      created_at: '2029-01-01T00:00:00Z',
      ...row,
    })),
    patients: (options.patients ?? []).map(
      (row, index): PatientRow =>
        ({
          id: index + 1,
          clinic_id: 1,
          name: `Patient ${index + 1}`,
          phone: '0918 000 0000',
          messenger_id: null,
          deleted: false,
          created_at: '2029-01-01T00:00:00Z',
          ...row,
        }) as PatientRow,
    ),
    appointments: (options.appointments ?? []).map((row, index) => createAppointment({ id: 100 + index, ...row })),
  };
  const calls: LoggedCall[] = [];
  const overrides: Handler[] = [];
  /** What POST /status-notifications answers: 200 {ok:true} unless set. */
  const service = { status: 200, body: { ok: true } as unknown };

  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    Response.json(body, { status, headers });
  const answer = (rows: unknown[], request: Request, total?: number) => {
    if (request.headers.get('Accept')?.includes('vnd.pgrst.object'))
      return rows.length === 1
        ? json(rows[0])
        : json({ code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned' }, 406);
    const headers: Record<string, string> = {};
    if (request.headers.get('Prefer')?.includes('count=exact'))
      headers['Content-Range'] = `${rows.length === 0 ? '*' : `0-${rows.length - 1}`}/${total ?? rows.length}`;
    return json(rows, 200, headers);
  };

  const withPatient = (row: AppointmentRow) => {
    const patient = state.patients.find((candidate) => candidate.id === row.patient_id);
    return { ...row, patient: patient ? { name: patient.name, messenger_id: patient.messenger_id } : null };
  };

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const isRest = url.pathname.startsWith('/rest/v1/');
    const path = isRest ? url.pathname.replace('/rest/v1/', '') : url.pathname;
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
    if (!isRest) {
      if (request.method === 'POST' && /^\/status-notifications\/\d+$/.test(path))
        return json(service.body, service.status);
      throw new Error(`fake service: unhandled ${request.method} ${path}`);
    }
    switch (`${request.method} ${path}`) {
      case 'GET clinics':
        return answer([{ timezone: options.timeZone ?? 'Asia/Manila' }], request);
      case 'GET dentists':
        return answer(
          state.dentists.filter((row) => matches(row, query)),
          request,
        );
      case 'GET appointments': {
        const all = ordered(
          state.appointments.filter((row) => matches(row, query)),
          query.get('order'),
        );
        const offset = Number(query.get('offset') ?? 0);
        const limit = query.get('limit') === null ? all.length : Number(query.get('limit'));
        const page = all.slice(offset, offset + limit);
        const embed = query.get('select')?.includes('patient:patients') ?? false;
        return answer(
          page.map((row) => (embed ? withPatient(row) : row)),
          request,
          all.length,
        );
      }
      case 'PATCH appointments': {
        const changed = state.appointments.filter((row) => matches(row, query));
        for (const row of changed) Object.assign(row, call.body);
        return answer(changed, request);
      }
      default:
        throw new Error(`fake REST: unhandled ${request.method} ${path}?${query}`);
    }
  }

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(`${STACK_URL}/`)) throw new Error(`fake API: unexpected ${request.url}`);
    return handle(request);
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    state,
    calls,
    service,
    /** Calls of one method and path, e.g. ('PATCH', 'appointments') or ('POST', '/status-notifications/100'). */
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
    /** Answers matching calls first; return undefined to fall through. */
    use(handler: Handler) {
      overrides.unshift(handler);
    },
  };
}

/** A PostgREST error answer. */
export function restError(status: number, code: string, message = 'error') {
  return Response.json({ code, message, details: null, hint: null }, { status });
}
