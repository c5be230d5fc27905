import { db, pgError } from '@/testing/mocks';

const key = (name: unknown) => String(name).trim().toLowerCase();

/**
 * The procedures rules of the database the tab meets, as `db` row checks
 * (supabase/migrations/20261125000100_procedures_clinic_config.sql): category names unique per
 * clinic and procedure names unique per category, ignoring case and surrounding spaces (23505 on
 * the unique indexes), and prices of at least 0 with at most two decimals (23514).
 */
export function enforceProcedureRules() {
  db.table('procedure_categories').check((row, { others }) => {
    if (others.some((other) => other.clinic_id === row.clinic_id && key(other.name) === key(row.name)))
      return pgError(
        '23505',
        'duplicate key value violates unique constraint "procedure_categories_clinic_name_ci_key"',
      );
    return undefined;
  });
  db.table('procedures').check((row, { others }) => {
    if (!/^\d+(\.\d{1,2})?$/.test(String(row.price)))
      return pgError('23514', 'new row for relation "procedures" violates check constraint "procedures_price_check"');
    if (others.some((other) => other.category_id === row.category_id && key(other.name) === key(row.name)))
      return pgError('23505', 'duplicate key value violates unique constraint "procedures_category_name_ci_key"');
    return undefined;
  });
}

/** Stored prices as the browser sends them: decimal text in the numeric column. */
export const storedPrice = (text: string) => text as unknown as number;
