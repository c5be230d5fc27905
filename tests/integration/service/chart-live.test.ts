/**
 * Dental chart live updates over real sockets: an entry charted or removed by a dentist
 * reaches the other devices of its clinic as 'chart-updated', naming the patient and the entry, and
 * no other clinic. The chart feed LISTENs in-process to PGlite and, with TEST_DATABASE_URL, over
 * `pg` to a real PostgreSQL server.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHART_UPDATED } from '@common/contract';
import { databaseTargets } from '../../support/database.ts';
import { liveEvents } from '../../support/live-events.ts';
import { DEMO, demoClinics } from '../../support/service.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';
import { waitFor } from '../../support/wait-for.ts';

describe.each(databaseTargets())('chart-updated on %s', (target) => {
  let stack: TestStack;
  let clinics: { smile: number; bright: number };
  let dentist: SupabaseClient;
  let otherAdmin: SupabaseClient;
  const live = liveEvents(() => stack);

  async function chartCaries(client: SupabaseClient, clinicId: number) {
    const patient = await client
      .from('patients')
      .insert({ clinic_id: clinicId, name: `Charted ${randomUUID().slice(0, 8)}`, phone: '1' })
      .select('id')
      .single();
    if (patient.error) throw patient.error;
    const entry = await client
      .from('chart_entries')
      .insert({
        clinic_id: clinicId,
        patient_id: patient.data.id,
        tooth: 36,
        surfaces: ['M', 'O'],
        condition: 'caries',
        state: 'existing',
      })
      .select('id')
      .single();
    if (entry.error) throw entry.error;
    return { id: entry.data.id as number, patientId: patient.data.id as number };
  }

  beforeAll(async () => {
    stack = await startTestStack({
      env: { REMINDER_SCHEDULER: 'off' },
      target,
    });
    clinics = await demoClinics(stack.db);
    [dentist, otherAdmin] = await Promise.all([stack.signedIn(DEMO.dentist), stack.signedIn(DEMO.admin2)]);
  });

  afterEach(() => live.closeAll());

  afterAll(async () => {
    await stack?.stop();
  });

  it("when a dentist charts and removes an entry, then the clinic's other devices hear of both and another clinic nothing", async () => {
    const [receptionDesk, otherClinic] = await Promise.all([
      live.follow(DEMO.reception, CHART_UPDATED),
      live.follow(DEMO.admin2, CHART_UPDATED),
    ]);
    const entry = await chartCaries(dentist, clinics.smile);
    const expected = { clinic_id: clinics.smile, patient_id: entry.patientId, entry_id: entry.id };
    expect(await waitFor(() => receptionDesk.find((event) => event.entry_id === entry.id))).toEqual(expected);

    const removed = await dentist
      .from('chart_entries')
      .update({ removed_at: new Date().toISOString() })
      .eq('id', entry.id)
      .select('id');
    expect(removed.error).toBeNull();
    await waitFor(() => (receptionDesk.filter((event) => event.entry_id === entry.id).length === 2 ? true : undefined));

    // The other clinic's own change arrives after ours would have: it heard nothing of Smile Dental.
    const theirs = await chartCaries(otherAdmin, clinics.bright);
    await waitFor(() => otherClinic.find((event) => event.entry_id === theirs.id));
    expect(otherClinic.filter((event) => event.clinic_id !== clinics.bright)).toEqual([]);
  });

  it('when the front desk records a patient’s decision on a plan item, or the dentist withdraws it, then the clinic hears of it as chart-updated', async () => {
    const receptionist = await stack.signedIn(DEMO.reception);
    const dentistDevice = await live.follow(DEMO.dentist, CHART_UPDATED);
    const caries = await chartCaries(dentist, clinics.smile);
    const procedure = await dentist
      .from('procedures')
      .select('id')
      .eq('clinic_id', clinics.smile)
      .eq('name', 'Composite Filling')
      .single();
    const planned = await dentist
      .rpc('plan_treatment', {
        p_patient_id: caries.patientId,
        p_procedure_id: procedure.data!.id,
        p_tooth: 36,
        p_surfaces: ['M', 'O'],
      })
      .single<{ id: number; planned_entry_id: number }>();
    expect(planned.error).toBeNull();
    const entryId = planned.data!.planned_entry_id;
    // The planned entry and the item name the same entry in one transaction: one notice (Postgres
    // folds equal notices of a transaction into one).
    await waitFor(() => dentistDevice.find((event) => event.entry_id === entryId));
    const heard = () => dentistDevice.filter((event) => event.entry_id === entryId);
    /** The notice that follows `write`, naming the planned entry. */
    const noticeAfter = async (write: () => PromiseLike<{ error: unknown }>) => {
      const before = heard().length;
      expect((await write()).error).toBeNull();
      return waitFor(() => (heard().length > before ? heard().at(-1) : undefined));
    };
    const notice = { clinic_id: clinics.smile, patient_id: caries.patientId, entry_id: entryId };

    expect(
      await noticeAfter(() =>
        receptionist.rpc('decide_plan_item', { p_item_id: planned.data!.id, p_decision: 'accepted' }),
      ),
    ).toEqual(notice);
    expect(await noticeAfter(() => dentist.rpc('withdraw_plan_item', { p_item_id: planned.data!.id }))).toEqual(notice);
  });
});
