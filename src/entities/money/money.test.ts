import { describe, expect, it } from 'vitest';
import { MAX_CENTAVOS, centavosOfStored, centavosToDecimal, formatBalance, formatPesos, parsePesos } from './money';

function centavosOf(input: string): number {
  const parsed = parsePesos(input);
  if (!parsed.ok) throw new Error(`Expected "${input}" to parse, got ${parsed.reason}.`);
  return parsed.centavos;
}

describe('parsePesos', () => {
  it.each([
    ['1,500', 150_000],
    ['1500.5', 150_050],
    [' ₱1,234.50 ', 123_450],
    ['₱ 20', 2_000],
    ['1234567.89', 123_456_789],
    ['1,234,567.89', 123_456_789],
    ['0.01', 1],
    ['.5', 50],
    ['5.', 500],
    ['007.10', 710],
    ['9999999999.99', MAX_CENTAVOS],
  ])('reads "%s" as %i centavos', (input, centavos) => {
    expect(parsePesos(input)).toEqual({ ok: true, centavos });
  });

  it('adds ₱0.10 and ₱0.20 to exactly ₱0.30', () => {
    expect(centavosOf('0.1') + centavosOf('0.2')).toBe(centavosOf('0.3'));
    expect(formatPesos(centavosOf('0.1') + centavosOf('0.2'))).toBe('₱0.30');
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'not-a-number'],
    ['1e3', 'not-a-number'],
    ['12abc', 'not-a-number'],
    ['1,50', 'not-a-number'],
    ['1.2.3', 'not-a-number'],
    ['.', 'not-a-number'],
    ['₱', 'not-a-number'],
    ['+5', 'not-a-number'],
    ['Infinity', 'not-a-number'],
    ['1.005', 'too-many-decimals'],
    ['0.001', 'too-many-decimals'],
    ['-5', 'not-positive'],
    ['-₱5.00', 'not-positive'],
    ['0', 'not-positive'],
    ['0.00', 'not-positive'],
    ['-0', 'not-positive'],
    ['10000000000', 'too-large'],
    ['99999999999999999999', 'too-large'],
  ])('refuses "%s" as %s', (input, reason) => {
    expect(parsePesos(input)).toEqual({ ok: false, reason });
  });

  it('takes ₱0.00 only when asked to (a free item, no discount), and never a negative amount', () => {
    expect(parsePesos('0')).toEqual({ ok: false, reason: 'not-positive' });
    expect(parsePesos('0.00', { allowZero: true })).toEqual({ ok: true, centavos: 0 });
    expect(parsePesos('-0.01', { allowZero: true })).toEqual({ ok: false, reason: 'not-positive' });
  });

  it('keeps every accepted amount an integer', () => {
    for (const input of ['0.07', '1.1', '2.675', '1,000,000.99', '0.29']) {
      const parsed = parsePesos(input);
      if (parsed.ok) expect(Number.isInteger(parsed.centavos)).toBe(true);
    }
  });
});

describe('formatPesos', () => {
  it.each([
    [123_450, '₱1,234.50'],
    [0, '₱0.00'],
    [1, '₱0.01'],
    [100, '₱1.00'],
    [150_000, '₱1,500.00'],
    [-500, '-₱5.00'],
    [MAX_CENTAVOS, '₱9,999,999,999.99'],
  ])('shows %i centavos as %s', (centavos, text) => {
    expect(formatPesos(centavos)).toBe(text);
  });

  it('matches the en-PH currency format of the browser for ordinary amounts', () => {
    const intl = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' });
    expect(formatPesos(123_450)).toBe(intl.format(1234.5));
  });

  it('refuses a fraction of a centavo rather than show a wrong amount', () => {
    expect(() => formatPesos(0.5)).toThrow(RangeError);
  });
});

describe('formatBalance', () => {
  it('shows what is owed as pesos, and an overpayment as credit, never a negative amount', () => {
    expect(formatBalance(125_025)).toBe('₱1,250.25');
    expect(formatBalance(0)).toBe('₱0.00');
    expect(formatBalance(-5)).toBe('Credit ₱0.05');
  });
});

describe('centavosToDecimal', () => {
  it.each([
    [123_450, '1234.50'],
    [1, '0.01'],
    [150_050, '1500.50'],
    [MAX_CENTAVOS, '9999999999.99'],
    [-500, '-5.00'],
  ])('writes %i centavos as "%s"', (centavos, text) => {
    expect(centavosToDecimal(centavos)).toBe(text);
  });

  it('round-trips with parsePesos', () => {
    for (const centavos of [1, 30, 99, 100, 123_456, MAX_CENTAVOS]) {
      expect(parsePesos(centavosToDecimal(centavos))).toEqual({ ok: true, centavos });
    }
  });
});

describe('stored amounts', () => {
  it('reads the database’s decimal text into exact centavos, zero included', () => {
    expect(centavosOfStored('1500.00')).toBe(150_000);
    expect(centavosOfStored('0.30')).toBe(30);
    expect(centavosOfStored('4500.5')).toBe(450_050);
    expect(centavosOfStored('0.00')).toBe(0);
    expect(centavosOfStored('0')).toBe(0);
    expect(centavosOfStored('9999999999.99')).toBe(999_999_999_999);
  });

  it('throws on anything that is not a stored amount', () => {
    for (const bad of ['', '-1.00', '1.005', '1e3', 'abc', '10000000000.00'])
      expect(() => centavosOfStored(bad)).toThrow(RangeError);
  });
});
