import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { refuseNonDecimalNumerics } from './numeric-input.ts';
import type { Relation } from './schema-cache.ts';

const procedures: Relation = {
  name: 'procedures',
  kind: 'table',
  columns: new Map([
    ['price', { name: 'price', type: 'pesos', nullable: false, numeric: true }],
    ['name', { name: 'name', type: 'text', nullable: false, numeric: false }],
  ]),
  columnOrder: ['price', 'name'],
  primaryKey: [],
};

function refusal(row: object): RestError | undefined {
  try {
    refuseNonDecimalNumerics(procedures, [row]);
    return undefined;
  } catch (error) {
    return error as RestError;
  }
}

describe('refuseNonDecimalNumerics', () => {
  it.each(['0x10', '0X1f', ' -0x10', '0o20', '0b10000', '+0b1', '1_000', '1_000.50', '0.0_1'])(
    'answers %j for a numeric column as PostgreSQL 15 does: 400 22P02',
    (price) => {
      const error = refusal({ price });
      expect(error).toBeInstanceOf(RestError);
      expect(error).toMatchObject({
        status: 400,
        body: { code: '22P02', message: `invalid input syntax for type numeric: "${price}"` },
      });
    },
  );

  it.each(['1500.50', '-1', '0.01', '.5', '010', '1e3', 'NaN', 'Infinity', ' 12 '])(
    'leaves %j to the database (its checks refuse what is not money)',
    (price) => {
      expect(refusal({ price })).toBeUndefined();
    },
  );

  it('leaves JSON numbers and other columns alone, and checks every row of a bulk insert', () => {
    expect(refusal({ price: 12.5, name: '0x10' })).toBeUndefined();
    expect(() => refuseNonDecimalNumerics(procedures, [{ price: '10' }, { price: '1_0' }])).toThrow(RestError);
  });
});
