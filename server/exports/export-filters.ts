/**
 * Reads an export's query string (GET /api/exports/<kind>.csv?clinicId=…&<filters>) into the
 * clinic and the filters of @common/csv/exports, or says in one sentence what is wrong with it.
 * Pure: the route answers a problem with 400 `{error}`.
 */
import { isIsoDate } from '@common/clinic-calendar';
import {
  EXPORT_MAX_PERIOD_DAYS,
  EXPORT_SEARCH_MAX_LENGTH,
  INVOICE_STATUS_FILTERS,
  AUDIT_RECORD_KINDS,
  isAuditRecordKind,
  type ExportFilters,
  type ExportKind,
  type InvoiceStatusFilter,
} from '@common/csv/exports';

export type ParsedExport<K extends ExportKind = ExportKind> = { clinicId: number; filters: ExportFilters[K] };
export type ExportQueryResult<K extends ExportKind> =
  { ok: true; value: ParsedExport<K> } | { ok: false; error: string };

const PARAMETERS: Record<ExportKind, readonly string[]> = {
  patients: ['clinicId', 'q'],
  appointments: ['clinicId', 'from', 'to', 'dentistId'],
  invoices: ['clinicId', 'q', 'status'],
  payments: ['clinicId', 'q'],
  audit: ['clinicId', 'entity', 'actor', 'since', 'until'],
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An instant with a date, a time and a zone: '2026-11-26T00:00:00.000Z', '2026-11-26T00:00+08:00'. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const HOUR_MS = 3_600_000;
/** A year of the clinic's days may be an hour longer than 366 × 24 hours where clocks change. */
const MAX_PERIOD_MS = EXPORT_MAX_PERIOD_DAYS * 24 * HOUR_MS + HOUR_MS;

class QueryProblem extends Error {}

function text(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new QueryProblem(`${name} must be given once.`);
  return value;
}

function positiveId(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const id = Number(value);
  if (!/^\d{1,15}$/.test(value) || !Number.isSafeInteger(id) || id < 1)
    throw new QueryProblem(`${name} must be a positive whole number.`);
  return id;
}

function search(query: Record<string, unknown>): string {
  const value = text(query, 'q') ?? '';
  if (value.length > EXPORT_SEARCH_MAX_LENGTH)
    throw new QueryProblem(`The search (q) may be at most ${EXPORT_SEARCH_MAX_LENGTH} characters.`);
  return value;
}

function instant(query: Record<string, unknown>, name: 'from' | 'to'): Date {
  const value = text(query, name);
  if (value === undefined || value === '')
    throw new QueryProblem(`${name} is required: the start (from) and end (to) of the period, as ISO timestamps.`);
  const date = new Date(value);
  if (!ISO_INSTANT.test(value) || !isIsoDate(value.slice(0, 10)) || Number.isNaN(date.getTime()))
    throw new QueryProblem(`${name} must be an ISO timestamp with a time zone, like 2026-11-26T00:00:00+08:00.`);
  return date;
}

/** An optional instant: absent or '' is none. */
function optionalInstant(query: Record<string, unknown>, name: 'since' | 'until'): string | null {
  const value = text(query, name);
  if (value === undefined || value === '') return null;
  const date = new Date(value);
  if (!ISO_INSTANT.test(value) || !isIsoDate(value.slice(0, 10)) || Number.isNaN(date.getTime()))
    throw new QueryProblem(`${name} must be an ISO timestamp with a time zone, like 2026-11-26T00:00:00+08:00.`);
  return date.toISOString();
}

function filtersOf(kind: ExportKind, query: Record<string, unknown>): ExportFilters[ExportKind] {
  switch (kind) {
    case 'audit': {
      const entity = text(query, 'entity') ?? '';
      if (entity !== '' && !isAuditRecordKind(entity))
        throw new QueryProblem(`entity must be one of ${AUDIT_RECORD_KINDS.join(', ')}.`);
      const actor = text(query, 'actor') ?? '';
      if (actor !== '' && !UUID.test(actor)) throw new QueryProblem('actor must be a user id (a UUID).');
      const since = optionalInstant(query, 'since');
      const until = optionalInstant(query, 'until');
      if (since && until && until <= since)
        throw new QueryProblem('The period must end (until) after it starts (since).');
      return { entity: entity === '' ? null : entity, actor: actor === '' ? null : actor.toLowerCase(), since, until };
    }
    case 'patients':
    case 'payments':
      return { q: search(query) };
    case 'invoices': {
      const status = text(query, 'status') ?? 'All';
      if (!(INVOICE_STATUS_FILTERS as readonly string[]).includes(status))
        throw new QueryProblem(`status must be one of ${INVOICE_STATUS_FILTERS.join(', ')}.`);
      return { q: search(query), status: status as InvoiceStatusFilter };
    }
    case 'appointments': {
      const from = instant(query, 'from');
      const to = instant(query, 'to');
      if (to.getTime() <= from.getTime()) throw new QueryProblem('The period must end (to) after it starts (from).');
      if (to.getTime() - from.getTime() > MAX_PERIOD_MS)
        throw new QueryProblem(`The period may be at most ${EXPORT_MAX_PERIOD_DAYS} days long.`);
      const dentistText = text(query, 'dentistId');
      const dentistId = dentistText === undefined || dentistText === '' ? null : positiveId(dentistText, 'dentistId')!;
      return { from: from.toISOString(), to: to.toISOString(), dentistId };
    }
  }
}

/** The clinic and filters of an export request, or the first problem with its query string. */
export function parseExportQuery<K extends ExportKind>(kind: K, query: Record<string, unknown>): ExportQueryResult<K> {
  try {
    const unknown = Object.keys(query).filter((name) => !PARAMETERS[kind].includes(name));
    if (unknown.length > 0)
      return {
        ok: false,
        error: `Unknown filter ${unknown
          .slice(0, 3)
          .map((name) => `'${name.length > 40 ? `${name.slice(0, 40)}…` : name}'`)
          .join(', ')}; this export takes ${PARAMETERS[kind].join(', ')}.`,
      };
    const clinicId = positiveId(text(query, 'clinicId'), 'clinicId');
    if (clinicId === undefined) throw new QueryProblem('clinicId is required.');
    return { ok: true, value: { clinicId, filters: filtersOf(kind, query) as ExportFilters[K] } };
  } catch (error) {
    if (error instanceof QueryProblem) return { ok: false, error: error.message };
    throw error;
  }
}
