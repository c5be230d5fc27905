import type { Response } from 'express';
import { csvHeader, csvRecord, type CsvColumn } from '@common/csv';
import type { ExportPager } from './export-store';

/**
 * Writes `text` and waits while the client is behind (write() returned false: wait for 'drain').
 * Resolves false when the client went away, so the caller stops reading pages.
 */
export function writeWithBackpressure(res: Response, text: string): Promise<boolean> {
  if (res.destroyed || res.writableEnded) return Promise.resolve(false);
  if (res.write(text)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const settle = (ok: boolean) => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(ok);
    };
    const onDrain = () => settle(true);
    const onClose = () => settle(false);
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}

/**
 * The header row, then the rows of `first` and of every later page that `keep` keeps, one write
 * per page, never more than a page in memory. `beforeEnd` runs with the count once every row is
 * written and before the answer ends (so whatever it records exists when the client has the whole
 * file). Resolves with the rows written, or null when the client went away first.
 */
export async function streamCsv<Row>(
  res: Response,
  columns: readonly CsvColumn<Row>[],
  first: readonly Row[],
  pager: ExportPager<Row>,
  keep: (row: Row) => boolean,
  beforeEnd: (rows: number) => Promise<void> = async () => undefined,
): Promise<number | null> {
  let written = 0;
  let text = csvHeader(columns);
  let page = first;
  for (;;) {
    for (const row of page) {
      if (!keep(row)) continue;
      text += csvRecord(columns, row);
      written += 1;
    }
    if (!(await writeWithBackpressure(res, text))) return null;
    if (page.length === 0) break;
    // A turn of the event loop between pages: the socket flushes and other requests are served
    // (with PGlite, reading a page runs on this thread and resolves without one).
    await new Promise((resolve) => setImmediate(resolve));
    page = await pager.next();
    text = '';
    if (page.length === 0) break;
  }
  await beforeEnd(written);
  res.end();
  return written;
}
