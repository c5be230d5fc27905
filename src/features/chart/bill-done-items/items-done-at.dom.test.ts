// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { realStack, seed, setupComponentTests, signInAs } from '@/testing/real-db';
import { itemsDoneAt } from './api/items-done-at';

setupComponentTests();

/**
 * Maria's plan: a filling on 36 MO and a crown on 11 done at appointment 100, a sealant on 37 done
 * at another visit, a proposed filling booked for 100 but not done, and Jose's item done at his own
 * visit. Prices are as quoted when planned; the price list has changed since.
 */
beforeEach(async () => {
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
  await seed.patients([
    { id: 1, name: 'Maria Santos' },
    { id: 2, name: 'Jose Rizal' },
  ]);
  await seed.dentists([{ id: 1, name: 'Dr. Reyes', email: 'reyes@example.test' }]);
  await seed.procedure_categories([{ id: 1, name: 'Restorative' }]);
  await seed.procedures([
    { id: 1, name: 'Composite Filling', price: 1750, chart_condition: 'filling' },
    { id: 2, name: 'Porcelain Crown', price: 9000, chart_condition: 'crown' },
    { id: 3, name: 'Pit and Fissure Sealant', price: 900, chart_condition: 'sealant' },
  ]);
  await seed.appointments([
    { id: 100, patient_id: 1, appointment_time: '2030-01-08T01:00:00Z', status: 'Completed' },
    { id: 101, patient_id: 1, appointment_time: '2030-01-02T01:00:00Z', status: 'Completed' },
    { id: 102, patient_id: 2, appointment_time: '2030-01-08T02:00:00Z', status: 'Completed' },
  ]);
  const planned = await seed.chart_entries([
    { patient_id: 1, tooth: 36, surfaces: ['M', 'O'], condition: 'filling', state: 'planned' },
    { patient_id: 1, tooth: 11, surfaces: [], condition: 'crown', state: 'planned' },
    { patient_id: 1, tooth: 37, surfaces: ['O'], condition: 'sealant', state: 'planned' },
    { patient_id: 1, tooth: 46, surfaces: ['O'], condition: 'filling', state: 'planned' },
    { patient_id: 2, tooth: 26, surfaces: ['D'], condition: 'filling', state: 'planned' },
  ]);
  const id = (index: number) => planned[index]!.id;
  await realStack().query(
    `insert into public.treatment_plan_items
       (clinic_id, patient_id, procedure_id, procedure_name, price, tooth, surfaces, condition, phase, status,
        planned_entry_id, appointment_id, done_at, completed_entry_id, decided_at)
     values (1, 1, 1, 'Composite Filling', 1500.10, 36, '{M,O}', 'filling', 1, 'done', $1, 100, now(), $1, null),
            (1, 1, 2, 'Porcelain Crown', 8000.05, 11, '{}', 'crown', 2, 'done', $2, 100, now(), $2, null),
            (1, 1, 3, 'Pit and Fissure Sealant', 900.00, 37, '{O}', 'sealant', 1, 'done', $3, 101, now(), $3, null),
            (1, 1, 1, 'Composite Filling', 1500.10, 46, '{O}', 'filling', 1, 'accepted', $4, 100, null, null, now()),
            (1, 2, 1, 'Composite Filling', 1500.10, 26, '{D}', 'filling', 1, 'done', $5, 102, now(), $5, null)`,
    [id(0), id(1), id(2), id(3), id(4)],
  );
});

describe('the lines a bill starts with: plan items done at the appointment', () => {
  it('are the items done there, by phase, at the price quoted when planned', async () => {
    await signInAs({ role: 'receptionist', clinic_id: 1 });
    expect(await itemsDoneAt({ id: 100, patientId: 1 })).toEqual([
      { procedureId: 1, tooth: 36, surfaces: ['M', 'O'], priceCentavos: 150_010 },
      { procedureId: 2, tooth: 11, surfaces: [], priceCentavos: 800_005 },
    ]);
    expect(await itemsDoneAt({ id: 101, patientId: 1 })).toEqual([
      { procedureId: 3, tooth: 37, surfaces: ['O'], priceCentavos: 90_000 },
    ]);
  });

  it('are none for another patient’s appointment, or one where nothing was done', async () => {
    await signInAs({ role: 'receptionist', clinic_id: 1 });
    expect(await itemsDoneAt({ id: 102, patientId: 1 })).toEqual([]);
    await realStack().query(`update public.treatment_plan_items set procedure_id = null where appointment_id = 101`);
    expect(await itemsDoneAt({ id: 101, patientId: 1 })).toEqual([]);
  });

  it('are none for staff of another clinic', async () => {
    await seed.clinics([{ id: 2, name: 'Bright Teeth' }]);
    await signInAs({ role: 'receptionist', clinic_id: 2 });
    expect(await itemsDoneAt({ id: 100, patientId: 1 })).toEqual([]);
  });
});
