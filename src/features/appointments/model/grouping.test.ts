import { describe, expect, it } from 'vitest';
import { dentistFilterOptions, dentistGroupTitle, groupByDentist, sortByTime } from './grouping';

const dentists = [
  { id: 10, name: 'Dr. Ana Cruz' },
  { id: 11, name: 'Dr. Ben Reyes' },
  { id: 12, name: 'Dr. Carla Santos' },
];

const appointments = [
  { id: 1, dentist_id: 11, appointment_time: '2026-11-23T14:00:00+08:00' },
  { id: 2, dentist_id: 10, appointment_time: '2026-11-24T09:00:00+08:00' },
  { id: 3, dentist_id: 10, appointment_time: '2026-11-23T02:20:00Z' }, // 10:20 Manila
  { id: 4, dentist_id: 11, appointment_time: '2026-11-23T09:00:00+08:00' },
  { id: 5, dentist_id: 10, appointment_time: '2026-11-22T21:00:00-05:00' }, // 10:00 Manila, 23rd
];

const ids = (list: readonly { id: number }[]) => list.map((appointment) => appointment.id);

describe('rows', () => {
  it('are sorted by time ascending, comparing instants whatever offset they are written with', () => {
    expect(ids(sortByTime(appointments))).toEqual([4, 5, 3, 1, 2]);
  });

  it('with the same time keep a stable order by id', () => {
    const same = [
      { id: 9, appointment_time: '2026-11-23T09:00:00+08:00' },
      { id: 8, appointment_time: '2026-11-23T01:00:00Z' },
    ];
    expect(ids(sortByTime(same))).toEqual([8, 9]);
  });

  it('are sorted into a new array, leaving the caller’s as it was', () => {
    const frozen = Object.freeze([...appointments]);
    sortByTime(frozen);
    expect(ids(frozen)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('dentist cards', () => {
  it('are titled with the dentist and the number of appointments', () => {
    expect(dentistGroupTitle('Dr. Ana Cruz', 3)).toBe('Dr. Ana Cruz (3 appointments)');
    expect(dentistGroupTitle('Dr. Ana Cruz', 1)).toBe('Dr. Ana Cruz (1 appointments)');
  });

  it('hide dentists without appointments when no dentist is chosen', () => {
    expect(groupByDentist(appointments, dentists, null).map((group) => [group.title, ids(group.appointments)])).toEqual(
      [
        ['Dr. Ana Cruz (3 appointments)', [5, 3, 2]],
        ['Dr. Ben Reyes (2 appointments)', [4, 1]],
      ],
    );
  });

  it('show only the chosen dentist, even with no appointments', () => {
    expect(groupByDentist(appointments, dentists, 11)).toEqual([
      {
        dentistId: 11,
        dentistName: 'Dr. Ben Reyes',
        title: 'Dr. Ben Reyes (2 appointments)',
        appointments: [appointments[3], appointments[0]],
      },
    ]);
    expect(groupByDentist(appointments, dentists, 12)).toEqual([
      { dentistId: 12, dentistName: 'Dr. Carla Santos', title: 'Dr. Carla Santos (0 appointments)', appointments: [] },
    ]);
  });

  it('put appointments of a dentist missing from the list last, under Unknown dentist', () => {
    const withStranger = [...appointments, { id: 6, dentist_id: 99, appointment_time: '2026-11-23T09:00:00+08:00' }];
    expect(groupByDentist(withStranger, dentists).map((group) => group.title)).toEqual([
      'Dr. Ana Cruz (3 appointments)',
      'Dr. Ben Reyes (2 appointments)',
      'Unknown dentist (1 appointments)',
    ]);
  });

  it('are empty when there is nothing to show', () => {
    expect(groupByDentist([], dentists)).toEqual([]);
  });
});

describe('the dentist filter', () => {
  it('counts all appointments and each dentist’s, listing dentists with none too', () => {
    expect(dentistFilterOptions(dentists, appointments)).toEqual([
      { value: null, label: 'All Dentists (5)', count: 5 },
      { value: 10, label: 'Dr. Ana Cruz (3)', count: 3 },
      { value: 11, label: 'Dr. Ben Reyes (2)', count: 2 },
      { value: 12, label: 'Dr. Carla Santos (0)', count: 0 },
    ]);
  });
});
