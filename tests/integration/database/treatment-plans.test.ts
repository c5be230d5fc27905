/**
 * Treatment plans in the database (…_treatment_plans.sql): plan_treatment charts the planned entry
 * with the item, at the procedure's price; who plans, who records the patient's decision, who
 * completes; complete_plan_items at a Completed appointment charts the work done and removes the
 * caries it treated as of now (earlier days keep it); exact totals; the refusals by code, and what
 * another clinic, another patient's items and done items cannot do. Runs on PGlite and, with
 * TEST_DATABASE_URL, on a real PostgreSQL server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../../local/db/database.ts';
import {
  asUser,
  attemptAs,
  createPatient,
  createTwoClinics,
  databaseTargets,
  freshDatabase,
  insertRow,
  manila,
  refusalFor,
  type Actor,
  type ClinicFixture,
  type FreshDatabase,
  type UserClaims,
} from '../../support/database.ts';

interface ItemRow {
  id: number;
  status: string;
  price: string;
  procedure_name: string;
  tooth: number;
  surfaces: string[];
  condition: string;
  phase: number;
  planned_entry_id: number;
  planned_by: string | null;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: string | null;
  appointment_id: number | null;
  completed_entry_id: number | null;
}

const ITEM_COLUMNS = `id::integer as id, status::text, price::text, procedure_name, tooth, surfaces, condition::text,
  phase, planned_entry_id::integer as planned_entry_id, planned_by, decided_by, decided_by_name, decided_at,
  appointment_id::integer as appointment_id,
  completed_entry_id::integer as completed_entry_id`;

interface Plan {
  patientId: number;
  procedureId: number;
  tooth?: number;
  surfaces?: string[];
  phase?: number;
  condition?: string | null;
}

const planTreatment = (tx: Queryable, plan: Plan) =>
  tx.query<ItemRow>(
    `select ${ITEM_COLUMNS} from public.plan_treatment($1, $2, $3, $4, $5, $6::public.chart_condition)`,
    [
      plan.patientId,
      plan.procedureId,
      plan.tooth ?? 36,
      plan.surfaces ?? ['M', 'O'],
      plan.phase ?? 1,
      plan.condition === undefined ? null : plan.condition,
    ],
  );

const decide = (tx: Queryable, itemId: number, decision: string) =>
  tx.query<ItemRow>(`select ${ITEM_COLUMNS} from public.decide_plan_item($1, $2::public.plan_item_status)`, [
    itemId,
    decision,
  ]);

const withdraw = (tx: Queryable, itemId: number) => tx.query(`select public.withdraw_plan_item($1)`, [itemId]);

const complete = (tx: Queryable, appointmentId: number, itemIds: number[]) =>
  tx.query<ItemRow>(`select ${ITEM_COLUMNS} from public.complete_plan_items($1, $2::bigint[])`, [
    appointmentId,
    itemIds,
  ]);

const chartOn = (tx: Queryable, patientId: number, day: string) =>
  tx.query<{ tooth: number; surfaces: string[]; condition: string; state: string; appointment_id: number | null }>(
    `select tooth, surfaces, condition::text, state::text, appointment_id::integer as appointment_id
       from public.chart_as_of($1, $2::date)`,
    [patientId, day],
  );

describe.each(databaseTargets())('treatment plans on %s', (target) => {
  let fresh: FreshDatabase;
  let smile: ClinicFixture;
  let bright: ClinicFixture;
  let superadmin: UserClaims;
  let filling: number;
  let crown: number;
  let cleaning: number;
  let slot = 0;

  /** A distinct weekday morning slot in March 2026 each call, for the fixture dentist. */
  function nextSlot(): string {
    const index = slot++;
    const day = 2 + Math.floor(index / 6) + Math.floor(index / 30) * 2;
    const minutes = 9 * 60 + (index % 6) * 20;
    return manila(
      `2026-03-${String(day).padStart(2, '0')} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
    );
  }

  async function appointment(clinic: ClinicFixture, patientId: number, status = 'Completed'): Promise<number> {
    return insertRow(fresh.db, 'appointments', {
      clinic_id: clinic.id,
      patient_id: patientId,
      dentist_id: clinic.dentistId,
      appointment_time: nextSlot(),
      reason: 'Dental Consultation',
      status,
    });
  }

  async function planned(actor: Actor, plan: Plan): Promise<ItemRow> {
    return (await asUser(fresh.db, actor, (tx) => planTreatment(tx, plan))).rows[0]!;
  }

  /** A caries charted on Smile's patient before the visit (no surfaces: the whole tooth). */
  const cariesCharted = (patientId: number, tooth: number, surfaces: string[]) =>
    insertRow(fresh.db, 'chart_entries', {
      clinic_id: smile.id,
      patient_id: patientId,
      tooth,
      surfaces,
      condition: 'caries',
      state: 'existing',
      recorded_at: manila('2026-01-05 10:00'),
    });

  async function item(id: number): Promise<ItemRow> {
    return (
      await fresh.db.query<ItemRow>(`select ${ITEM_COLUMNS} from public.treatment_plan_items where id = $1`, [id])
    ).rows[0]!;
  }

  /** The item's rows in the audit trail, oldest first. */
  async function auditOf(itemId: number) {
    type Audited = Record<string, unknown>;
    const { rows } = await fresh.db.query<{ action: string; actor_user_id: string; before: Audited; after: Audited }>(
      `select action::text, actor_user_id, before, after from public.audit_log
        where entity = 'treatment_plan_item' and entity_id = $1 order by id`,
      [itemId],
    );
    return rows;
  }

  beforeAll(async () => {
    fresh = await freshDatabase(target);
    ({ smile, bright, superadmin } = await createTwoClinics(fresh.db, `plans ${target}`));
    const categoryId = await insertRow(fresh.db, 'procedure_categories', { clinic_id: smile.id, name: 'Restorative' });
    const procedure = (name: string, price: string, condition: string | null) =>
      insertRow(fresh.db, 'procedures', {
        clinic_id: smile.id,
        category_id: categoryId,
        name,
        price,
        chart_condition: condition,
      });
    filling = await procedure('Composite Filling', '1500.10', 'filling');
    crown = await procedure('Porcelain Crown', '12000.20', 'crown');
    cleaning = await procedure('Oral Prophylaxis', '800.00', null);
  });

  afterAll(async () => {
    await fresh?.cleanup();
  });

  describe('planning', () => {
    it('plans a procedure on a tooth, at its price now, and charts it as planned in one step', async () => {
      const patientId = await createPatient(fresh.db, smile.id, 'Planned once');
      const row = await planned(smile.dentistUser, { patientId, procedureId: filling, phase: 2 });
      expect(row).toMatchObject({
        status: 'proposed',
        price: '1500.10',
        procedure_name: 'Composite Filling',
        tooth: 36,
        surfaces: ['M', 'O'],
        condition: 'filling',
        phase: 2,
        planned_by: smile.dentistUser.sub,
      });
      const chart = await asUser(fresh.db, smile.receptionist, (tx) => chartOn(tx, patientId, '2099-01-01'));
      expect(chart.rows).toEqual([
        { tooth: 36, surfaces: ['M', 'O'], condition: 'filling', state: 'planned', appointment_id: null },
      ]);
      const { rows } = await fresh.db.query<{ id: number }>(
        `select id::integer as id from public.chart_entries where patient_id = $1`,
        [patientId],
      );
      expect(rows.map((entry) => entry.id)).toEqual([row.planned_entry_id]);
    });

    it('keeps the price it was planned at when the price list changes', async () => {
      const patientId = await createPatient(fresh.db, smile.id, 'Price kept');
      const row = await planned(smile.admin, { patientId, procedureId: crown, tooth: 11, surfaces: [] });
      await fresh.db.query(`update public.procedures set price = 13000 where id = $1`, [crown]);
      expect((await item(row.id)).price).toBe('12000.20');
      await fresh.db.query(`update public.procedures set price = 12000.20 where id = $1`, [crown]);
    });

    it('takes the condition chosen, and asks for one when the procedure charts nothing of itself', async () => {
      const patientId = await createPatient(fresh.db, smile.id, 'Condition chosen');
      const refusal = await refusalFor(fresh.db, smile.dentistUser, (tx) =>
        planTreatment(tx, { patientId, procedureId: cleaning }),
      );
      expect(refusal).toMatchObject({ code: '23514', hint: 'plan_condition_required' });
      const row = await planned(smile.dentistUser, { patientId, procedureId: cleaning, condition: 'sealant' });
      expect(row.condition).toBe('sealant');
    });

    it.each([
      [{ tooth: 19 }, '23514', 'chart_tooth_invalid'],
      [{ surfaces: ['X'] }, '23514', 'chart_surfaces_invalid'],
      [{ phase: 0 }, '23514', 'plan_phase_invalid'],
      [{ phase: 10 }, '23514', 'plan_phase_invalid'],
    ])('refuses %j with %s %s and plans nothing', async (values, code, hint) => {
      const patientId = await createPatient(fresh.db, smile.id, `Refused ${hint}`);
      const refusal = await refusalFor(fresh.db, smile.dentistUser, (tx) =>
        planTreatment(tx, { patientId, procedureId: filling, ...values }),
      );
      expect(refusal).toMatchObject({ code, hint });
    });

    it('refuses a whole-tooth procedure on surfaces', async () => {
      const refusal = await refusalFor(fresh.db, smile.dentistUser, (tx) =>
        planTreatment(tx, { patientId: smile.patientId, procedureId: crown, tooth: 21, surfaces: ['O'] }),
      );
      expect(refusal.hint).toBe('chart_surfaces_whole_tooth');
    });

    it('lets dentists, admins and the superadmin plan; not the front desk', async () => {
      for (const actor of [smile.dentistUser, smile.admin, superadmin]) {
        const attempt = await attemptAs(fresh.db, actor, (tx) =>
          planTreatment(tx, { patientId: smile.patientId, procedureId: filling }),
        );
        expect(attempt.ok).toBe(true);
      }
      const refusal = await refusalFor(fresh.db, smile.receptionist, (tx) =>
        planTreatment(tx, { patientId: smile.patientId, procedureId: filling }),
      );
      expect(refusal).toMatchObject({ code: '42501', hint: 'plan_forbidden' });
    });

    it('refuses another clinic: its patient is not found, and its price list is not ours', async () => {
      const otherPatient = await refusalFor(fresh.db, bright.dentistUser, (tx) =>
        planTreatment(tx, { patientId: smile.patientId, procedureId: filling }),
      );
      expect(otherPatient).toMatchObject({ code: 'PT404', hint: 'plan_patient_not_found' });
      const otherProcedure = await refusalFor(fresh.db, bright.dentistUser, (tx) =>
        planTreatment(tx, { patientId: bright.patientId, procedureId: filling }),
      );
      expect(otherProcedure).toMatchObject({ code: 'PT404', hint: 'plan_procedure_not_found' });
    });

    it('lets browsers only read the items: every write goes through the plan functions', async () => {
      const row = await planned(smile.admin, { patientId: smile.patientId, procedureId: filling });
      for (const sql of [
        `update public.treatment_plan_items set price = 1 where id = ${row.id}`,
        `delete from public.treatment_plan_items where id = ${row.id}`,
        `insert into public.treatment_plan_items (clinic_id, patient_id, procedure_name, price, tooth, condition, planned_entry_id)
         values (${smile.id}, ${smile.patientId}, 'Forged', 1, 36, 'filling', ${row.planned_entry_id})`,
      ]) {
        const refusal = await refusalFor(fresh.db, smile.admin, (tx) => tx.query(sql));
        expect(refusal.code).toBe('42501');
      }
      for (const actor of [bright.admin, bright.receptionist]) {
        const seen = await asUser(fresh.db, actor, (tx) =>
          tx.query('select id from public.treatment_plan_items where id = $1', [row.id]),
        );
        expect(seen.rows).toEqual([]);
      }
      const anon = await refusalFor(fresh.db, 'anon', (tx) => tx.query('select id from public.treatment_plan_items'));
      expect(anon.code).toBe('42501');
    });
  });

  describe("the patient's decision", () => {
    it('is recorded by the front desk too, stamped with who and when', async () => {
      const row = await planned(smile.dentistUser, { patientId: smile.patientId, procedureId: filling });
      const decided = (await asUser(fresh.db, smile.receptionist, (tx) => decide(tx, row.id, 'accepted'))).rows[0]!;
      expect(decided).toMatchObject({
        status: 'accepted',
        decided_by: smile.receptionist.sub,
        decided_by_name: 'Test receptionist',
      });
      expect(Date.now() - new Date(decided.decided_at!).getTime()).toBeLessThan(3_600_000);
      const again = await refusalFor(fresh.db, smile.admin, (tx) => decide(tx, row.id, 'declined'));
      expect(again).toMatchObject({ code: 'PT409', hint: 'plan_item_decided' });
    });

    it('takes a decline off the chart, and refuses any other answer', async () => {
      const patientId = await createPatient(fresh.db, smile.id, 'Declines');
      const row = await planned(smile.dentistUser, { patientId, procedureId: filling });
      const wrong = await refusalFor(fresh.db, smile.receptionist, (tx) => decide(tx, row.id, 'done'));
      expect(wrong.hint).toBe('plan_decision_invalid');
      await asUser(fresh.db, smile.receptionist, (tx) => decide(tx, row.id, 'declined'));
      const chart = await asUser(fresh.db, smile.dentistUser, (tx) => chartOn(tx, patientId, '2099-01-01'));
      expect(chart.rows).toEqual([]);
    });

    it('is not another clinic’s to record', async () => {
      const row = await planned(smile.dentistUser, { patientId: smile.patientId, procedureId: filling });
      const refusal = await refusalFor(fresh.db, bright.admin, (tx) => decide(tx, row.id, 'accepted'));
      expect(refusal).toMatchObject({ code: 'PT404', hint: 'plan_item_not_found' });
    });
  });

  describe('withdrawing an item', () => {
    it('deletes an open item and takes its planned entry off the chart as of now, by who may plan', async () => {
      const patientId = await createPatient(fresh.db, smile.id, 'Planned in error');
      const proposed = await planned(smile.dentistUser, { patientId, procedureId: filling });
      const accepted = await planned(smile.admin, { patientId, procedureId: crown, tooth: 11, surfaces: [] });
      await asUser(fresh.db, smile.receptionist, (tx) => decide(tx, accepted.id, 'accepted'));
      const booked = await appointment(smile, patientId, 'Scheduled');
      await fresh.db.query(`update public.treatment_plan_items set appointment_id = $1 where id = $2`, [
        booked,
        accepted.id,
      ]);

      await asUser(fresh.db, smile.dentistUser, (tx) => withdraw(tx, proposed.id));
      await asUser(fresh.db, superadmin, (tx) => withdraw(tx, accepted.id));

      const left = await fresh.db.query(`select id from public.treatment_plan_items where patient_id = $1`, [
        patientId,
      ]);
      expect(left.rows).toEqual([]);
      const chart = await asUser(fresh.db, smile.dentistUser, (tx) => chartOn(tx, patientId, '2099-01-01'));
      expect(chart.rows).toEqual([]);
      const removed = await fresh.db.query<{ id: number; removed_by: string; removed_by_name: string }>(
        `select id::integer as id, removed_by, removed_by_name from public.chart_entries
          where patient_id = $1 and removed_at is not null order by id`,
        [patientId],
      );
      expect(removed.rows).toEqual([
        { id: proposed.planned_entry_id, removed_by: smile.dentistUser.sub, removed_by_name: 'Test dentist' },
        { id: accepted.planned_entry_id, removed_by: superadmin.sub, removed_by_name: expect.any(String) },
      ]);
      const stillBooked = await fresh.db.query(`select id from public.appointments where id = $1 and not deleted`, [
        booked,
      ]);
      expect(stillBooked.rows).toHaveLength(1);
    });

    it('refuses the front desk, another clinic, and items done, declined or gone', async () => {
      const patientId = await createPatient(fresh.db, smile.id, 'Withdrawal refused');
      const open = await planned(smile.dentistUser, { patientId, procedureId: filling });
      expect(await refusalFor(fresh.db, smile.receptionist, (tx) => withdraw(tx, open.id))).toMatchObject({
        code: '42501',
        hint: 'plan_forbidden',
      });
      expect(await refusalFor(fresh.db, bright.dentistUser, (tx) => withdraw(tx, open.id))).toMatchObject({
        code: 'PT404',
        hint: 'plan_item_not_found',
      });
      expect((await item(open.id)).status).toBe('proposed');

      const declined = await planned(smile.dentistUser, { patientId, procedureId: filling, tooth: 46 });
      await asUser(fresh.db, smile.receptionist, (tx) => decide(tx, declined.id, 'declined'));
      const done = await planned(smile.dentistUser, { patientId, procedureId: filling, tooth: 26 });
      const visit = await appointment(smile, patientId);
      await asUser(fresh.db, smile.receptionist, (tx) => complete(tx, visit, [done.id]));
      for (const closed of [declined, done]) {
        expect(await refusalFor(fresh.db, smile.dentistUser, (tx) => withdraw(tx, closed.id))).toMatchObject({
          code: 'PT409',
          hint: 'plan_item_closed',
        });
      }

      await asUser(fresh.db, smile.dentistUser, (tx) => withdraw(tx, open.id));
      expect(await refusalFor(fresh.db, smile.dentistUser, (tx) => withdraw(tx, open.id))).toMatchObject({
        code: 'PT404',
        hint: 'plan_item_not_found',
      });
    });

    it('leaves the item as it was, and who withdrew it, in the audit trail', async () => {
      const row = await planned(smile.dentistUser, { patientId: smile.patientId, procedureId: filling, tooth: 17 });
      await asUser(fresh.db, smile.admin, (tx) => withdraw(tx, row.id));
      const rows = await auditOf(row.id);
      expect(rows.map((entry) => [entry.action, entry.actor_user_id])).toEqual([
        ['insert', smile.dentistUser.sub],
        ['delete', smile.admin.sub],
      ]);
      expect(rows[1]?.before).toMatchObject({ price_centavos: 150010, tooth: 17, status: 'proposed' });
    });
  });

  describe('booking and completing', () => {
    it('keeps the appointment booked for an item, only an appointment of its patient', async () => {
      const patientId = await createPatient(fresh.db, smile.id, 'Booked from the plan');
      const row = await planned(smile.dentistUser, { patientId, procedureId: filling });
      const booked = await appointment(smile, patientId, 'Scheduled');
      const linked = await asUser(fresh.db, smile.receptionist, (tx) =>
        tx.query<{ appointment_id: number }>(
          'select appointment_id::integer as appointment_id from public.link_plan_item_appointment($1, $2)',
          [row.id, booked],
        ),
      );
      expect(linked.rows[0]?.appointment_id).toBe(booked);
      const elsewhere = await appointment(smile, smile.patientId, 'Scheduled');
      const refusal = await refusalFor(fresh.db, smile.receptionist, (tx) =>
        tx.query('select public.link_plan_item_appointment($1, $2)', [row.id, elsewhere]),
      );
      expect(refusal.hint).toBe('plan_appointment_mismatch');
    });

    it('marks items done at the appointment, charts the work and removes the caries it treated, as of now', async () => {
      const patientId = await createPatient(fresh.db, smile.id, 'Filled today');
      await cariesCharted(patientId, 36, ['M', 'O']);
      await cariesCharted(patientId, 36, ['D']);
      const row = await planned(smile.dentistUser, { patientId, procedureId: filling });
      await asUser(fresh.db, smile.receptionist, (tx) => decide(tx, row.id, 'accepted'));
      const visit = await appointment(smile, patientId);

      // The receptionist completes at checkout: completing the items is part of completing the visit.
      const done = (await asUser(fresh.db, smile.receptionist, (tx) => complete(tx, visit, [row.id]))).rows;
      expect(done).toMatchObject([{ id: row.id, status: 'done', appointment_id: visit }]);

      const today = await asUser(fresh.db, smile.dentistUser, (tx) => chartOn(tx, patientId, '2099-01-01'));
      expect(today.rows).toEqual([
        { tooth: 36, surfaces: ['D'], condition: 'caries', state: 'existing', appointment_id: null },
        { tooth: 36, surfaces: ['M', 'O'], condition: 'filling', state: 'completed', appointment_id: visit },
      ]);
      const before = await asUser(fresh.db, smile.dentistUser, (tx) => chartOn(tx, patientId, '2026-01-06'));
      expect(before.rows.map((entry) => `${entry.tooth} ${entry.surfaces.join('')} ${entry.condition}`)).toEqual([
        '36 MO caries',
        '36 D caries',
      ]);
      const { rows } = await fresh.db.query<{ supersedes_id: number }>(
        'select supersedes_id::integer as supersedes_id from public.chart_entries where id = $1',
        [done[0]!.completed_entry_id],
      );
      expect(rows[0]?.supersedes_id).toBe(row.planned_entry_id);
    });

    it('leaves a caries charted for the whole tooth to whole-tooth work: a filling on O does not remove it', async () => {
      const patientId = await createPatient(fresh.db, smile.id, 'Whole-tooth caries');
      await cariesCharted(patientId, 46, []);
      const occlusal = await planned(smile.dentistUser, {
        patientId,
        procedureId: filling,
        tooth: 46,
        surfaces: ['O'],
      });
      const crowned = await planned(smile.dentistUser, { patientId, procedureId: crown, tooth: 46, surfaces: [] });
      const visit = await appointment(smile, patientId);
      const describeChart = async () =>
        (await asUser(fresh.db, smile.dentistUser, (tx) => chartOn(tx, patientId, '2099-01-01'))).rows
          .filter((entry) => entry.state !== 'planned')
          .map((entry) => `${entry.tooth} ${entry.surfaces.join('') || 'whole'} ${entry.condition} ${entry.state}`);

      await asUser(fresh.db, smile.receptionist, (tx) => complete(tx, visit, [occlusal.id]));
      expect(await describeChart()).toEqual(['46 whole caries existing', '46 O filling completed']);

      await asUser(fresh.db, smile.receptionist, (tx) => complete(tx, visit, [crowned.id]));
      expect(await describeChart()).toEqual(['46 O filling completed', '46 whole crown completed']);
    });

    it('leaves the caries where the work done does not restore the tooth: an X-ray to watch, a sealant', async () => {
      const patientId = await createPatient(fresh.db, smile.id, 'Watched, not treated');
      await cariesCharted(patientId, 36, ['M', 'O']);
      await cariesCharted(patientId, 36, []);
      const watched = await planned(smile.dentistUser, {
        patientId,
        procedureId: cleaning,
        tooth: 36,
        surfaces: [],
        condition: 'watch',
      });
      const sealed = await planned(smile.dentistUser, {
        patientId,
        procedureId: cleaning,
        tooth: 36,
        surfaces: ['M', 'O'],
        condition: 'sealant',
      });
      const visit = await appointment(smile, patientId);

      await asUser(fresh.db, smile.receptionist, (tx) => complete(tx, visit, [watched.id, sealed.id]));
      const chart = (await asUser(fresh.db, smile.dentistUser, (tx) => chartOn(tx, patientId, '2099-01-01'))).rows;
      expect(
        chart.map((entry) => `${entry.tooth} ${entry.surfaces.join('') || 'whole'} ${entry.condition} ${entry.state}`),
      ).toEqual([
        '36 MO caries existing',
        '36 whole caries existing',
        '36 whole watch completed',
        '36 MO sealant completed',
      ]);
    });

    it('refuses items done at another visit, another patient’s items, and a visit not yet Completed', async () => {
      const patientId = await createPatient(fresh.db, smile.id, 'Refusals at checkout');
      const mine = await planned(smile.dentistUser, { patientId, procedureId: filling, tooth: 46 });
      const theirs = await planned(smile.dentistUser, { patientId: smile.patientId, procedureId: filling, tooth: 46 });
      const visit = await appointment(smile, patientId);
      const another = await appointment(smile, patientId);
      const scheduled = await appointment(smile, patientId, 'Scheduled');

      const notYet = await refusalFor(fresh.db, smile.receptionist, (tx) => complete(tx, scheduled, [mine.id]));
      expect(notYet).toMatchObject({ code: 'PT409', hint: 'plan_appointment_not_completed' });
      const other = await refusalFor(fresh.db, smile.receptionist, (tx) => complete(tx, visit, [mine.id, theirs.id]));
      expect(other).toMatchObject({ code: '23514', hint: 'plan_item_mismatch' });
      expect((await item(mine.id)).status).toBe('proposed');

      await asUser(fresh.db, smile.receptionist, (tx) => complete(tx, visit, [mine.id]));
      const elsewhere = await refusalFor(fresh.db, smile.receptionist, (tx) => complete(tx, another, [mine.id]));
      expect(elsewhere).toMatchObject({ code: 'PT409', hint: 'plan_item_closed' });
    });

    it('answers an item already done at this visit as it is, charting nothing twice (a retry)', async () => {
      const patientId = await createPatient(fresh.db, smile.id, 'Retried at checkout');
      const row = await planned(smile.dentistUser, { patientId, procedureId: filling, tooth: 15 });
      const visit = await appointment(smile, patientId);
      const first = (await asUser(fresh.db, smile.receptionist, (tx) => complete(tx, visit, [row.id]))).rows;
      const again = (await asUser(fresh.db, smile.receptionist, (tx) => complete(tx, visit, [row.id]))).rows;
      expect(again).toEqual(first);
      const { rows } = await fresh.db.query<{ count: number }>(
        `select count(*)::integer as count from public.chart_entries
          where patient_id = $1 and state = 'completed'`,
        [patientId],
      );
      expect(rows).toEqual([{ count: 1 }]);
    });

    it('passes over an item withdrawn since it was offered, and does the others', async () => {
      const patientId = await createPatient(fresh.db, smile.id, 'Withdrawn at checkout');
      const kept = await planned(smile.dentistUser, { patientId, procedureId: filling, tooth: 16 });
      const withdrawn = await planned(smile.dentistUser, { patientId, procedureId: filling, tooth: 26 });
      const visit = await appointment(smile, patientId);
      await asUser(fresh.db, smile.dentistUser, (tx) => withdraw(tx, withdrawn.id));

      const done = (await asUser(fresh.db, smile.receptionist, (tx) => complete(tx, visit, [withdrawn.id, kept.id])))
        .rows;
      expect(done.map((row) => [row.id, row.status])).toEqual([[kept.id, 'done']]);
      const { rows } = await fresh.db.query<{ id: number }>(
        'select id::integer as id from public.treatment_plan_items where patient_id = $1',
        [patientId],
      );
      expect(rows).toEqual([{ id: kept.id }]);
    });

    it('refuses another clinic, who finds no such appointment', async () => {
      const row = await planned(smile.dentistUser, { patientId: smile.patientId, procedureId: filling, tooth: 47 });
      const visit = await appointment(smile, smile.patientId);
      const refusal = await refusalFor(fresh.db, bright.admin, (tx) => complete(tx, visit, [row.id]));
      expect(refusal).toMatchObject({ code: 'PT404', hint: 'plan_appointment_not_found' });
      const ownVisit = await appointment(bright, bright.patientId);
      const crossed = await refusalFor(fresh.db, bright.admin, (tx) => complete(tx, ownVisit, [row.id]));
      expect(crossed.hint).toBe('plan_item_mismatch');
      expect((await item(row.id)).status).toBe('proposed');
    });
  });

  describe('a visit that stops being Completed', () => {
    const setVisit = (visit: number, change: string) => (tx: Queryable) =>
      tx.query(`update public.appointments set ${change} where id = $1`, [visit]);
    const describeChart = async (patientId: number) =>
      (await asUser(fresh.db, smile.dentistUser, (tx) => chartOn(tx, patientId, '2099-01-01'))).rows.map(
        (entry) => `${entry.tooth} ${entry.surfaces.join('') || 'whole'} ${entry.condition} ${entry.state}`,
      );

    /** A filling accepted on 36 MO and a crown proposed on 46, with caries on both teeth, done at one visit. */
    async function visitWithWorkDone(name: string) {
      const patientId = await createPatient(fresh.db, smile.id, name);
      await cariesCharted(patientId, 36, ['M', 'O']);
      await cariesCharted(patientId, 36, ['D']);
      await cariesCharted(patientId, 46, []);
      const filled = await planned(smile.dentistUser, { patientId, procedureId: filling, tooth: 36 });
      await asUser(fresh.db, smile.receptionist, (tx) => decide(tx, filled.id, 'accepted'));
      const crowned = await planned(smile.dentistUser, { patientId, procedureId: crown, tooth: 46, surfaces: [] });
      const visit = await appointment(smile, patientId);
      await asUser(fresh.db, smile.receptionist, (tx) => complete(tx, visit, [filled.id, crowned.id]));
      expect(await describeChart(patientId)).toEqual([
        '36 D caries existing',
        '36 MO filling completed',
        '46 whole crown completed',
      ]);
      return { patientId, visit, filled, crowned };
    }

    const whereItStands = async (id: number) => {
      const row = await item(id);
      return { status: row.status, appointment_id: row.appointment_id, completed_entry_id: row.completed_entry_id };
    };

    it.each([
      ['set to No Show', "status = 'No Show'"],
      ['deleted', 'deleted = true'],
    ])('reopens the items done there and gives the chart back its plan and caries when %s', async (_, change) => {
      const { patientId, visit, filled, crowned } = await visitWithWorkDone(`Undone visit ${change}`);

      await asUser(fresh.db, smile.receptionist, setVisit(visit, change));

      expect(await whereItStands(filled.id)).toEqual({
        status: 'accepted',
        appointment_id: visit,
        completed_entry_id: null,
      });
      expect(await whereItStands(crowned.id)).toEqual({
        status: 'proposed',
        appointment_id: visit,
        completed_entry_id: null,
      });
      expect((await describeChart(patientId)).sort()).toEqual([
        '36 D caries existing',
        '36 MO caries existing',
        '36 MO filling planned',
        '46 whole caries existing',
        '46 whole crown planned',
      ]);
      // The items point at their planned entries on the chart again, and the reopening is the
      // receptionist's in the audit trail.
      const { rows } = await fresh.db.query<{ state: string; removed: boolean }>(
        `select e.state::text, e.removed_at is not null as removed
           from public.treatment_plan_items i join public.chart_entries e on e.id = i.planned_entry_id
          where i.id = any($1::bigint[])`,
        [[filled.id, crowned.id]],
      );
      expect(rows).toEqual([
        { state: 'planned', removed: false },
        { state: 'planned', removed: false },
      ]);
      expect((await auditOf(filled.id)).at(-1)).toMatchObject({
        action: 'update',
        actor_user_id: smile.receptionist.sub,
        before: { status: 'done' },
        after: { status: 'accepted' },
      });
    });

    it('offers the items again when the visit is Completed again, and does them as before', async () => {
      const { patientId, visit, filled, crowned } = await visitWithWorkDone('Completed twice');
      await asUser(fresh.db, smile.receptionist, setVisit(visit, "status = 'No Show'"));
      await asUser(fresh.db, smile.receptionist, setVisit(visit, "status = 'Completed'"));

      const done = (await asUser(fresh.db, smile.receptionist, (tx) => complete(tx, visit, [filled.id, crowned.id])))
        .rows;
      expect(done.map((row) => row.status)).toEqual(['done', 'done']);
      expect(await describeChart(patientId)).toEqual([
        '36 D caries existing',
        '36 MO filling completed',
        '46 whole crown completed',
      ]);
    });

    it("leaves other visits' work, and a planned entry removed by hand before the visit, as they are", async () => {
      const patientId = await createPatient(fresh.db, smile.id, 'Two visits');
      await cariesCharted(patientId, 16, ['O']);
      const earlier = await planned(smile.dentistUser, { patientId, procedureId: filling, tooth: 16, surfaces: ['O'] });
      const later = await planned(smile.dentistUser, { patientId, procedureId: filling, tooth: 26, surfaces: ['O'] });
      await asUser(fresh.db, smile.dentistUser, (tx) =>
        tx.query('update public.chart_entries set removed_at = now() where id = $1', [later.planned_entry_id]),
      );
      const first = await appointment(smile, patientId);
      const second = await appointment(smile, patientId);
      await asUser(fresh.db, smile.receptionist, (tx) => complete(tx, first, [earlier.id]));
      await asUser(fresh.db, smile.receptionist, (tx) => complete(tx, second, [later.id]));

      await asUser(fresh.db, smile.receptionist, setVisit(second, "status = 'No Show'"));

      expect((await whereItStands(earlier.id)).status).toBe('done');
      expect((await whereItStands(later.id)).status).toBe('proposed');
      expect(await describeChart(patientId)).toEqual(['16 O filling completed']);
    });

    it('keeps the work of visits deleted together with their patient as it was recorded', async () => {
      const { patientId, filled, crowned } = await visitWithWorkDone('Deleted with their visits');
      await asUser(fresh.db, smile.receptionist, (tx) =>
        tx.query('select public.delete_patient($1, true)', [patientId]),
      );
      expect((await whereItStands(filled.id)).status).toBe('done');
      expect((await whereItStands(crowned.id)).status).toBe('done');
      expect(await describeChart(patientId)).toEqual([
        '36 D caries existing',
        '36 MO filling completed',
        '46 whole crown completed',
      ]);
    });

    it('leaves a visit that was not Completed alone', async () => {
      const patientId = await createPatient(fresh.db, smile.id, 'Booked, then no show');
      const row = await planned(smile.dentistUser, { patientId, procedureId: filling, tooth: 17 });
      const visit = await appointment(smile, patientId, 'Scheduled');
      await asUser(fresh.db, smile.receptionist, (tx) =>
        tx.query('select public.link_plan_item_appointment($1, $2)', [row.id, visit]),
      );
      await asUser(fresh.db, smile.receptionist, setVisit(visit, "status = 'Cancelled'"));
      expect(await whereItStands(row.id)).toEqual({
        status: 'proposed',
        appointment_id: visit,
        completed_entry_id: null,
      });
      expect(await describeChart(patientId)).toEqual(['17 MO filling planned']);
    });
  });

  it('keeps a procedure in the price list while an item of it is still to be done or billed', async () => {
    const { rows } = await fresh.db.query<{ category_id: number }>(
      'select category_id::integer as category_id from public.procedures where id = $1',
      [filling],
    );
    const inlay = await insertRow(fresh.db, 'procedures', {
      clinic_id: smile.id,
      category_id: rows[0]!.category_id,
      name: 'Ceramic Inlay',
      price: '5000.00',
      chart_condition: 'filling',
    });
    const deleteInlay = (tx: Queryable) => tx.query('delete from public.procedures where id = $1', [inlay]);
    const patientId = await createPatient(fresh.db, smile.id, 'Inlay planned');
    const row = await planned(smile.dentistUser, { patientId, procedureId: inlay });
    const stillInUse = { code: '23503', hint: 'procedure_on_open_plan' };
    expect(await refusalFor(fresh.db, smile.receptionist, deleteInlay)).toMatchObject(stillInUse);

    await asUser(fresh.db, smile.receptionist, (tx) => decide(tx, row.id, 'accepted'));
    const visit = await appointment(smile, patientId);
    await asUser(fresh.db, smile.receptionist, (tx) => complete(tx, visit, [row.id]));
    // Done, and Bill would start the invoice with it: still in use until the visit is billed.
    expect(await refusalFor(fresh.db, smile.admin, deleteInlay)).toMatchObject(stillInUse);

    await insertRow(fresh.db, 'invoices', {
      clinic_id: smile.id,
      patient_id: patientId,
      total: '5000.00',
      appointment_id: visit,
    });
    expect((await attemptAs(fresh.db, smile.receptionist, deleteInlay)).ok).toBe(true);
  });

  it('totals the plan exactly, per phase and overall, without declined items', async () => {
    const patientId = await createPatient(fresh.db, smile.id, 'Totals');
    const a = await planned(smile.dentistUser, { patientId, procedureId: filling, tooth: 16, phase: 1 });
    await planned(smile.dentistUser, { patientId, procedureId: filling, tooth: 26, phase: 1 });
    await planned(smile.dentistUser, { patientId, procedureId: crown, tooth: 11, surfaces: [], phase: 2 });
    const d = await planned(smile.dentistUser, { patientId, procedureId: crown, tooth: 21, surfaces: [], phase: 2 });
    await asUser(fresh.db, smile.receptionist, (tx) => decide(tx, d.id, 'declined'));
    const visit = await appointment(smile, patientId);
    await asUser(fresh.db, smile.dentistUser, (tx) => complete(tx, visit, [a.id]));

    const totals = await asUser(fresh.db, smile.receptionist, (tx) =>
      tx.query<{ phase: number | null; item_count: number; total: string; done: string; open: string }>(
        `select phase, item_count, total_centavos::text as total, done_centavos::text as done,
                open_centavos::text as open
           from public.treatment_plan_totals where patient_id = $1 order by phase nulls last`,
        [patientId],
      ),
    );
    expect(totals.rows).toEqual([
      { phase: 1, item_count: 2, total: '300020', done: '150010', open: '150010' },
      { phase: 2, item_count: 1, total: '1200020', done: '0', open: '1200020' },
      { phase: null, item_count: 3, total: '1500040', done: '150010', open: '1350030' },
    ]);
    const other = await asUser(fresh.db, bright.admin, (tx) =>
      tx.query('select * from public.treatment_plan_totals where patient_id = $1', [patientId]),
    );
    expect(other.rows).toEqual([]);
  });

  it('records plans, decisions and completions in the audit trail with who made them', async () => {
    const row = await planned(smile.dentistUser, { patientId: smile.patientId, procedureId: filling, tooth: 15 });
    await asUser(fresh.db, smile.receptionist, (tx) => decide(tx, row.id, 'accepted'));
    const rows = await auditOf(row.id);
    expect(rows.map((entry) => [entry.action, entry.actor_user_id])).toEqual([
      ['insert', smile.dentistUser.sub],
      ['update', smile.receptionist.sub],
    ]);
    expect(rows[0]?.after).toMatchObject({ price_centavos: 150010, tooth: 15 });
  });
});
