import { describe, expect, it } from 'vitest';
import { foldName, matchesPatientName, matchesPatientQuery } from './patient-search';

const patient = (name: string, phone: string | null = null, messenger_id: string | null = null) => ({
  name,
  phone,
  messenger_id,
});

describe('the patient search rule', () => {
  it('folds case, accents and runs of spaces', () => {
    expect(foldName('  Ma.  NIÑA   Peña ')).toBe('ma. nina pena');
  });

  it("finds 'Niña' for 'nina' and 'Peña' for 'pena', not 'Nino' for 'nina'", () => {
    expect(matchesPatientName('Niña Reyes', 'nina')).toBe(true);
    expect(matchesPatientName('Juan Peña', 'PENA')).toBe(true);
    expect(matchesPatientName('Nino Cruz', 'nina')).toBe(false);
  });

  it('matches name, phone or Messenger ID; a blank query matches everyone', () => {
    expect(matchesPatientQuery(patient('Niña Reyes'), 'nina')).toBe(true);
    expect(matchesPatientQuery(patient('Ana', '+63 917 555 0101'), '917  555')).toBe(true);
    expect(matchesPatientQuery(patient('Ana', null, 'PSID-9'), 'psid-9')).toBe(true);
    expect(matchesPatientQuery(patient('Ana'), '   ')).toBe(true);
    expect(matchesPatientQuery(patient('Ana', '0917'), 'zzz')).toBe(false);
  });
});
