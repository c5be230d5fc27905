import { describe, expect, it } from 'vitest';
import { httpStatusOfSqlState } from './http-status';

describe("PostgREST's SQLSTATE → HTTP table", () => {
  it('answers what hosted PostgREST answers for the codes the app meets', () => {
    const cases: [string, number][] = [
      ['23505', 409],
      ['23503', 409],
      // An exclusion (the booking rules) is not in the table: a client error, 400.
      ['23P01', 400],
      ['23514', 400],
      ['22023', 400],
      ['P0001', 400],
      ['P0002', 500],
      ['PT404', 404],
      ['PT409', 409],
      ['PTABC', 500],
      ['25006', 405],
      ['25P02', 500],
      ['40001', 500],
      ['40P01', 500],
      ['42P01', 404],
      ['42883', 404],
      ['42P17', 500],
      ['08006', 503],
      ['53100', 503],
      ['53400', 500],
      ['54001', 500],
      ['55P03', 500],
      ['57014', 500],
      ['57P01', 500],
      ['28000', 403],
      ['XX000', 500],
    ];
    expect(cases.map(([code]) => [code, httpStatusOfSqlState(code, true)])).toEqual(cases);
  });

  it('tells the signed-out caller 401 and the signed-in one 403 for a missing privilege', () => {
    expect(httpStatusOfSqlState('42501', false)).toBe(401);
    expect(httpStatusOfSqlState('42501', true)).toBe(403);
  });

  it('answers 400 for pg-safeupdate’s refusal and 500 for any other cardinality violation', () => {
    expect(httpStatusOfSqlState('21000', true, 'DELETE requires a WHERE clause')).toBe(400);
    expect(httpStatusOfSqlState('21000', true, 'more than one row returned by a subquery')).toBe(500);
  });
});
