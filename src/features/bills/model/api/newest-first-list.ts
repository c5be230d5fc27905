import { useQuery } from '@tanstack/react-query';
import { readAllRows, readFirstRows, type ListPage } from './read-all-rows';

/** Rows of a list read first, on their own: a screen's worth and more, in a few kilobytes. */
export const NEWEST_ROWS = 100;

/** Where useNewestFirstList keeps the newest rows of the list under `queryKey`. */
export const newestRowsKey = (queryKey: readonly unknown[]) => [...queryKey, 'newest'] as const;

/** A list read newest first: every row once read, and until then the newest NEWEST_ROWS. */
export interface NewestFirstList<Row> {
  /** Every row, or while the older ones are on their way the newest; undefined before any arrived. */
  rows: readonly Row[] | undefined;
  /** Whether `rows` is the whole list (the newest alone were all of it, or every row has been read). */
  complete: boolean;
  /** How many rows the whole list has, as the newest rows' read counted them. */
  total: number | undefined;
  isPending: boolean;
  /** The last read of either part failed (the rows shown, if any, are as read before). */
  isError: boolean;
  refetch: () => void;
}

/**
 * Reads a long list in two steps, so a screen shows rows at once however long the list: the newest
 * NEWEST_ROWS with the list's count, then, only when there are more, every row (readAllRows) under
 * `queryKey` itself. A clinic whose list fits in the first read makes one request. Both reads sit
 * under `queryKey`, so invalidating it refreshes both.
 */
export function useNewestFirstList<Row extends { id: number }>(
  queryKey: readonly unknown[],
  page: ListPage<Row>,
): NewestFirstList<Row> {
  const newest = useQuery({ queryKey: newestRowsKey(queryKey), queryFn: () => readFirstRows(page, NEWEST_ROWS) });
  const hasOlder = newest.data !== undefined && newest.data.rows.length < newest.data.total;
  const every = useQuery({ queryKey, queryFn: () => readAllRows(page), enabled: hasOlder });
  const rows = hasOlder && every.data ? every.data : newest.data?.rows;
  const isError = newest.isError || (hasOlder && every.isError);
  return {
    rows,
    complete: newest.data !== undefined && (!hasOlder || every.data !== undefined),
    total: newest.data?.total,
    isPending: rows === undefined && !isError,
    isError,
    refetch: () => {
      void newest.refetch();
      if (hasOlder) void every.refetch();
    },
  };
}
