import { RestError } from './errors.ts';
import type { Relation } from './schema-cache.ts';

/**
 * PostgreSQL 16 and later read non-decimal numbers ('0x10', '0o20', '0b1') and digits grouped with
 * underscores ('1_000') as numeric input; PostgreSQL 15, hosted Supabase's long-time version,
 * refuses them (22P02). Once parsed, no check in the database can tell '0x10' from 16, so the
 * gateway answers as PostgreSQL 15 does for every column of a numeric type (money included):
 * the SPA never sends such text, and an API client sending it meant something else.
 */
const NON_DECIMAL = /^\s*[+-]?0[xob]|\d_+\d/i;

export function refuseNonDecimalNumerics(relation: Relation, rows: readonly object[]): void {
  for (const row of rows) {
    for (const [name, value] of Object.entries(row)) {
      if (typeof value !== 'string' || !relation.columns.get(name)?.numeric) continue;
      if (NON_DECIMAL.test(value)) {
        throw new RestError(400, '22P02', `invalid input syntax for type numeric: "${value}"`);
      }
    }
  }
}
