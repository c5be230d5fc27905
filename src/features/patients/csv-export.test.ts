/**
 * The Patients export (@common/csv/exports, written by the service) against the Patients table:
 * the same headers in the same order, and the same search. If one changes without the other,
 * this fails.
 */
import { describe, expect, it } from 'vitest';
import { matchesPatientQuery, PATIENT_EXPORT_COLUMNS } from '@common/csv/exports';
import { PATIENT_LIST_TEXT } from './list/messages';
import { searchPatients } from './list/patient-search';

describe('the patients export', () => {
  it("has the table's visible columns first, in order, then the no-show count and the id", () => {
    const { name, phone, messengerId } = PATIENT_LIST_TEXT.columns;
    expect(PATIENT_EXPORT_COLUMNS.map((column) => column.header)).toEqual([
      name,
      phone,
      messengerId,
      'No-shows (12 months)',
      'Patient ID',
    ]);
  });

  it('keeps the patients the search box keeps', () => {
    const patients = [
      { name: 'Ñoño Peña', phone: '+63 917 555 0101', messenger_id: null },
      { name: 'Ana Cruz', phone: null, messenger_id: '2400000000000001' },
      { name: 'İlker', phone: '0917', messenger_id: '' },
    ];
    for (const query of ['', '  ', 'ñoÑo', 'pena', '917 555', '24000', 'CRUZ ', 'i̇lk', 'zzz']) {
      expect(patients.filter((patient) => matchesPatientQuery(patient, query))).toEqual(
        searchPatients(patients, query),
      );
    }
  });
});
