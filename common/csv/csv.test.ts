import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvHeader, csvRecord, csvRow, guardFormula, toCsv, type CsvColumn } from './index';

interface Person {
  name: string;
  balance: string;
  visits: number;
}

const columns: readonly CsvColumn<Person>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Balance (₱)', value: (row) => row.balance },
  { header: 'Visits', value: (row) => row.visits },
];

describe('the CSV encoder', () => {
  it('starts a file with the UTF-8 byte-order mark and the header row, ending lines in CRLF', () => {
    expect(csvHeader(columns)).toBe('\uFEFFName,Balance (₱),Visits\r\n');
    expect(CSV_BOM).toBe('\uFEFF');
    expect(new TextEncoder().encode(csvHeader(columns)).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it('writes a small table with one CRLF-ended row per item', () => {
    const rows: Person[] = [
      { name: 'Ana Cruz', balance: '1500.00', visits: 3 },
      { name: 'Peña, José', balance: '0.00', visits: 0 },
    ];
    expect(toCsv(columns, rows)).toBe('\uFEFFName,Balance (₱),Visits\r\nAna Cruz,1500.00,3\r\n"Peña, José",0.00,0\r\n');
    expect(toCsv(columns, [])).toBe('\uFEFFName,Balance (₱),Visits\r\n');
  });

  it('quotes cells holding commas, quotes, CR or LF and doubles the quotes inside (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('line one\r\nline two')).toBe('"line one\r\nline two"');
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell(' spaced ')).toBe(' spaced ');
  });

  it('keeps ñ, accents and emoji as they are', () => {
    expect(csvRow(['Señora Niño', 'Ángel 😁', '👨‍👩‍👧'])).toBe('Señora Niño,Ángel 😁,👨‍👩‍👧\r\n');
    const bytes = new TextEncoder().encode(toCsv(columns, [{ name: 'Ñoño 🦷', balance: '1.00', visits: 1 }]));
    expect(new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes)).toBe(
      'Name,Balance (₱),Visits\r\nÑoño 🦷,1.00,1\r\n',
    );
  });

  it('writes empty cells for null and undefined, numbers and yes/no as text', () => {
    expect(csvRow([null, undefined, '', 0, -2.5, 12n, true, false])).toBe(',,,0,-2.5,12,Yes,No\r\n');
    expect(() => csvCell(Number.NaN)).toThrow(RangeError);
    expect(() => csvCell(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('turns a cell that starts with = + - @ tab or CR into text with a leading apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell('+63 917 123 4567')).toBe("'+63 917 123 4567");
    expect(csvCell('+639171234567')).toBe("'+639171234567");
    expect(csvCell('-2+3+cmd|" /C calc"!A0')).toBe('"\'-2+3+cmd|"" /C calc""!A0"');
    expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    expect(csvCell('\r=1+1')).toBe('"\'\r=1+1"');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('')).toBe('');
  });

  it('leaves plain negative numbers as numbers, so money stays a number in a spreadsheet', () => {
    expect(guardFormula('-150.00')).toBe('-150.00');
    expect(guardFormula('-7')).toBe('-7');
    expect(guardFormula('-1.')).toBe("'-1.");
    expect(guardFormula('-1e5')).toBe("'-1e5");
    expect(guardFormula('-')).toBe("'-");
    expect(guardFormula('--1')).toBe("'--1");
  });

  it('reads each column of a row in column order', () => {
    expect(csvRecord(columns, { name: '=1+1', balance: '-20.50', visits: 2 })).toBe("'=1+1,-20.50,2\r\n");
  });
});
