/**
 * The benches' shared seeding (./seed.ts) against the migrated schema, at a small scale: the
 * benches themselves are not part of `npm test`, so a schema change they no longer fit (an enum
 * column, a new constraint) fails here rather than on the next `npm run bench`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db/database.ts';
import { freshDatabase, type FreshDatabase } from '../../tests/support/database.ts';
import { seedAppointments, seedBilling, seedDentists, seedPatients, voidEvery50thPayment } from './seed.ts';

let fresh: FreshDatabase;
let db: Database;

beforeAll(async () => {
  fresh = await freshDatabase('pglite');
  db = fresh.db;
});

afterAll(() => fresh?.cleanup());

/** A clinic of the test's own, so that its counts are of its own rows whichever test ran before. */
async function newClinic(): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into public.clinics (name) values ('Seed Check Clinic') returning id::integer as id`,
  );
  return rows[0]!.id;
}

const count = async (sql: string, clinicId: number) => (await db.query<{ n: number }>(sql, [clinicId])).rows[0]!.n;

describe('the benches’ seeding', () => {
  it('makes patients and dentists as each bench asks for them', async () => {
    const clinicId = await newClinic();
    await seedPatients(db, clinicId, { count: 12, phones: 'varied', withMessenger: true });
    await seedPatients(db, clinicId, { count: 6, phones: 'sequential' });
    const ids = await seedDentists(db, clinicId, { count: 3, name: 'Dr. Check', lettered: true, phoneNumbered: true });

    expect(ids).toHaveLength(3);
    expect(await count(`select count(*)::int as n from public.patients where clinic_id = $1`, clinicId)).toBe(18);
    // 5 of every 6 of the first twelve have a Messenger id; the sequential ones none.
    expect(
      await count(`select count(messenger_id)::int as n from public.patients where clinic_id = $1`, clinicId),
    ).toBe(10);
    const { rows } = await db.query<{ name: string; phone: string }>(
      `select name, phone from public.dentists where clinic_id = $1 order by id`,
      [clinicId],
    );
    expect(rows).toEqual([
      { name: 'Dr. Check A', phone: '11' },
      { name: 'Dr. Check B', phone: '12' },
      { name: 'Dr. Check C', phone: '13' },
    ]);
  });

  it('books appointments in free slots of a given period with the booking rules on', async () => {
    const clinicId = await newClinic();
    await seedPatients(db, clinicId, { count: 18, phones: 'varied' });
    await seedDentists(db, clinicId, { count: 3 });
    const month = await seedAppointments(db, clinicId, {
      count: 40,
      patients: 18,
      period: { from: '2031-03-03', to: '2031-03-08' },
    });

    expect(month).toBe(3);
    expect(await count(`select count(*)::int as n from public.appointments where clinic_id = $1`, clinicId)).toBe(40);
    expect(
      await count(`select count(distinct status)::int as n from public.appointments where clinic_id = $1`, clinicId),
    ).toBe(5);
    await expect(
      seedAppointments(db, clinicId, { count: 10_000, patients: 18, period: { from: '2031-03-10', to: '2031-03-10' } }),
    ).rejects.toThrow(/only \d+ appointments fit/);
  });

  it('bills invoices with payments that add up, and voids one payment in 50', async () => {
    const clinicId = await newClinic();
    await seedPatients(db, clinicId, { count: 18, phones: 'varied' });
    await seedBilling(db, clinicId, { invoices: 40, patients: 18 });
    await voidEvery50thPayment(db, clinicId);

    expect(await count(`select count(*)::int as n from public.invoices where clinic_id = $1`, clinicId)).toBe(40);
    // Per 4 invoices: none, 2, 3 and 5 payments.
    expect(await count(`select count(*)::int as n from public.payments where clinic_id = $1`, clinicId)).toBe(100);
    // The invoices with 3 or 5 payments are paid in full, to the centavo.
    expect(
      await count(
        `select count(*)::int as n from public.invoices i
          where i.clinic_id = $1
            and i.total = (select sum(p.amount) from public.payments p where p.invoice_id = i.id)`,
        clinicId,
      ),
    ).toBe(20);
    // A fresh database numbers the 100 payments 1 to 100.
    const { rows: voided } = await db.query<{ id: number }>(
      `select id::int as id from public.payments where clinic_id = $1 and voided_at is not null order by id`,
      [clinicId],
    );
    expect(voided).toEqual([{ id: 50 }, { id: 100 }]);
  });
});
