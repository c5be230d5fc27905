import type { ReadStatus } from '@/components/table/fixed-columns';
import type { NewestFirstList } from '../model/api/newest-first-list';

/**
 * What a table of `list` shows: loading until rows arrive (and, while only the newest are read,
 * while a search or filter is on: what it found among the newest alone would read as all there
 * is), failed when a read failed with no rows to show, else its rows.
 */
export function listReadStatus(list: NewestFirstList<unknown>, filtering: boolean): ReadStatus {
  if (list.isPending) return 'loading';
  if (list.isError && list.rows === undefined) return 'failed';
  return !list.complete && filtering ? 'loading' : 'ready';
}
