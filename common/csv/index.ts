/**
 * The one CSV encoder, shared by the SPA and the service (exports, the day sheet): UTF-8 text that
 * starts with a byte-order mark (so Excel reads ñ and emoji as UTF-8), RFC 4180 quoting, CRLF line
 * ends, and a guard against formula injection. Browser-safe: no Node or DOM imports.
 *
 * Streaming: write `csvHeader(columns)` once, then `csvRecord(columns, row)` (or `csvRow(values)`)
 * per row. Small tables: `toCsv(columns, rows)`. docs/exports.md explains the choices.
 */

/** The UTF-8 byte-order mark every file starts with. */
export const CSV_BOM = '\uFEFF';

/** The line end after every row, header included (RFC 4180). */
export const CSV_LINE_END = '\r\n';

/** A cell's value: text, a number, a yes/no, or empty (null/undefined). */
export type CsvValue = string | number | bigint | boolean | null | undefined;

/** One column of a table: the header people see and how to read its cell from a row. */
export interface CsvColumn<Row> {
  readonly header: string;
  readonly value: (row: Row) => CsvValue;
}

/** The characters that make a spreadsheet read a cell as a formula (or smuggle one in). */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/** A plain negative number such as `-150.00`: a spreadsheet reads it as a number, never a formula. */
const NEGATIVE_NUMBER = /^-\d+(?:\.\d+)?$/;

/** Characters that force a cell into quotes (RFC 4180 §2.6), plus a lone LF. */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * Text as a spreadsheet should show it: a cell starting with = + - @ tab or CR gets a leading `'`
 * so Excel/LibreOffice/Sheets show it as text instead of running it. Plain negative numbers stay
 * as they are (they cannot hold a formula, and money must stay a number in Excel).
 */
export function guardFormula(text: string): string {
  const first = text.charAt(0);
  if (!FORMULA_TRIGGERS.has(first)) return text;
  if (NEGATIVE_NUMBER.test(text)) return text;
  return `'${text}`;
}

/** One encoded cell: guarded against formulas, then quoted when RFC 4180 needs it. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`A CSV cell cannot hold ${String(value)}.`);
    return String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const text = guardFormula(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row of cells, with its CRLF. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',') + CSV_LINE_END;
}

/** The start of a file: the byte-order mark and the header row. */
export function csvHeader<Row>(columns: readonly CsvColumn<Row>[]): string {
  return CSV_BOM + csvRow(columns.map((column) => column.header));
}

/** One data row of a table, cells in column order. */
export function csvRecord<Row>(columns: readonly CsvColumn<Row>[], row: Row): string {
  return csvRow(columns.map((column) => column.value(row)));
}

/** A whole (small) table as one string: BOM, header row, one row per item. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: Iterable<Row>): string {
  let text = csvHeader(columns);
  for (const row of rows) text += csvRecord(columns, row);
  return text;
}
