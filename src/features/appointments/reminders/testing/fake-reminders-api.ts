/**
 * A stand-in for what the Reminder modal calls, installed as `fetch` for component tests: the
 * REST API (PostgREST shapes: arrays, an embedded patient) and the notification service's
 * `POST /appointments/{id}/send-reminder`, which logs a row the way the service does. Unknown
 * requests fail the test, as MSW's `onUnhandledRequest: 'error'` would; every call is logged.
 */
import { vi } from 'vitest';
import { initServiceClient } from '@/lib/service-client';
import { initSupabase } from '@/lib/supabase';
import type { ReminderAppointment } from '../api/get-appointment';
import type { ReminderLogEntry } from '../log';

export const STACK_URL = 'http://stack.test';
export const SERVICE_URL = 'http://service.test';

export interface LoggedCall {
  method: string;
  url: URL;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: LoggedCall) => Response | undefined | Promise<Response | undefined>;

interface StoredAppointment extends ReminderAppointment {
  clinic_id: number;
  deleted: boolean;
}

export function createReminderAppointment(overrides: Partial<StoredAppointment> = {}): StoredAppointment {
  return {
    id: 501,
    clinic_id: 1,
    deleted: false,
    appointment_time: '2026-11-23T09:00:00+08:00',
    guardian_messenger_id: null,
    reminder_enabled: true,
    reminder_days: [1],
    reminder_message: null,
    reminder_recipient_type: 'patient',
    patients: { name: 'Maria Santos', messenger_id: '24680135792468' },
    ...overrides,
  };
}

export function createLogEntry(overrides: Partial<ReminderLogEntry & { appointment_id: number }> = {}) {
  return {
    id: 1,
    appointment_id: 501,
    clinic_id: 1,
    sent_on: '2026-11-19T01:00:00Z',
    days_ahead: 1,
    messenger_id: '24680135792468',
    is_manual: false,
    outcome: 'sent',
    error: null,
    ...overrides,
  };
}

/** The app's clients pointed at the fakes; what sweetalert2 needs in jsdom. */
export function prepareReminderDom() {
  initSupabase({ supabaseUrl: STACK_URL, anonKey: 'anon', apiUrl: SERVICE_URL });
  initServiceClient({ apiUrl: SERVICE_URL });
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal('scrollTo', () => undefined);
}

const eqOf = (query: URLSearchParams, column: string) => {
  const value = query.get(column);
  return value?.startsWith('eq.') ? value.slice(3) : undefined;
};

function matches(row: object, query: URLSearchParams): boolean {
  const values = row as Record<string, unknown>;
  for (const [column, filter] of query) {
    if (column === 'select' || column === 'order') continue;
    const [op, ...rest] = filter.split('.');
    if (op === 'eq' && String(values[column]) !== rest.join('.')) return false;
  }
  return true;
}

export function installFakeReminderApi(
  options: { appointments?: Partial<StoredAppointment>[]; log?: ReturnType<typeof createLogEntry>[] } = {},
) {
  const state = {
    appointments: (options.appointments ?? [{}]).map((row) => createReminderAppointment(row)),
    log: [...(options.log ?? [])],
  };
  const calls: LoggedCall[] = [];
  const overrides: Handler[] = [];
  let nextLogId = 1000;
  /** The service's clock for the rows it logs. */
  let serviceNow = '2026-11-20T15:30:00Z';

  const json = (body: unknown, status = 200) => Response.json(body, { status });

  function sortedLog(query: URLSearchParams) {
    return state.log
      .filter((row) => matches(row, query))
      .sort((a, b) => b.sent_on.localeCompare(a.sent_on) || b.id - a.id);
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const path = url.origin === STACK_URL ? url.pathname.replace('/rest/v1/', '') : url.pathname;
    const call: LoggedCall = {
      method: request.method,
      url,
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
    if (url.origin === STACK_URL) {
      switch (`${request.method} ${path}`) {
        case 'GET appointments':
          return json(state.appointments.filter((row) => matches(row, query)));
        case 'PATCH appointments': {
          const changed = state.appointments.filter((row) => matches(row, query));
          for (const row of changed) Object.assign(row, call.body);
          return json(changed);
        }
        case 'GET appointment_reminders':
          return json(sortedLog(query));
      }
    }
    const send = /^\/appointments\/(\d+)\/send-reminder$/.exec(path);
    if (url.origin === SERVICE_URL && request.method === 'POST' && send) {
      const appointment = state.appointments.find((row) => row.id === Number(send[1]));
      if (!appointment) return json({ error: 'Appointment not found' }, 404);
      const body = call.body as { days_ahead: number; recipient_override?: string };
      state.log.push(
        createLogEntry({
          id: nextLogId++,
          appointment_id: appointment.id,
          sent_on: serviceNow,
          days_ahead: body.days_ahead,
          messenger_id: body.recipient_override ?? appointment.patients?.messenger_id ?? null,
          is_manual: true,
        }),
      );
      return json({ ok: true });
    }
    throw new Error(`fake API: unhandled ${request.method} ${url}`);
  }

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // jsdom's AbortSignal is not the one Node's Request accepts; the fake never times out anyway.
    const { signal: _signal, ...rest } = init ?? {};
    return handle(new Request(input, rest));
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    state,
    calls,
    /** Calls of one method and path, e.g. ('PATCH', 'appointments'). */
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
    /** Answers matching calls first; return undefined to fall through. */
    use(handler: Handler) {
      overrides.unshift(handler);
    },
    setServiceNow(instant: string) {
      serviceNow = instant;
    },
    eqOf,
  };
}

/** A PostgREST error answer. */
export function restError(status: number, code: string, message = 'error') {
  return Response.json({ code, message, details: null, hint: null }, { status });
}

/** Holds matching requests until released, to see 'Saving...' and 'Sending...'. */
export function holdUntilReleased() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { released, release };
}
