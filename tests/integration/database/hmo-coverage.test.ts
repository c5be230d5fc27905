/**
 * HMOs, their coverage, patients' HMO cards and senior citizen / PWD IDs in the database
 * (…_hmo_coverage.sql): who may manage what (admins the HMOs and coverage; every role that writes
 * patients their cards and IDs; other clinics and anon nothing), the refusals by code, the one card
 * rule at the clinic day's edges, the statutory rates and the audit trail. Runs on PGlite and, with
 * TEST_DATABASE_URL, on a real PostgreSQL server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../../local/db/database.ts';
import {
  asUser,
  attemptAs,
  countOf,
  createClinicFixture,
  createPatient,
  createTwoClinics,
  databaseTargets,
  freshDatabase,
  insertRow,
  refusalFor,
  type ClinicFixture,
  type FreshDatabase,
  type UserClaims,
} from '../../support/database.ts';

let nameCounter = 0;
const uniqueName = (label: string) => `${label} ${++nameCounter}`;

const addHmo = (tx: Queryable, clinicId: number, values: Record<string, unknown> = {}) =>
  tx.query<{ id: number; name: string; claim_deadline_days: number; active: boolean }>(
    `insert into public.hmos (clinic_id, name, claim_deadline_days, annual_limit)
     values ($1, $2, coalesce($3::integer, 30), $4::numeric)
     returning id::integer as id, name, claim_deadline_days, active`,
    [clinicId, values.name ?? uniqueName('HMO'), values.claim_deadline_days ?? null, values.annual_limit ?? null],
  );

const addCoverage = (tx: Queryable, values: Record<string, unknown>) =>
  tx.query(
    `insert into public.hmo_coverages (clinic_id, hmo_id, procedure_id, contracted_price, covered_percent)
     values ($1, $2, $3, $4::numeric, $5::numeric)`,
    [
      values.clinic_id,
      values.hmo_id,
      values.procedure_id,
      values.contracted_price ?? null,
      values.covered_percent ?? null,
    ],
  );

const addCard = (tx: Queryable, values: Record<string, unknown>) =>
  tx.query<{ id: number }>(
    `insert into public.patient_hmo_cards (clinic_id, patient_id, hmo_id, member_number, valid_from, valid_until)
     values ($1, $2, $3, $4, $5::date, $6::date) returning id::integer as id`,
    [
      values.clinic_id,
      values.patient_id,
      values.hmo_id,
      values.member_number ?? 'MX-0001',
      values.valid_from ?? null,
      values.valid_until ?? null,
    ],
  );

const cardsOn = (tx: Queryable, patientId: number, day: string) =>
  tx.query<{ id: number; status: string; hmo_name: string }>(
    `select id::integer as id, status::text, hmo_name from public.patient_hmo_cards_on($1, $2::date)`,
    [patientId, day],
  );

const validCardAt = (tx: Queryable, patientId: number, at: string) =>
  tx.query<{ id: number }>(`select id::integer as id from public.patient_hmo_card_at($1, $2::timestamptz)`, [
    patientId,
    at,
  ]);

describe.each(databaseTargets())('HMOs, coverage and cards on %s', (target) => {
  let fresh: FreshDatabase;
  let smile: ClinicFixture;
  let bright: ClinicFixture;
  let superadmin: UserClaims;
  let procedureId: number;
  let otherProcedureId: number;
  let brightProcedureId: number;
  let hmoId: number;

  beforeAll(async () => {
    fresh = await freshDatabase(target);
    ({ smile, bright, superadmin } = await createTwoClinics(fresh.db, `HMO ${target}`));
    const procedures = await fresh.db.query<{ id: number; clinic_id: number }>(
      `select id::integer as id, clinic_id::integer as clinic_id from public.procedures
        where clinic_id in ($1, $2) order by id`,
      [smile.id, bright.id],
    );
    const smileProcedures = procedures.rows.filter((row) => row.clinic_id === smile.id);
    procedureId = smileProcedures[0]!.id;
    otherProcedureId = smileProcedures[1]!.id;
    brightProcedureId = procedures.rows.find((row) => row.clinic_id === bright.id)!.id;
    hmoId = await insertRow(fresh.db, 'hmos', { clinic_id: smile.id, name: 'Maxicare' });
  });

  afterAll(async () => {
    await fresh?.cleanup();
  });

  describe('who manages HMOs and coverage', () => {
    it('lets an admin and the superadmin add an HMO, with a 30-day claim deadline by default', async () => {
      for (const actor of [smile.admin, superadmin]) {
        const attempt = await attemptAs(fresh.db, actor, (tx) =>
          addHmo(tx, smile.id, { name: uniqueName('Intellicare') }),
        );
        expect(attempt.ok).toBe(true);
        if (attempt.ok) expect(attempt.value.rows[0]).toMatchObject({ claim_deadline_days: 30, active: true });
      }
    });

    it('refuses receptionists and dentists, who read the clinic’s HMOs and coverage but do not manage them', async () => {
      for (const actor of [smile.receptionist, smile.dentistUser]) {
        expect((await refusalFor(fresh.db, actor, (tx) => addHmo(tx, smile.id))).code).toBe('42501');
        expect(
          (
            await refusalFor(fresh.db, actor, (tx) =>
              addCoverage(tx, { clinic_id: smile.id, hmo_id: hmoId, procedure_id: procedureId, covered_percent: 50 }),
            )
          ).code,
        ).toBe('42501');
        const seen = await asUser(fresh.db, actor, (tx) =>
          countOf(tx, 'select id from public.hmos where id = $1', [hmoId]),
        );
        expect(seen).toBe(1);
      }
    });

    it('shows another clinic nothing and lets it write nothing into this clinic', async () => {
      const seen = await asUser(fresh.db, bright.admin, (tx) =>
        countOf(tx, 'select id from public.hmos where clinic_id = $1', [smile.id]),
      );
      expect(seen).toBe(0);
      expect((await refusalFor(fresh.db, bright.admin, (tx) => addHmo(tx, smile.id))).code).toBe('42501');
      const changed = await asUser(fresh.db, bright.admin, (tx) =>
        tx.query('update public.hmos set active = false where id = $1', [hmoId]),
      );
      expect(changed.affectedRows ?? 0).toBe(0);
    });

    it('gives anonymous callers nothing', async () => {
      expect((await refusalFor(fresh.db, 'anon', (tx) => tx.query('select id from public.hmos'))).code).toBe('42501');
      expect(
        (
          await refusalFor(fresh.db, 'anon', (tx) =>
            tx.query('select * from public.patient_hmo_cards_on(1, current_date)'),
          )
        ).code,
      ).toBe('42501');
    });

    it('never deletes an HMO: it is made inactive', async () => {
      const refusal = await refusalFor(fresh.db, smile.admin, (tx) =>
        tx.query('delete from public.hmos where id = $1', [hmoId]),
      );
      expect(refusal.code).toBe('42501');
    });
  });

  describe('the refusals, by code', () => {
    it('refuses a second HMO of the same name in one clinic, ignoring case, but not in another clinic', async () => {
      const refusal = await refusalFor(fresh.db, smile.admin, (tx) => addHmo(tx, smile.id, { name: '  maxicare ' }));
      expect(refusal).toMatchObject({ code: '23505', hint: 'hmo_name_taken' });
      const elsewhere = await attemptAs(fresh.db, bright.admin, (tx) => addHmo(tx, bright.id, { name: 'Maxicare' }));
      expect(elsewhere.ok).toBe(true);
    });

    it('refuses a claim deadline outside 1–365 days and an annual limit of zero', async () => {
      for (const days of [0, 366]) {
        const refusal = await refusalFor(fresh.db, smile.admin, (tx) =>
          addHmo(tx, smile.id, { claim_deadline_days: days }),
        );
        expect(refusal.hint).toBe('hmo_claim_deadline_invalid');
      }
      const refusal = await refusalFor(fresh.db, smile.admin, (tx) => addHmo(tx, smile.id, { annual_limit: '0' }));
      expect(refusal.hint).toBe('hmo_annual_limit_invalid');
    });

    it('takes a coverage at a contracted price or a percentage, exactly one, a procedure once per HMO', async () => {
      const price = await attemptAs(fresh.db, smile.admin, (tx) =>
        addCoverage(tx, { clinic_id: smile.id, hmo_id: hmoId, procedure_id: procedureId, contracted_price: '650.50' }),
      );
      expect(price.ok).toBe(true);
      const percent = await attemptAs(fresh.db, smile.admin, (tx) =>
        addCoverage(tx, { clinic_id: smile.id, hmo_id: hmoId, procedure_id: procedureId, covered_percent: '100' }),
      );
      expect(percent.ok).toBe(true);

      const both = await refusalFor(fresh.db, smile.admin, (tx) =>
        addCoverage(tx, {
          clinic_id: smile.id,
          hmo_id: hmoId,
          procedure_id: procedureId,
          contracted_price: '500',
          covered_percent: '50',
        }),
      );
      expect(both).toMatchObject({ code: '23514', hint: 'hmo_coverage_price_or_percent' });
      const neither = await refusalFor(fresh.db, smile.admin, (tx) =>
        addCoverage(tx, { clinic_id: smile.id, hmo_id: hmoId, procedure_id: procedureId }),
      );
      expect(neither.hint).toBe('hmo_coverage_price_or_percent');
      const over = await refusalFor(fresh.db, smile.admin, (tx) =>
        addCoverage(tx, { clinic_id: smile.id, hmo_id: hmoId, procedure_id: procedureId, covered_percent: '100.01' }),
      );
      expect(over.hint).toBe('hmo_coverage_percent_invalid');
      const negative = await refusalFor(fresh.db, smile.admin, (tx) =>
        addCoverage(tx, { clinic_id: smile.id, hmo_id: hmoId, procedure_id: procedureId, contracted_price: '-1' }),
      );
      expect(negative.code).toBe('23514');

      await addCoverage(fresh.db, {
        clinic_id: smile.id,
        hmo_id: hmoId,
        procedure_id: otherProcedureId,
        covered_percent: 80,
      });
      const twice = await refusalFor(fresh.db, smile.admin, (tx) =>
        addCoverage(tx, { clinic_id: smile.id, hmo_id: hmoId, procedure_id: otherProcedureId, contracted_price: '1' }),
      );
      expect(twice).toMatchObject({ code: '23505', hint: 'hmo_coverage_taken' });
    });

    it('keeps the price-or-percent rule as a check constraint for writers that skip the trigger’s message', async () => {
      const constraint = await fresh.db.query<{ count: number }>(
        `select count(*)::integer as count from pg_catalog.pg_constraint
          where conname = 'hmo_coverages_price_or_percent' and contype = 'c'`,
      );
      expect(constraint.rows[0]?.count).toBe(1);
    });

    it('keeps a covered procedure in the price list: deleting it would drop the coverage unasked', async () => {
      const { rows } = await fresh.db.query<{ category_id: number }>(
        'select category_id::integer as category_id from public.procedures where id = $1',
        [procedureId],
      );
      const crown = await insertRow(fresh.db, 'procedures', {
        clinic_id: smile.id,
        category_id: rows[0]!.category_id,
        name: uniqueName('Zirconia Crown'),
        price: '18000.00',
      });
      await addCoverage(fresh.db, { clinic_id: smile.id, hmo_id: hmoId, procedure_id: crown, covered_percent: 50 });
      const deleteCrown = (tx: Queryable) => tx.query('delete from public.procedures where id = $1', [crown]);
      for (const actor of [smile.receptionist, smile.admin]) {
        expect(await refusalFor(fresh.db, actor, deleteCrown)).toMatchObject({
          code: '23503',
          hint: 'procedure_has_hmo_coverage',
        });
      }
      await fresh.db.query('delete from public.hmo_coverages where procedure_id = $1', [crown]);
      expect((await attemptAs(fresh.db, smile.receptionist, deleteCrown)).ok).toBe(true);
    });

    it('still removes a whole clinic, its covered procedures with it', async () => {
      const leaving = await createClinicFixture(fresh.db, uniqueName('Closing clinic'));
      const { rows } = await fresh.db.query<{ id: number }>(
        'select id::integer as id from public.procedures where clinic_id = $1 limit 1',
        [leaving.id],
      );
      const leavingHmo = await insertRow(fresh.db, 'hmos', { clinic_id: leaving.id, name: 'Intellicare' });
      await addCoverage(fresh.db, {
        clinic_id: leaving.id,
        hmo_id: leavingHmo,
        procedure_id: rows[0]!.id,
        covered_percent: 80,
      });
      await fresh.db.query('delete from public.clinics where id = $1', [leaving.id]);
      expect(await countOf(fresh.db, 'select 1 from public.procedures where clinic_id = $1', [leaving.id])).toBe(0);
    });

    it('refuses a coverage of another clinic’s procedure', async () => {
      const refusal = await refusalFor(fresh.db, smile.admin, (tx) =>
        addCoverage(tx, { clinic_id: smile.id, hmo_id: hmoId, procedure_id: brightProcedureId, covered_percent: 10 }),
      );
      expect(refusal.code).toBe('23503');
    });

    it('refuses a card without a member number, with reversed dates, or of an inactive HMO', async () => {
      const base = { clinic_id: smile.id, patient_id: smile.patientId, hmo_id: hmoId };
      expect(
        (await refusalFor(fresh.db, smile.receptionist, (tx) => addCard(tx, { ...base, member_number: '  ' }))).hint,
      ).toBe('hmo_card_member_required');
      expect(
        (
          await refusalFor(fresh.db, smile.receptionist, (tx) =>
            addCard(tx, { ...base, valid_from: '2026-06-01', valid_until: '2026-05-31' }),
          )
        ).hint,
      ).toBe('hmo_card_dates_reversed');
      const inactive = await insertRow(fresh.db, 'hmos', {
        clinic_id: smile.id,
        name: uniqueName('Old HMO'),
        active: false,
      });
      expect(
        (await refusalFor(fresh.db, smile.receptionist, (tx) => addCard(tx, { ...base, hmo_id: inactive }))).hint,
      ).toBe('hmo_inactive');
    });

    it('requires an ID number with a senior citizen or PWD type, and a type with a number', async () => {
      const update = (type: string | null, number: string | null) => (tx: Queryable) =>
        tx.query('update public.patients set discount_id_type = $2, discount_id_number = $3 where id = $1', [
          smile.patientId,
          type,
          number,
        ]);
      expect((await refusalFor(fresh.db, smile.receptionist, update('senior_citizen', ' '))).hint).toBe(
        'discount_id_number_required',
      );
      expect((await refusalFor(fresh.db, smile.receptionist, update(null, 'SC-1'))).hint).toBe(
        'discount_id_type_required',
      );
      for (const actor of [smile.receptionist, smile.admin, smile.dentistUser]) {
        expect((await attemptAs(fresh.db, actor, update('pwd', 'PWD-123-456'))).ok).toBe(true);
      }
      const elsewhere = await asUser(fresh.db, bright.admin, update('senior_citizen', 'SC-9'));
      expect(elsewhere.affectedRows ?? 0).toBe(0);
    });
  });

  describe('cards: who adds them and which is valid on a clinic day', () => {
    it('lets receptionists, admins and dentists add and remove a patient’s cards, but not another clinic', async () => {
      for (const actor of [smile.receptionist, smile.admin, smile.dentistUser, superadmin]) {
        const attempt = await attemptAs(fresh.db, actor, async (tx) => {
          const id = (await addCard(tx, { clinic_id: smile.id, patient_id: smile.patientId, hmo_id: hmoId })).rows[0]!
            .id;
          return (await tx.query('delete from public.patient_hmo_cards where id = $1', [id])).affectedRows;
        });
        expect(attempt).toEqual({ ok: true, value: 1 });
      }
      const refusal = await refusalFor(fresh.db, bright.admin, (tx) =>
        addCard(tx, { clinic_id: smile.id, patient_id: smile.patientId, hmo_id: hmoId }),
      );
      expect(refusal.code).toBe('42501');
      const brightHmo = await insertRow(fresh.db, 'hmos', { clinic_id: bright.id, name: uniqueName('Bright HMO') });
      const crossed = await refusalFor(fresh.db, superadmin, (tx) =>
        addCard(tx, { clinic_id: smile.id, patient_id: smile.patientId, hmo_id: brightHmo }),
      );
      // The card's (hmo, clinic) key: even the superadmin cannot give a patient another clinic's HMO.
      expect(crossed.code).toBe('23503');
    });

    it('is valid from its first to its last day inclusive, the day being the clinic’s (Asia/Manila)', async () => {
      const patientId = await createPatient(fresh.db, smile.id, uniqueName('Card holder'));
      const cardId = await insertRow(fresh.db, 'patient_hmo_cards', {
        clinic_id: smile.id,
        patient_id: patientId,
        hmo_id: hmoId,
        member_number: 'MX-100',
        valid_from: '2026-01-01',
        valid_until: '2026-12-31',
      });
      const statuses = await asUser(fresh.db, smile.receptionist, async (tx) => ({
        before: (await cardsOn(tx, patientId, '2025-12-31')).rows[0]?.status,
        first: (await cardsOn(tx, patientId, '2026-01-01')).rows[0]?.status,
        last: (await cardsOn(tx, patientId, '2026-12-31')).rows[0]?.status,
        after: (await cardsOn(tx, patientId, '2027-01-01')).rows[0]?.status,
      }));
      expect(statuses).toEqual({ before: 'not_yet_valid', first: 'valid', last: 'valid', after: 'expired' });

      // 23:59 on 31 December in Manila is 15:59 UTC; 00:00 on 1 January is 16:00 UTC.
      const at = (instant: string) =>
        asUser(fresh.db, smile.receptionist, async (tx) =>
          (await validCardAt(tx, patientId, instant)).rows.map((r) => r.id),
        );
      expect(await at('2026-12-31T15:59:59Z')).toEqual([cardId]);
      expect(await at('2026-12-31T16:00:00Z')).toEqual([]);
      expect(await at('2025-12-31T15:59:59Z')).toEqual([]);
      expect(await at('2025-12-31T16:00:00Z')).toEqual([cardId]);
    });

    it('calls a card without dates validity_missing, and one of an inactive HMO not valid', async () => {
      const patientId = await createPatient(fresh.db, smile.id, uniqueName('Undated holder'));
      const hmo = await insertRow(fresh.db, 'hmos', { clinic_id: smile.id, name: uniqueName('Closing HMO') });
      await insertRow(fresh.db, 'patient_hmo_cards', {
        clinic_id: smile.id,
        patient_id: patientId,
        hmo_id: hmo,
        member_number: 'U-1',
        valid_until: '2030-01-01',
      });
      const status = async () =>
        asUser(fresh.db, smile.admin, async (tx) => (await cardsOn(tx, patientId, '2027-03-01')).rows[0]?.status);
      expect(await status()).toBe('validity_missing');
      await asUser(fresh.db, smile.admin, (tx) =>
        tx.query('update public.hmos set active = false where id = $1', [hmo]),
      );
      expect(await status()).toBe('hmo_inactive');
      const valid = await asUser(fresh.db, smile.admin, (tx) =>
        countOf(tx, 'select * from public.patient_hmo_card_on($1, $2::date)', [patientId, '2027-03-01']),
      );
      expect(valid).toBe(0);
    });

    it('lists every card of several over time with the valid one first', async () => {
      const patientId = await createPatient(fresh.db, smile.id, uniqueName('Renewed holder'));
      const card = (from: string, until: string, number: string) =>
        insertRow(fresh.db, 'patient_hmo_cards', {
          clinic_id: smile.id,
          patient_id: patientId,
          hmo_id: hmoId,
          member_number: number,
          valid_from: from,
          valid_until: until,
        });
      const old = await card('2025-01-01', '2025-12-31', 'OLD');
      const current = await card('2026-01-01', '2026-12-31', 'NEW');
      const rows = await asUser(
        fresh.db,
        smile.dentistUser,
        async (tx) => (await cardsOn(tx, patientId, '2026-07-01')).rows,
      );
      expect(rows.map((row) => [row.id, row.status, row.hmo_name])).toEqual([
        [current, 'valid', 'Maxicare'],
        [old, 'expired', 'Maxicare'],
      ]);
      const others = await asUser(fresh.db, bright.admin, (tx) =>
        countOf(tx, 'select * from public.patient_hmo_cards_on($1, $2::date)', [patientId, '2026-07-01']),
      );
      expect(others).toBe(0);
    });
  });

  it('keeps the statutory rates in one place: 20% discount, 12% VAT; clinics are not VAT-registered by default', async () => {
    const rates = await asUser(fresh.db, smile.receptionist, (tx) =>
      tx.query<{ discount_rate: string; vat_rate: string }>(
        'select discount_rate::text, vat_rate::text from public.statutory_rates()',
      ),
    );
    expect(rates.rows[0]).toEqual({ discount_rate: '0.2000', vat_rate: '0.1200' });
    const vat = await fresh.db.query<{ vat_registered: boolean }>(
      'select vat_registered from public.clinics where id = $1',
      [smile.id],
    );
    expect(vat.rows[0]?.vat_registered).toBe(false);
    const receptionistSets = await asUser(fresh.db, smile.receptionist, (tx) =>
      tx.query('update public.clinics set vat_registered = true where id = $1', [smile.id]),
    );
    expect(receptionistSets.affectedRows ?? 0).toBe(0);
    const adminSets = await asUser(fresh.db, smile.admin, (tx) =>
      tx.query('update public.clinics set vat_registered = true where id = $1', [smile.id]),
    );
    expect(adminSets.affectedRows).toBe(1);
  });

  it('records HMOs, coverage and cards in the audit trail, with who made them', async () => {
    const name = uniqueName('Audited HMO');
    const patientId = await createPatient(fresh.db, smile.id, uniqueName('Audited holder'));
    await asUser(fresh.db, smile.admin, async (tx) => {
      const id = (await addHmo(tx, smile.id, { name, annual_limit: '20000.00' })).rows[0]!.id;
      await addCoverage(tx, { clinic_id: smile.id, hmo_id: id, procedure_id: procedureId, covered_percent: 50 });
      await addCard(tx, { clinic_id: smile.id, patient_id: patientId, hmo_id: id });
    });
    const rows = await fresh.db.query<{
      entity: string;
      action: string;
      actor_user_id: string;
      after: Record<string, unknown>;
    }>(
      `select entity::text, action::text, actor_user_id::text, after from public.audit_log
        where clinic_id = $1 and entity in ('hmo', 'hmo_coverage', 'hmo_card') order by id`,
      [smile.id],
    );
    const hmo = rows.rows.find((row) => row.entity === 'hmo' && row.after?.name === name);
    expect(hmo).toMatchObject({ action: 'insert', actor_user_id: smile.admin.sub });
    expect(hmo?.after.annual_limit_centavos).toBe(2000000);
    expect(rows.rows.some((row) => row.entity === 'hmo_card')).toBe(true);
    expect(rows.rows.some((row) => row.entity === 'hmo_coverage')).toBe(true);
  });
});
