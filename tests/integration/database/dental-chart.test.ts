/**
 * The dental chart in the database (…_dental_chart.sql): who may read and chart (every clinic role
 * reads; dentists and admins chart; receptionists and other clinics do not), the refusals by code,
 * the stamps, history that is removed or superseded but never lost, public.chart_as_of by clinic
 * day, and the audit trail. Runs on PGlite and, with TEST_DATABASE_URL, on a real PostgreSQL server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../../local/db/database.ts';
import {
  asUser,
  attemptAs,
  countOf,
  createPatient,
  createTwoClinics,
  databaseTargets,
  freshDatabase,
  insertRow,
  manila,
  refusalFor,
  type ClinicFixture,
  type FreshDatabase,
  type UserClaims,
} from '../../support/database.ts';

interface ChartRow {
  id: number;
  tooth: number;
  surfaces: string[];
  condition: string;
  state: string;
  recorded_by: string | null;
  recorded_by_name: string | null;
  removed_at: string | null;
}

const chartEntry = (tx: Queryable, values: Record<string, unknown>) =>
  tx.query<ChartRow>(
    `insert into public.chart_entries (clinic_id, patient_id, tooth, surfaces, condition, state, appointment_id, supersedes_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     returning id::integer as id, tooth, surfaces, condition::text, state::text, recorded_by, recorded_by_name, removed_at`,
    [
      values.clinic_id,
      values.patient_id,
      values.tooth ?? 36,
      values.surfaces ?? ['M', 'O'],
      values.condition ?? 'caries',
      values.state ?? 'existing',
      values.appointment_id ?? null,
      values.supersedes_id ?? null,
    ],
  );

const chartAsOf = (tx: Queryable, patientId: number, day: string) =>
  tx.query<{ id: number; tooth: number; condition: string }>(
    `select id::integer as id, tooth, condition::text from public.chart_as_of($1, $2::date)`,
    [patientId, day],
  );

describe.each(databaseTargets())('the dental chart on %s', (target) => {
  let fresh: FreshDatabase;
  let smile: ClinicFixture;
  let bright: ClinicFixture;
  let superadmin: UserClaims;

  beforeAll(async () => {
    fresh = await freshDatabase(target);
    ({ smile, bright, superadmin } = await createTwoClinics(fresh.db, `chart ${target}`));
  });

  afterAll(async () => {
    await fresh?.cleanup();
  });

  describe('who may chart and read', () => {
    it('lets a dentist chart a patient of their clinic, stamped with their account and name', async () => {
      const attempt = await attemptAs(fresh.db, smile.dentistUser, (tx) =>
        chartEntry(tx, { clinic_id: smile.id, patient_id: smile.patientId }),
      );
      expect(attempt.ok).toBe(true);
      const row = attempt.ok ? attempt.value.rows[0] : undefined;
      expect(row).toMatchObject({
        tooth: 36,
        surfaces: ['M', 'O'],
        condition: 'caries',
        state: 'existing',
        recorded_by: smile.dentistUser.sub,
        recorded_by_name: 'Test dentist',
        removed_at: null,
      });
    });

    it('lets an admin and the superadmin chart too', async () => {
      for (const actor of [smile.admin, superadmin]) {
        const attempt = await attemptAs(fresh.db, actor, (tx) =>
          chartEntry(tx, { clinic_id: smile.id, patient_id: smile.patientId }),
        );
        expect(attempt.ok).toBe(true);
      }
    });

    it('refuses a receptionist, who reads the chart but does not write it', async () => {
      const refusal = await refusalFor(fresh.db, smile.receptionist, (tx) =>
        chartEntry(tx, { clinic_id: smile.id, patient_id: smile.patientId }),
      );
      expect(refusal.code).toBe('42501');

      const id = await insertRow(fresh.db, 'chart_entries', {
        clinic_id: smile.id,
        patient_id: smile.patientId,
        tooth: 11,
        condition: 'watch',
        state: 'existing',
      });
      const seen = await asUser(fresh.db, smile.receptionist, (tx) =>
        countOf(tx, 'select id from public.chart_entries where id = $1', [id]),
      );
      expect(seen).toBe(1);
      const removed = await asUser(fresh.db, smile.receptionist, (tx) =>
        tx.query('update public.chart_entries set removed_at = now() where id = $1', [id]),
      );
      expect(removed.affectedRows ?? 0).toBe(0);
    });

    it('shows another clinic nothing and lets it write nothing into this clinic', async () => {
      const id = await insertRow(fresh.db, 'chart_entries', {
        clinic_id: smile.id,
        patient_id: smile.patientId,
        tooth: 21,
        condition: 'crown',
        state: 'existing',
      });
      for (const actor of [bright.admin, bright.dentistUser, bright.receptionist]) {
        const seen = await asUser(fresh.db, actor, (tx) =>
          countOf(tx, 'select id from public.chart_entries where clinic_id = $1', [smile.id]),
        );
        expect(seen).toBe(0);
        const asOf = await asUser(fresh.db, actor, (tx) => chartAsOf(tx, smile.patientId, '2099-01-01'));
        expect(asOf.rows).toEqual([]);
        const removed = await asUser(fresh.db, actor, (tx) =>
          tx.query('update public.chart_entries set removed_at = now() where id = $1', [id]),
        );
        expect(removed.affectedRows ?? 0).toBe(0);
      }
      const refusal = await refusalFor(fresh.db, bright.dentistUser, (tx) =>
        chartEntry(tx, { clinic_id: smile.id, patient_id: smile.patientId }),
      );
      expect(refusal.code).toBe('42501');
    });

    it('gives anonymous callers nothing', async () => {
      const refusal = await refusalFor(fresh.db, 'anon', (tx) => tx.query('select id from public.chart_entries'));
      expect(refusal.code).toBe('42501');
    });
  });

  describe('what a chart entry may say', () => {
    it.each([
      [{ tooth: 19 }, 'chart_tooth_invalid'],
      [{ tooth: 56 }, 'chart_tooth_invalid'],
      [{ tooth: 90 }, 'chart_tooth_invalid'],
      [{ surfaces: ['X'] }, 'chart_surfaces_invalid'],
      [{ surfaces: ['M', 'M'] }, 'chart_surfaces_invalid'],
      [{ condition: 'crown', surfaces: ['O'] }, 'chart_surfaces_whole_tooth'],
      [{ condition: 'missing', surfaces: ['B'] }, 'chart_surfaces_whole_tooth'],
    ])('refuses %j with %s', async (values, code) => {
      const refusal = await refusalFor(fresh.db, smile.dentistUser, (tx) =>
        chartEntry(tx, { clinic_id: smile.id, patient_id: smile.patientId, ...values }),
      );
      expect(refusal).toMatchObject({ code: '23514', hint: code });
    });

    it('takes primary teeth (FDI 51–85) and whole-tooth conditions without surfaces', async () => {
      for (const [tooth, condition] of [
        [55, 'caries'],
        [85, 'sealant'],
        [48, 'missing'],
        [11, 'root_canal'],
      ] as const) {
        const attempt = await attemptAs(fresh.db, smile.dentistUser, (tx) =>
          chartEntry(tx, {
            clinic_id: smile.id,
            patient_id: smile.patientId,
            tooth,
            condition,
            surfaces: condition === 'caries' || condition === 'sealant' ? ['O'] : [],
          }),
        );
        expect(attempt.ok).toBe(true);
      }
    });

    it('refuses an appointment of another patient', async () => {
      const appointmentId = await insertRow(fresh.db, 'appointments', {
        clinic_id: smile.id,
        patient_id: await createPatient(fresh.db, smile.id, 'Someone else'),
        dentist_id: smile.dentistId,
        appointment_time: manila('2026-03-10 10:00'),
        reason: 'Dental Consultation',
      });
      const refusal = await refusalFor(fresh.db, smile.dentistUser, (tx) =>
        chartEntry(tx, { clinic_id: smile.id, patient_id: smile.patientId, appointment_id: appointmentId }),
      );
      expect(refusal).toMatchObject({ code: '23514', hint: 'chart_appointment_mismatch' });
    });

    it('never edits an entry: it is removed once, by the signed-in dentist, and nothing else changes', async () => {
      const id = (
        await asUser(fresh.db, smile.dentistUser, (tx) =>
          chartEntry(tx, { clinic_id: smile.id, patient_id: smile.patientId, tooth: 17 }),
        )
      ).rows[0]!.id;
      const edit = await refusalFor(fresh.db, smile.dentistUser, (tx) =>
        tx.query('update public.chart_entries set removed_by_name = $2 where id = $1', [id, 'Someone']),
      );
      expect(edit.hint).toBe('chart_entry_remove_only');

      await asUser(fresh.db, smile.dentistUser, (tx) =>
        tx.query(
          `update public.chart_entries set removed_at = '2000-01-01', removed_by_name = 'Forged' where id = $1`,
          [id],
        ),
      );
      const { rows } = await fresh.db.query<{ removed_by: string; removed_by_name: string; fresh: boolean }>(
        `select removed_by, removed_by_name, removed_at > now() - interval '1 hour' as fresh
           from public.chart_entries where id = $1`,
        [id],
      );
      expect(rows[0]).toEqual({ removed_by: smile.dentistUser.sub, removed_by_name: 'Test dentist', fresh: true });

      const again = await refusalFor(fresh.db, smile.dentistUser, (tx) =>
        tx.query('update public.chart_entries set removed_at = now() where id = $1', [id]),
      );
      expect(again.hint).toBe('chart_entry_removed');
      const deleted = await refusalFor(fresh.db, smile.admin, (tx) =>
        tx.query('delete from public.chart_entries where id = $1', [id]),
      );
      expect(deleted.code).toBe('42501');
    });
  });

  describe('the chart as of a day', () => {
    it('holds what was recorded by the end of that clinic day and not removed by then', async () => {
      const patientId = await createPatient(fresh.db, smile.id, 'Charted over time');
      const entry = (values: Record<string, unknown>) =>
        insertRow(fresh.db, 'chart_entries', { clinic_id: smile.id, patient_id: patientId, ...values });
      const caries = await entry({
        tooth: 36,
        surfaces: ['M', 'O'],
        condition: 'caries',
        state: 'existing',
        recorded_at: manila('2026-03-10 23:59'),
      });
      await entry({ tooth: 48, condition: 'missing', state: 'existing', recorded_at: manila('2026-03-11 00:00') });
      const filling = await entry({
        tooth: 36,
        surfaces: ['M', 'O'],
        condition: 'filling',
        state: 'completed',
        supersedes_id: caries,
        recorded_at: manila('2026-03-12 09:30'),
        recorded_by_name: 'Dr. History',
      });

      const on = async (day: string) =>
        (await asUser(fresh.db, smile.receptionist, (tx) => chartAsOf(tx, patientId, day))).rows.map(
          (row) => `${row.tooth} ${row.condition}`,
        );
      expect(await on('2026-03-09')).toEqual([]);
      expect(await on('2026-03-10')).toEqual(['36 caries']);
      expect(await on('2026-03-11')).toEqual(['36 caries', '48 missing']);
      expect(await on('2026-03-12')).toEqual(['36 filling', '48 missing']);

      const { rows } = await fresh.db.query<{ removed_by_name: string }>(
        'select removed_by_name from public.chart_entries where id = $1',
        [caries],
      );
      expect(rows[0]?.removed_by_name).toBe('Dr. History');
      expect(filling).toBeGreaterThan(caries);
    });

    it('supersedes an entry at most once', async () => {
      const base = await insertRow(fresh.db, 'chart_entries', {
        clinic_id: smile.id,
        patient_id: smile.patientId,
        tooth: 26,
        condition: 'filling',
        state: 'planned',
      });
      await asUser(fresh.db, smile.dentistUser, (tx) =>
        chartEntry(tx, {
          clinic_id: smile.id,
          patient_id: smile.patientId,
          tooth: 26,
          condition: 'filling',
          state: 'completed',
          surfaces: ['O'],
          supersedes_id: base,
        }),
      );
      const twice = await refusalFor(fresh.db, smile.dentistUser, (tx) =>
        chartEntry(tx, { clinic_id: smile.id, patient_id: smile.patientId, tooth: 26, supersedes_id: base }),
      );
      expect(twice.code).toBe('23505');
    });

    it("replaces only an entry of its own patient and tooth: another patient's crown stays on their chart", async () => {
      const otherPatient = await createPatient(fresh.db, smile.id, 'Crowned elsewhere');
      const crowned = await insertRow(fresh.db, 'chart_entries', {
        clinic_id: smile.id,
        patient_id: otherPatient,
        tooth: 11,
        condition: 'crown',
        state: 'existing',
      });
      const onTooth26 = await insertRow(fresh.db, 'chart_entries', {
        clinic_id: smile.id,
        patient_id: smile.patientId,
        tooth: 26,
        condition: 'caries',
        state: 'existing',
      });
      for (const supersedes_id of [crowned, onTooth26]) {
        const refusal = await refusalFor(fresh.db, smile.dentistUser, (tx) =>
          chartEntry(tx, { clinic_id: smile.id, patient_id: smile.patientId, tooth: 46, supersedes_id }),
        );
        expect(refusal).toMatchObject({ code: '23514', hint: 'chart_entry_removed' });
      }
      const { rows } = await fresh.db.query<{ removed: number }>(
        'select count(*)::integer as removed from public.chart_entries where id = any($1) and removed_at is not null',
        [[crowned, onTooth26]],
      );
      expect(rows[0]?.removed).toBe(0);
    });
  });

  it('records every chart change in the audit trail, with who made it', async () => {
    const id = (
      await asUser(fresh.db, smile.dentistUser, (tx) =>
        chartEntry(tx, { clinic_id: smile.id, patient_id: smile.patientId, tooth: 46, surfaces: ['D'] }),
      )
    ).rows[0]!.id;
    await asUser(fresh.db, smile.dentistUser, (tx) =>
      tx.query('update public.chart_entries set removed_at = now() where id = $1', [id]),
    );
    const { rows } = await fresh.db.query<{ action: string; actor_user_id: string; after: Record<string, unknown> }>(
      `select action::text, actor_user_id, after from public.audit_log
        where entity = 'chart_entry' and entity_id = $1 order by id`,
      [id],
    );
    expect(rows.map((row) => row.action)).toEqual(['insert', 'update']);
    expect(rows.every((row) => row.actor_user_id === smile.dentistUser.sub)).toBe(true);
    expect(rows[0]?.after).toMatchObject({ tooth: 46, surfaces: ['D'], condition: 'caries' });
  });
});
