/**
 * A stand-in for the few PostgREST endpoints the Patients screen calls, for component tests:
 * stub `fetch` with `api.fetch` and every request is answered from memory the way PostgREST
 * answers it (object vs array bodies, Content-Range counts, error bodies). Anything else fails
 * the test (like MSW's onUnhandledRequest: 'error').
 */
import type { PatientListItem } from '../api/patient-columns';

export interface FakePatient extends PatientListItem {
  clinic_id: number;
  deleted: boolean;
}

export interface FakeAppointment {
  id: number;
  clinic_id: number;
  patient_id: number;
  appointment_time: string;
  reason: string | null;
  status: string;
  deleted: boolean;
  dentist_name: string | null;
}

export interface RecordedCall {
  method: string;
  /** e.g. 'patients', 'rpc/delete_patient' */
  path: string;
  params: URLSearchParams;
  body: unknown;
}

type Failure = { status: number; body: unknown } | 'network';

let nextId = 1000;

/** A patient of clinic 1 (factory; override what matters to the test). */
export function createPatient(overrides: Partial<FakePatient> = {}): FakePatient {
  const id = overrides.id ?? nextId++;
  return {
    id,
    clinic_id: 1,
    name: `Patient ${id}`,
    phone: `0917 555 ${String(id).padStart(4, '0')}`,
    messenger_id: null,
    deleted: false,
    ...overrides,
  };
}

export function createAppointment(overrides: Partial<FakeAppointment> & { patient_id: number }): FakeAppointment {
  return {
    id: nextId++,
    clinic_id: 1,
    appointment_time: '2030-01-07T01:00:00+00:00',
    reason: 'Oral Prophylaxis (Cleaning)',
    status: 'Scheduled',
    deleted: false,
    dentist_name: 'Dr. Andrea Villanueva',
    ...overrides,
  };
}

const eq = (params: URLSearchParams, column: string) => {
  const value = params.get(column);
  return value?.startsWith('eq.') ? value.slice(3) : undefined;
};

export function createFakePatientsApi(seed: { patients?: FakePatient[]; appointments?: FakeAppointment[] } = {}) {
  const patients: FakePatient[] = [...(seed.patients ?? [])];
  const appointments: FakeAppointment[] = [...(seed.appointments ?? [])];
  const calls: RecordedCall[] = [];
  const failures = new Map<string, Failure[]>();
  const holds = new Map<string, Promise<void>[]>();
  let timeZone = 'Asia/Manila';

  const json = (body: unknown, init: ResponseInit = {}) =>
    new Response(JSON.stringify(body), {
      ...init,
      headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
    });
  const listed = (clinicId: string | undefined) =>
    patients
      .filter((patient) => String(patient.clinic_id) === clinicId && !patient.deleted)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
  const listItem = ({ id, name, phone, messenger_id }: FakePatient): PatientListItem => ({
    id,
    name,
    phone,
    messenger_id,
  });

  async function answer(method: string, path: string, params: URLSearchParams, headers: Headers, body: unknown) {
    const wantsObject = headers.get('accept') === 'application/vnd.pgrst.object+json';
    const clinicId = eq(params, 'clinic_id');

    if (method === 'GET' && path === 'patients') {
      const rows = listed(clinicId).map(listItem);
      const offset = Number(params.get('offset') ?? 0);
      const limit = Number(params.get('limit') ?? rows.length);
      const page = rows.slice(offset, offset + limit);
      const range = `${offset}-${offset + page.length - 1}/${rows.length}`;
      return json(page, { headers: { 'content-range': range } });
    }
    if (method === 'POST' && path === 'patients') {
      const input = body as { name: string; phone: string; clinic_id: number };
      const row = createPatient({ name: input.name, phone: input.phone, clinic_id: input.clinic_id });
      patients.push(row);
      return json(wantsObject ? listItem(row) : [listItem(row)], { status: 201 });
    }
    if (method === 'PATCH' && path === 'patients') {
      const id = Number(eq(params, 'id'));
      const row = patients.find(
        (patient) => patient.id === id && String(patient.clinic_id) === clinicId && !patient.deleted,
      );
      if (!row) return json([]);
      Object.assign(row, body);
      return json([listItem(row)]);
    }
    if (method === 'POST' && path === 'rpc/delete_patient') {
      const id = (body as { p_patient_id: number }).p_patient_id;
      const row = patients.find((patient) => patient.id === id && !patient.deleted);
      if (!row)
        return json(
          { code: 'P0002', message: `Patient ${id} not found; it may have been deleted.`, details: null, hint: null },
          { status: 500 },
        );
      row.deleted = true;
      let removed = 0;
      for (const appointment of appointments)
        if (appointment.patient_id === id && !appointment.deleted) {
          appointment.deleted = true;
          removed++;
        }
      return json({ deleted_appointments: removed });
    }
    if ((method === 'HEAD' || method === 'GET') && path === 'appointments') {
      const patientId = Number(eq(params, 'patient_id'));
      const rows = appointments
        .filter((a) => a.patient_id === patientId && String(a.clinic_id) === clinicId && !a.deleted)
        .sort((a, b) => Date.parse(b.appointment_time) - Date.parse(a.appointment_time));
      if (method === 'HEAD')
        return new Response(null, { status: 200, headers: { 'content-range': `*/${rows.length}` } });
      return json(
        rows.map((a) => ({
          id: a.id,
          appointment_time: a.appointment_time,
          reason: a.reason,
          status: a.status,
          dentists: a.dentist_name === null ? null : { name: a.dentist_name },
        })),
      );
    }
    if (method === 'GET' && path === 'clinics') {
      return json(wantsObject ? { timezone: timeZone } : [{ timezone: timeZone }]);
    }
    throw new Error(`fake patients API: unhandled ${method} /rest/v1/${path}?${params}`);
  }

  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const prefix = '/rest/v1/';
    if (!url.pathname.startsWith(prefix)) throw new Error(`fake patients API: unhandled ${url.href}`);
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.slice(prefix.length);
    const body = typeof init.body === 'string' && init.body !== '' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, params: url.searchParams, body });
    const key = `${method} ${path}`;
    const hold = holds.get(key)?.shift();
    if (hold) await hold;
    const failure = failures.get(key)?.shift();
    if (failure === 'network') throw new TypeError('Failed to fetch');
    if (failure) return json(failure.body, { status: failure.status });
    return answer(method, path, url.searchParams, new Headers(init.headers), body);
  };

  return {
    patients,
    appointments,
    calls,
    fetch: fetchImpl,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
    /** The next request `METHOD path` fails with this answer (or no answer at all). */
    failNext(key: string, failure: Failure = { status: 500, body: { code: 'XX000', message: 'boom' } }) {
      failures.set(key, [...(failures.get(key) ?? []), failure]);
    },
    /** The next request `METHOD path` waits until the returned function is called. */
    holdNext(key: string): () => void {
      let release!: () => void;
      holds.set(key, [...(holds.get(key) ?? []), new Promise<void>((resolve) => (release = resolve))]);
      return () => release();
    },
    setTimeZone(zone: string) {
      timeZone = zone;
    },
  };
}

export type FakePatientsApi = ReturnType<typeof createFakePatientsApi>;
