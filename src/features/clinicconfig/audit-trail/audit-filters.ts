/**
 * The Audit Trail's filters: what the form holds (strings, as typed), checked and turned into
 * what the query needs. Dates are clinic dates: From's clinic midnight up to the clinic midnight
 * after To, whatever the browser's zone. Pure.
 */
import { addDays, clinicDateOf, clinicDaysRange, isIsoDate, type IsoDate } from '@common/clinic-calendar';
import type { AuditEntity } from '@/lib/database.types';
import { AUDIT_ENTITIES, isAuditEntity } from './audit-display';
import { AUDIT_TEXT } from './messages';

export interface AuditFilterForm {
  /** '' for every record type. */
  entity: string;
  /** An actor's auth user id, or '' for everyone. */
  actor: string;
  /** YYYY-MM-DD clinic dates, or ''. */
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilterForm = { entity: '', actor: '', from: '', to: '' };

export interface AuditQuery {
  entity: AuditEntity | null;
  actorUserId: string | null;
  /** ISO instants: occurred_at >= since and < until. */
  since: string | null;
  until: string | null;
}

export type AuditFilterErrors = Partial<Record<'from' | 'to', string>>;

export type AuditFilterCheck = { ok: true; query: AuditQuery } | { ok: false; errors: AuditFilterErrors };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Years a clinic's log can hold; keeps a typed 0202 or 20266 out of the query. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2999;

function validDate(value: string): value is IsoDate {
  if (!isIsoDate(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

export function checkAuditFilters(form: AuditFilterForm, timeZone: string): AuditFilterCheck {
  const from = form.from.trim();
  const to = form.to.trim();
  const errors: AuditFilterErrors = {};
  if (from !== '' && !validDate(from)) errors.from = AUDIT_TEXT.invalidDate;
  if (to !== '' && !validDate(to)) errors.to = AUDIT_TEXT.invalidDate;
  if (!errors.from && !errors.to && from !== '' && to !== '' && to < from) errors.to = AUDIT_TEXT.toBeforeFrom;
  if (errors.from || errors.to) return { ok: false, errors };

  const first = from === '' ? null : (from as IsoDate);
  const last = to === '' ? null : (to as IsoDate);
  return {
    ok: true,
    query: {
      entity: isAuditEntity(form.entity) ? form.entity : null,
      actorUserId: UUID.test(form.actor) ? form.actor.toLowerCase() : null,
      since: first ? clinicDaysRange(first, first, timeZone).start.toISOString() : null,
      until: last ? clinicDaysRange(last, last, timeZone).end.toISOString() : null,
    },
  };
}

/**
 * 'Record type: Patients; User: Carmela Santos; From: 2026-11-01' for the printed page: From and
 * To are the clinic dates chosen (since is From's clinic midnight, until the one after To).
 */
export function describeQuery(query: AuditQuery, actorName: (userId: string) => string, timeZone: string): string {
  const parts: string[] = [];
  if (query.entity) parts.push(`${AUDIT_TEXT.entity}: ${AUDIT_ENTITIES.find((e) => e.value === query.entity)?.label}`);
  if (query.actorUserId) parts.push(`${AUDIT_TEXT.user}: ${actorName(query.actorUserId)}`);
  if (query.since) parts.push(`${AUDIT_TEXT.from}: ${clinicDateOf(query.since, timeZone)}`);
  if (query.until) parts.push(`${AUDIT_TEXT.to}: ${addDays(clinicDateOf(query.until, timeZone), -1)}`);
  return parts.join('; ');
}
