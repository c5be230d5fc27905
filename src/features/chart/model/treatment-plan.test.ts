import { describe, expect, it } from 'vitest';
import { bookingDentistFor, groupPlan, isOpenPlanItem, planItemName, type PlanItem } from './treatment-plan';

const item = (id: number, phase: number, status: PlanItem['status'] = 'proposed'): PlanItem => ({
  id,
  tooth: 36,
  surfaces: ['M', 'O'],
  condition: 'filling',
  phase,
  status,
  procedureId: 1,
  procedureName: 'Composite Filling',
  priceCentavos: 150_010,
  appointmentId: null,
  booked: false,
  plannedByName: 'Dr. Andrea Villanueva',
  decidedAt: null,
  decidedByName: null,
  doneAt: null,
});

describe('groupPlan', () => {
  it('groups items by phase, first phase first, beside the totals the database gave', () => {
    const totals = [
      { phase: 2, itemCount: 1, totalCentavos: 150_010, doneCentavos: 0, openCentavos: 150_010 },
      { phase: null, itemCount: 2, totalCentavos: 300_020, doneCentavos: 150_010, openCentavos: 150_010 },
      { phase: 1, itemCount: 1, totalCentavos: 150_010, doneCentavos: 150_010, openCentavos: 0 },
    ];
    const plan = groupPlan([item(3, 2), item(1, 1, 'done'), item(2, 1, 'declined')], totals);
    expect(plan.phases.map((phase) => [phase.phase, phase.items.map((i) => i.id), phase.total?.totalCentavos])).toEqual(
      [
        [1, [1, 2], 150_010],
        [2, [3], 150_010],
      ],
    );
    expect(plan.overall?.totalCentavos).toBe(300_020);
  });

  it('has no total for a phase whose items were all declined, and none overall for an empty plan', () => {
    expect(groupPlan([item(1, 3, 'declined')], []).phases[0]?.total).toBeNull();
    expect(groupPlan([], []).overall).toBeNull();
  });
});

describe('isOpenPlanItem', () => {
  it('counts proposed and accepted items as still to do', () => {
    expect((['proposed', 'accepted', 'declined', 'done'] as const).map((status) => isOpenPlanItem({ status }))).toEqual(
      [true, true, false, false],
    );
  });
});

describe('planItemName', () => {
  it('names the procedure and the tooth, with the surfaces when there are any', () => {
    expect(planItemName({ procedureName: 'Composite Filling', tooth: 36, surfaces: ['M', 'O'] })).toBe(
      'Composite Filling on tooth 36 MO',
    );
    expect(planItemName({ procedureName: 'Porcelain Crown', tooth: 11, surfaces: [] })).toBe(
      'Porcelain Crown on tooth 11',
    );
  });
});

describe('bookingDentistFor', () => {
  const dentists = [
    { id: 1, name: 'Dr. Andrea Villanueva', email: 'dentist@demo.test' },
    { id: 2, name: 'Dr. Ben Cruz', email: 'ben@demo.test' },
  ];

  it('picks the signed-in dentist by e-mail, whoever planned the item', () => {
    expect(bookingDentistFor(dentists, ' Ben@Demo.test', 'Dr. Andrea Villanueva')).toBe(2);
  });

  it('falls back to the dentist who planned it, and to none', () => {
    expect(bookingDentistFor(dentists, 'reception@demo.test', 'Dr. Andrea Villanueva')).toBe(1);
    expect(bookingDentistFor(dentists, 'reception@demo.test', 'Admin')).toBeUndefined();
    expect(bookingDentistFor(dentists, 'reception@demo.test', null)).toBeUndefined();
  });
});
