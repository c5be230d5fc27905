import { describe, expect, it } from 'vitest';
import {
  batchCsv,
  batchFileName,
  canBillPatient,
  canDeny,
  canWriteOff,
  groupByHmo,
  isSettledBatch,
  type HmoBatchRow,
  type HmoClaimRow,
  type HmoPaymentRow,
} from './hmo-claims-model';

const claim = (overrides: Partial<HmoClaimRow>): HmoClaimRow => ({
  id: 1,
  batch_id: 10,
  invoice_id: 100,
  patient_name: 'Ana Santos',
  visit_date: '2026-01-05',
  amount_centavos: 100_000,
  settled_centavos: 0,
  outstanding_centavos: 100_000,
  status: 'submitted',
  denial_reason: null,
  written_off_centavos: 0,
  write_off_reason: null,
  patient_invoice_id: null,
  patient_billable_centavos: 0,
  ...overrides,
});

const batch = (overrides: Partial<HmoBatchRow>): HmoBatchRow => ({
  id: 10,
  hmo_id: 1,
  hmo_name: 'Maxicare',
  opened_at: '2026-01-05T04:00:00+00:00',
  closed_at: null,
  due_date: '2026-02-04',
  claim_count: 1,
  claimed_centavos: 100_000,
  settled_centavos: 0,
  outstanding_centavos: 100_000,
  overdue: true,
  written_off_centavos: 0,
  ...overrides,
});

const payment = (overrides: Partial<HmoPaymentRow> = {}): HmoPaymentRow => ({
  id: 1,
  batch_id: 10,
  amount_centavos: 50_000,
  received_on: '2026-02-01',
  reference_number: 'CHK-1',
  recorded_by_name: 'Rosa Reyes',
  voided_at: null,
  void_reason: null,
  voided_by_name: null,
  ...overrides,
});

describe('groupByHmo', () => {
  it('puts each HMO’s batches newest first under it, and each batch’s claims oldest visit first', () => {
    const groups = groupByHmo({
      receivables: [
        { hmo_id: 1, hmo_name: 'Maxicare', owed_centavos: 1, overdue_centavos: 0 },
        { hmo_id: 2, hmo_name: 'Intellicare', owed_centavos: 2, overdue_centavos: 0 },
      ],
      batches: [batch({ id: 10 }), batch({ id: 12 }), batch({ id: 11, hmo_id: 2 })],
      claims: [
        claim({ id: 3, batch_id: 10, visit_date: '2026-01-07' }),
        claim({ id: 2, batch_id: 10, visit_date: '2026-01-03' }),
        claim({ id: 1, batch_id: 10, visit_date: '2026-01-07' }),
        claim({ id: 4, batch_id: 11 }),
      ],
      payments: [payment({ id: 7, received_on: '2026-02-03' }), payment({ id: 5, received_on: '2026-02-01' })],
    });
    expect(groups.map((group) => [group.owed.hmo_name, group.batches.map((entry) => entry.batch.id)])).toEqual([
      ['Maxicare', [12, 10]],
      ['Intellicare', [11]],
    ]);
    expect(groups[0]!.batches[1]!.claims.map((entry) => entry.id)).toEqual([2, 1, 3]);
    expect(groups[0]!.batches[0]!.claims).toEqual([]);
    expect(groups[0]!.batches[1]!.payments.map((entry) => entry.id)).toEqual([5, 7]);
    expect(groups[1]!.batches[0]!.payments).toEqual([]);
  });
});

describe('canDeny', () => {
  it('allows denying only a claim the HMO has paid none of, not yet denied nor withdrawn', () => {
    expect(canDeny({ status: 'submitted' })).toBe(true);
    for (const status of ['partly_paid', 'paid', 'denied', 'written_off', 'withdrawn'] as const)
      expect(canDeny({ status })).toBe(false);
  });
});

describe('canWriteOff', () => {
  it('offers a write-off while the database says the claim still owes anything', () => {
    expect(canWriteOff({ outstanding_centavos: 40_000 })).toBe(true);
    expect(canWriteOff({ outstanding_centavos: 0 })).toBe(false);
  });
});

describe('canBillPatient', () => {
  it('offers to bill the patient while the database says some of the claim is billable to them', () => {
    expect(canBillPatient({ patient_billable_centavos: 40_000 })).toBe(true);
    expect(canBillPatient({ patient_billable_centavos: 0 })).toBe(false);
  });
});

describe('isSettledBatch', () => {
  it('counts a batch settled once it is closed and owes nothing more', () => {
    const closed = '2026-02-01T04:00:00+00:00';
    expect(isSettledBatch(batch({ closed_at: closed, outstanding_centavos: 0 }))).toBe(true);
    // Open: new claims may still join it.
    expect(isSettledBatch(batch({ closed_at: null, outstanding_centavos: 0 }))).toBe(false);
    // Closed, but the HMO still owes a centavo.
    expect(isSettledBatch(batch({ closed_at: closed, outstanding_centavos: 1 }))).toBe(false);
  });
});

describe('batchCsv', () => {
  it('writes exact pesos, the status in words and the denial reason, guarding formulas', () => {
    const csv = batchCsv([
      claim({ settled_centavos: 30_010, outstanding_centavos: 69_990, status: 'partly_paid' }),
      claim({
        id: 2,
        invoice_id: 101,
        patient_name: '=HYPERLINK("x")',
        status: 'denied',
        denial_reason: 'Late, again',
      }),
    ]);
    expect(csv).toBe(
      '\uFEFFClaim,Invoice,Patient,Visit date,Amount,Settled,Outstanding,Status,Denial reason\r\n' +
        '1,100,Ana Santos,2026-01-05,1000.00,300.10,699.90,Partly paid,\r\n' +
        '2,101,"\'=HYPERLINK(""x"")",2026-01-05,1000.00,0.00,1000.00,Denied,"Late, again"\r\n',
    );
  });

  it('names the file after the batch and its HMO', () => {
    expect(batchFileName({ id: 7, hmo_name: 'PhilCare Plus!' })).toBe('hmo-batch-7-philcare-plus.csv');
  });
});
