import { PostgrestClient } from '@supabase/postgrest-js';
import { describe, expect, it } from 'vitest';
import type { Database } from '@/lib/database.types';
import { restUrl } from './config';
import { db } from './db';
import { seed } from './factories';
import { setupMockServer } from './lifecycle';
import { centavosOfStored } from './views';

setupMockServer();

const client = new PostgrestClient<Database>(restUrl, { fetch: (...args) => fetch(...args) });

function seedBilling() {
  const [ana, ben] = seed.patients([{ name: 'Ana Santos' }, { name: 'Ben Cruz' }]);
  const [paid, partial, unpaid, voided] = seed.invoices([
    { patient_id: ana!.id, total: '0.30' as never },
    { patient_id: ben!.id, total: '1500.50' as never },
    { patient_id: ana!.id, total: 200 },
    { patient_id: ben!.id, total: 100, voided_at: '2030-01-07T01:00:00Z', void_reason: 'Typed twice' },
  ]);
  seed.payments([
    { invoice_id: paid!.id, patient_id: ana!.id, amount: '0.10' as never },
    { invoice_id: paid!.id, patient_id: ana!.id, amount: '0.20' as never },
    { invoice_id: partial!.id, patient_id: ben!.id, amount: '500.25' as never, method: 'e-wallet' },
    { invoice_id: partial!.id, patient_id: ben!.id, amount: 1000, voided_at: '2030-01-07T02:00:00Z', void_reason: 'x' },
  ]);
  return { ana: ana!, ben: ben!, paid: paid!, partial: partial!, unpaid: unpaid!, voided: voided! };
}

describe('the billing views', () => {
  it('when invoice_summaries is read, then paid, balance and status come from the payments that are not void', async () => {
    const { paid, partial, unpaid, voided } = seedBilling();
    const { data, error } = await client
      .from('invoice_summaries')
      .select('id, patient_name, total_centavos, paid_centavos, balance_centavos, status, payment_count, voided_at')
      .eq('clinic_id', 1)
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: paid.id,
        patient_name: 'Ana Santos',
        total_centavos: 30,
        paid_centavos: 30,
        balance_centavos: 0,
        status: 'Paid',
        payment_count: 2,
        voided_at: null,
      },
      {
        id: partial.id,
        patient_name: 'Ben Cruz',
        total_centavos: 150_050,
        paid_centavos: 50_025,
        balance_centavos: 100_025,
        status: 'Partial',
        payment_count: 1,
        voided_at: null,
      },
      {
        id: unpaid.id,
        patient_name: 'Ana Santos',
        total_centavos: 20_000,
        paid_centavos: 0,
        balance_centavos: 20_000,
        status: 'Unpaid',
        payment_count: 0,
        voided_at: null,
      },
      {
        id: voided.id,
        patient_name: 'Ben Cruz',
        total_centavos: 10_000,
        paid_centavos: 0,
        balance_centavos: 10_000,
        status: 'Unpaid',
        payment_count: 0,
        voided_at: '2030-01-07T01:00:00Z',
      },
    ]);
  });

  it('when payment_entries is read with *, then every column of the view comes back, void payments included', async () => {
    const { partial } = seedBilling();
    const { data } = await client.from('payment_entries').select('*').eq('invoice_id', partial.id).order('id');
    expect(data?.map((row) => [row.patient_name, row.amount_centavos, row.method, row.voided_at !== null])).toEqual([
      ['Ben Cruz', 50_025, 'e-wallet', false],
      ['Ben Cruz', 100_000, 'cash', true],
    ]);
    expect(Object.keys(data![0]!)).toEqual([
      'id',
      'clinic_id',
      'invoice_id',
      'patient_id',
      'patient_name',
      'amount_centavos',
      'method',
      'reference_number',
      'notes',
      'payment_date',
      'created_at',
      'voided_at',
      'void_reason',
      'idempotency_key',
    ]);
  });

  it('when a view is asked for a column it lacks, or written to, then it answers as the database would', async () => {
    seedBilling();
    const missing = await client.from('invoice_summaries').select('id, total');
    expect(missing.error?.code).toBe('42703');
    const write = await client.from('invoice_summaries').insert({} as never);
    expect(write.error?.code).toBe('42501');
  });
});

describe('idempotency keys', () => {
  it('when a payment repeats its key in the clinic, then it answers 23505 and stores one row', async () => {
    const { ana, paid } = seedBilling();
    const key = '6f9619ff-8b86-4011-b42d-00c04fc964ff';
    const payment = {
      clinic_id: 1,
      invoice_id: paid.id,
      patient_id: ana.id,
      amount: '1.00',
      method: 'cash' as const,
      idempotency_key: key,
    };
    expect((await client.from('payments').insert(payment)).error).toBeNull();
    const again = await client.from('payments').insert(payment);
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe('23505');
    expect(db.table('payments').where((row) => row.idempotency_key === key)).toHaveLength(1);
  });

  it('gives every row a key of its own when none is sent', () => {
    const rows = seed.invoices([{ total: 1 }, { total: 2 }]);
    expect(new Set(rows.map((row) => row.idempotency_key)).size).toBe(2);
  });
});

describe('centavosOfStored', () => {
  it.each([
    ['1500.50', 150_050],
    ['0.1', 10],
    [1234.5, 123_450],
    [0.3, 30],
    ['7', 700],
  ])('reads %s as %i centavos', (stored, centavos) => {
    expect(centavosOfStored(stored)).toBe(centavos);
  });
});
