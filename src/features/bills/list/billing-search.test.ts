import { describe, expect, it } from 'vitest';
import {
  createInvoiceFinder,
  createPaymentFinder,
  matchesStatus,
  normalizeName,
  STATUS_FILTERS,
} from './billing-search';

const invoice = (id: number, patient_name: string, status: string, voided_at: string | null = null) => ({
  id,
  patient_name,
  status,
  voided_at,
});

const invoices = [
  invoice(1, 'Ana Santos', 'Paid'),
  invoice(2, 'Ben Cruz', 'Partial'),
  invoice(3, 'María Peña', 'Unpaid'),
  invoice(4, 'Ana  Reyes', 'Unpaid', '2030-01-07T01:00:00Z'),
];

const ids = (rows: readonly { id: number }[]) => rows.map((row) => row.id);

describe('finding invoices', () => {
  it('offers All, Paid, Partial, Unpaid and Void', () => {
    expect(STATUS_FILTERS).toEqual(['All', 'Paid', 'Partial', 'Unpaid', 'Void']);
  });

  it('returns the very list when nothing is asked', () => {
    const find = createInvoiceFinder(invoices);
    expect(find('  ', 'All')).toBe(invoices);
  });

  it.each([
    ['Paid', [1]],
    ['Partial', [2]],
    ['Unpaid', [3]],
    ['Void', [4]],
  ] as const)('filters %s, a void invoice counting only as Void', (status, expected) => {
    expect(ids(createInvoiceFinder(invoices)('', status))).toEqual(expected);
  });

  it('searches the patient name whatever the case, accents and spaces', () => {
    const find = createInvoiceFinder(invoices);
    expect(ids(find('ANA', 'All'))).toEqual([1, 4]);
    expect(ids(find('pena', 'All'))).toEqual([3]);
    expect(ids(find(' ana reyes ', 'All'))).toEqual([4]);
    expect(ids(find('ana', 'Paid'))).toEqual([1]);
    expect(ids(find('zed', 'All'))).toEqual([]);
  });

  it('reads a void invoice as Void whatever its payment status', () => {
    expect(matchesStatus(invoices[3]!, 'Unpaid')).toBe(false);
    expect(matchesStatus(invoices[3]!, 'Void')).toBe(true);
    expect(matchesStatus(invoices[3]!, 'All')).toBe(true);
  });

  // How fast a keystroke answers is bench/billing.bench.ts's to measure (budget 50 ms): a wall-clock
  // bound here would fail on a busy machine, not on a slow search.
  it('finds by name and status over 10,000 invoices, in their order', () => {
    const many = Array.from({ length: 10_000 }, (_, index) =>
      invoice(index + 1, `Patient ${index} Dela Cruz`, ['Paid', 'Partial', 'Unpaid'][index % 3]!),
    );
    const found = createInvoiceFinder(many)('9999 dela', 'All');
    expect(found.map((row) => row.id)).toEqual([10_000]);
    const partial = createInvoiceFinder(many)('99 dela', 'Partial');
    expect(partial.every((row) => row.status === 'Partial' && row.patient_name.includes('99 Dela'))).toBe(true);
    expect(partial.map((row) => row.id)).toEqual([...partial.map((row) => row.id)].sort((a, b) => a - b));
    expect(partial.length).toBeGreaterThan(0);
  });
});

describe('finding payments', () => {
  it('searches by patient name and keeps the order', () => {
    const payments = [
      { id: 5, patient_name: 'Ben Cruz' },
      { id: 6, patient_name: 'Ana Santos' },
      { id: 7, patient_name: 'Bea Cruz' },
    ];
    const find = createPaymentFinder(payments);
    expect(ids(find('cruz'))).toEqual([5, 7]);
    expect(find('')).toBe(payments);
  });
});

describe('normalizeName', () => {
  it('folds case, accents and spaces', () => {
    expect(normalizeName('  José   DE la  Peña ')).toBe('jose de la pena');
  });
});
