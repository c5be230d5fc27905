import { describe, expect, it } from 'vitest';
import {
  createPatientSearch,
  matchesPatientSearch,
  normalizePatientQuery,
  searchPatients,
  type SearchablePatient,
} from './patient-search';

interface Patient extends SearchablePatient {
  id: number;
}

const ana: Patient = { id: 1, name: 'Ana Santos', phone: '+63 917 555 0101', messenger_id: '24680135792468' };
const ben: Patient = { id: 2, name: 'Ben Cruz', phone: '0918 555 0202', messenger_id: null };
const carla: Patient = { id: 3, name: 'Carla SANTOS-Reyes', phone: '0919 777 0303', messenger_id: 'psid-carla' };
const patients: readonly Patient[] = Object.freeze([ana, ben, carla].map((patient) => Object.freeze(patient)));

const namesOf = (found: readonly Patient[]) => found.map((patient) => patient.name);

describe('patient search', () => {
  it('matches a substring of the name whatever the case', () => {
    expect(namesOf(searchPatients(patients, 'santos'))).toEqual(['Ana Santos', 'Carla SANTOS-Reyes']);
    expect(namesOf(searchPatients(patients, 'CRUZ'))).toEqual(['Ben Cruz']);
  });

  it('matches a substring of the phone number', () => {
    expect(namesOf(searchPatients(patients, '555 0'))).toEqual(['Ana Santos', 'Ben Cruz']);
    expect(namesOf(searchPatients(patients, '+63'))).toEqual(['Ana Santos']);
  });

  it('matches a substring of the messenger id and skips patients without one', () => {
    expect(namesOf(searchPatients(patients, 'PSID-C'))).toEqual(['Carla SANTOS-Reyes']);
    expect(namesOf(searchPatients(patients, '8013579'))).toEqual(['Ana Santos']);
  });

  it('ignores spaces around the query but keeps the ones inside it', () => {
    expect(namesOf(searchPatients(patients, '   ben cruz  '))).toEqual(['Ben Cruz']);
    expect(searchPatients(patients, 'bencruz')).toEqual([]);
  });

  it('returns everyone, in order, for an empty or whitespace-only query', () => {
    expect(searchPatients(patients, '')).toEqual(patients);
    expect(searchPatients(patients, ' \t ')).toEqual(patients);
  });

  it('returns a new array and leaves the list and its rows untouched', () => {
    const all = searchPatients(patients, '');
    expect(all).not.toBe(patients);
    expect(Object.isFrozen(patients)).toBe(true);
    expect(patients.map((patient) => patient.id)).toEqual([1, 2, 3]);
  });

  it('finds nothing when no field contains the query', () => {
    expect(searchPatients(patients, 'zzz')).toEqual([]);
  });

  it('treats characters that are special elsewhere (% _ * .) as plain text', () => {
    const odd: Patient = { id: 4, name: 'Dee 100%_*.', phone: '1', messenger_id: null };
    expect(namesOf(searchPatients([...patients, odd], '%_*.'))).toEqual(['Dee 100%_*.']);
    expect(searchPatients(patients, '%')).toEqual([]);
  });

  it('answers single rows the same way', () => {
    expect(matchesPatientSearch(ben, ' 0918 ')).toBe(true);
    expect(matchesPatientSearch(ben, 'psid')).toBe(false);
    expect(matchesPatientSearch(ben, '')).toBe(true);
  });

  it('normalises a query by trimming and lower-casing it', () => {
    expect(normalizePatientQuery('  Ana SANTOS ')).toBe('ana santos');
  });
});

describe('a prepared patient search', () => {
  it('gives the same answers as searching the list directly', () => {
    const search = createPatientSearch(patients);
    for (const query of ['', '  ', 'santos', 'CRUZ', '555', 'psid', '+63', 'nobody']) {
      expect(search(query)).toEqual(searchPatients(patients, query));
    }
  });

  it('keeps answering from the list it was built with', () => {
    const list = [ana, ben];
    const search = createPatientSearch(list);
    list.push(carla);
    expect(namesOf(search('santos'))).toEqual(['Ana Santos']);
  });

  it("finds a name whatever its accents, as the patient entity's rule does ('nina' finds 'Niña')", () => {
    const accented: Patient[] = [
      { id: 1, name: 'Niña Reyes', phone: null, messenger_id: null },
      { id: 2, name: 'NIÑA  BAUTISTA', phone: null, messenger_id: null },
      { id: 3, name: 'Nino Cruz', phone: null, messenger_id: null },
    ];
    expect(namesOf(searchPatients(accented, 'nina'))).toEqual(['Niña Reyes', 'NIÑA  BAUTISTA']);
    expect(namesOf(createPatientSearch(accented)('niña bautista'))).toEqual(['NIÑA  BAUTISTA']);
  });

  // How fast is bench/patients.bench.ts's to measure: a timing here fails on a busy machine.
  it('searches 10,000 patients keystroke by keystroke, finding the one a Messenger id names', () => {
    const many: Patient[] = Array.from({ length: 10_000 }, (_, index) => ({
      id: index,
      name: `Patient ${index.toString(36)} Dela Cruz`,
      phone: `+63 917 ${String(index).padStart(7, '0')}`,
      messenger_id: index % 3 === 0 ? `psid-${index}` : null,
    }));
    const search = createPatientSearch(many);
    const counts = ['p', 'pa', 'pat', 'pati', 'patie', 'patien', 'patient 7'].map((query) => search(query).length);
    expect(counts.slice(0, 6)).toEqual([10_000, 10_000, 10_000, 10_000, 10_000, 10_000]);
    expect(counts[6]).toBe(many.filter((patient) => patient.name.startsWith('Patient 7')).length);
    expect(search('psid-9999')).toHaveLength(1);
  });
});
