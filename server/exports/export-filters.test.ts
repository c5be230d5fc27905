import { describe, expect, it } from 'vitest';
import { parseExportQuery } from './export-filters';

describe('an export query string', () => {
  it('when it is whole, then the clinic and filters come back, defaults filled in', () => {
    expect(parseExportQuery('patients', { clinicId: '7' })).toEqual({
      ok: true,
      value: { clinicId: 7, filters: { q: '' } },
    });
    expect(parseExportQuery('invoices', { clinicId: '7', q: 'Peña', status: 'Void' })).toEqual({
      ok: true,
      value: { clinicId: 7, filters: { q: 'Peña', status: 'Void' } },
    });
    expect(parseExportQuery('invoices', { clinicId: '7' })).toMatchObject({ value: { filters: { status: 'All' } } });
    expect(
      parseExportQuery('appointments', {
        clinicId: '7',
        from: '2026-10-31T16:00:00.000Z',
        to: '2026-11-30T16:00+00:00',
        dentistId: '',
      }),
    ).toEqual({
      ok: true,
      value: {
        clinicId: 7,
        filters: { from: '2026-10-31T16:00:00.000Z', to: '2026-11-30T16:00:00.000Z', dentistId: null },
      },
    });
  });

  it('when the period is a clinic year where clocks change, then it is accepted (366 days and an hour)', () => {
    // New York's 2028: a leap year, and one of its days 25 hours long.
    expect(
      parseExportQuery('appointments', { clinicId: '1', from: '2028-01-01T05:00:00Z', to: '2029-01-01T05:00:00Z' }).ok,
    ).toBe(true);
    expect(
      parseExportQuery('appointments', { clinicId: '1', from: '2028-01-01T05:00:00Z', to: '2029-01-01T06:00:01Z' }),
    ).toEqual({ ok: false, error: 'The period may be at most 366 days long.' });
  });

  it('when a name is unknown, then it is named, cut short, at most three', () => {
    const result = parseExportQuery('payments', { clinicId: '1', a: 'x', ['b'.repeat(60)]: 'y', c: '', d: '' });
    expect(result).toEqual({
      ok: false,
      error: `Unknown filter 'a', '${'b'.repeat(40)}…', 'c'; this export takes clinicId, q.`,
    });
  });

  it('when a value is not a string (repeated, or bracketed), then it must be given once', () => {
    expect(parseExportQuery('patients', { clinicId: ['1', '2'] })).toEqual({
      ok: false,
      error: 'clinicId must be given once.',
    });
    expect(parseExportQuery('patients', { clinicId: '1', q: { a: '1' } })).toEqual({
      ok: false,
      error: 'q must be given once.',
    });
  });

  it('when a time is not a real instant with a zone, then it is refused', () => {
    for (const from of ['2026-11-26T00:00:00', '2026-13-01T00:00:00Z', '2026-02-29T00:00:00Z', 'yesterday', '']) {
      expect(parseExportQuery('appointments', { clinicId: '1', from, to: '2026-12-01T00:00:00Z' }).ok).toBe(false);
    }
  });

  it('when it is the Audit Trail, then a kind of record, a person and a period are taken, anything else refused', () => {
    const actor = 'D0000000-0000-4000-8000-000000000002';
    expect(
      parseExportQuery('audit', { clinicId: '1', entity: 'sign_in', actor, since: '2030-01-06T16:00:00Z', until: '' }),
    ).toEqual({
      ok: true,
      value: {
        clinicId: 1,
        filters: { entity: 'sign_in', actor: actor.toLowerCase(), since: '2030-01-06T16:00:00.000Z', until: null },
      },
    });
    expect(parseExportQuery('audit', { clinicId: '1' })).toEqual({
      ok: true,
      value: { clinicId: 1, filters: { entity: null, actor: null, since: null, until: null } },
    });
    expect(parseExportQuery('audit', { clinicId: '1', entity: 'clinic_secrets' }).ok).toBe(false);
    expect(parseExportQuery('audit', { clinicId: '1', actor: "x' or 1=1" }).ok).toBe(false);
    expect(
      parseExportQuery('audit', { clinicId: '1', since: '2030-01-07T00:00:00Z', until: '2030-01-06T00:00:00Z' }).ok,
    ).toBe(false);
  });
});
