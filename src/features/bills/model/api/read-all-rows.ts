import { throwOnError, type PostgrestAnswer } from '@/lib/request-error';

/** Rows asked for in the first request; a server with a row cap (hosted Supabase: 1,000) answers fewer. */
export const FIRST_REQUEST_ROWS = 100_000;

type PageAnswer<Row> = PostgrestAnswer & { data: Row[] | null; count?: number | null };

/** One page of a list read: rows `from` to `to` of the query's order, with the count when asked. */
export type ListPage<Row> = (from: number, to: number, withCount: boolean) => PromiseLike<PageAnswer<Row>>;

/** The first rows of a list read, and how many rows the whole list has. */
export interface FirstRows<Row> {
  rows: Row[];
  total: number;
}

/** The first `limit` rows of a list read (fewer when the server caps them), with the list's count. */
export async function readFirstRows<Row>(page: ListPage<Row>, limit: number): Promise<FirstRows<Row>> {
  const answer = await page(0, limit - 1, true);
  const rows = (throwOnError(answer) ?? []) as Row[];
  return { rows, total: answer.count ?? rows.length };
}

/**
 * Every row of a list read, usually in one request: when the server caps the rows it returns
 * (hosted Supabase's max-rows), the rest is read in pages of that size, in parallel. The query must
 * order by a unique key last, so pages never overlap or skip a row.
 */
export async function readAllRows<Row extends { id: number }>(page: ListPage<Row>): Promise<Row[]> {
  const { rows, total } = await readFirstRows(page, FIRST_REQUEST_ROWS);
  if (rows.length === 0 || rows.length >= total) return rows;

  const pageSize = rows.length;
  const rest = [];
  for (let from = pageSize; from < total; from += pageSize) rest.push(page(from, from + pageSize - 1, false));
  const seen = new Set(rows.map((row) => row.id));
  const all = [...rows];
  for (const answer of await Promise.all(rest)) {
    for (const row of (throwOnError(answer) ?? []) as Row[]) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      all.push(row);
    }
  }
  return all;
}
