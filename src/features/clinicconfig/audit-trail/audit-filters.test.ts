import { describe, expect, it } from 'vitest';
import { checkAuditFilters, describeQuery, EMPTY_AUDIT_FILTERS } from './audit-filters';

const MANILA = 'Asia/Manila';
const ACTOR = 'd0000000-0000-4000-8000-000000000002';

describe('checkAuditFilters', () => {
  it('without filters, asks for everything', () => {
    expect(checkAuditFilters(EMPTY_AUDIT_FILTERS, MANILA)).toEqual({
      ok: true,
      query: { entity: null, actorUserId: null, since: null, until: null },
    });
  });

  it('turns clinic dates into [the first day’s clinic midnight, the midnight after the last day)', () => {
    const check = checkAuditFilters({ entity: 'payment', actor: ACTOR, from: '2030-01-07', to: '2030-01-08' }, MANILA);
    expect(check).toEqual({
      ok: true,
      query: {
        entity: 'payment',
        actorUserId: ACTOR,
        since: '2030-01-06T16:00:00.000Z',
        until: '2030-01-08T16:00:00.000Z',
      },
    });
  });

  it('takes one open end and a single day', () => {
    expect(checkAuditFilters({ ...EMPTY_AUDIT_FILTERS, from: '2030-01-07' }, MANILA)).toMatchObject({
      ok: true,
      query: { since: '2030-01-06T16:00:00.000Z', until: null },
    });
    expect(checkAuditFilters({ ...EMPTY_AUDIT_FILTERS, from: '2030-01-07', to: '2030-01-07' }, MANILA)).toMatchObject({
      ok: true,
      query: { since: '2030-01-06T16:00:00.000Z', until: '2030-01-07T16:00:00.000Z' },
    });
  });

  it('in another clinic zone, the same dates are other instants', () => {
    expect(
      checkAuditFilters({ ...EMPTY_AUDIT_FILTERS, from: '2030-07-04', to: '2030-07-04' }, 'America/New_York'),
    ).toMatchObject({
      ok: true,
      query: { since: '2030-07-04T04:00:00.000Z', until: '2030-07-05T04:00:00.000Z' },
    });
  });

  it('refuses dates that are not dates, and an end before the start', () => {
    expect(checkAuditFilters({ ...EMPTY_AUDIT_FILTERS, from: '2030-02-30', to: 'tomorrow' }, MANILA)).toEqual({
      ok: false,
      errors: { from: 'Enter a valid date (YYYY-MM-DD).', to: 'Enter a valid date (YYYY-MM-DD).' },
    });
    expect(checkAuditFilters({ ...EMPTY_AUDIT_FILTERS, from: '0202-01-01' }, MANILA)).toEqual({
      ok: false,
      errors: { from: 'Enter a valid date (YYYY-MM-DD).' },
    });
    expect(checkAuditFilters({ ...EMPTY_AUDIT_FILTERS, from: '2030-01-08', to: '2030-01-07' }, MANILA)).toEqual({
      ok: false,
      errors: { to: 'The end date must be on or after the start date.' },
    });
  });

  it('ignores a record type or user id it does not know', () => {
    expect(checkAuditFilters({ ...EMPTY_AUDIT_FILTERS, entity: 'patients', actor: "x' or 1=1" }, MANILA)).toMatchObject(
      {
        ok: true,
        query: { entity: null, actorUserId: null },
      },
    );
  });
});

describe('describeQuery', () => {
  it('names each applied filter for the printed page, the user by name and the dates as chosen', () => {
    const form = { entity: 'patient', actor: ACTOR, from: '2026-11-01', to: '2026-11-30' };
    const checked = checkAuditFilters(form, MANILA);
    if (!checked.ok) throw new Error('the filters should pass');
    expect(describeQuery(checked.query, (userId) => (userId === ACTOR ? 'Carmela Santos' : userId), MANILA)).toBe(
      'Record type: Patients; User: Carmela Santos; From: 2026-11-01; To: 2026-11-30',
    );
  });

  it('is empty without filters', () => {
    expect(describeQuery({ entity: null, actorUserId: null, since: null, until: null }, String, MANILA)).toBe('');
  });
});
