/**
 * The Appointments export (@common/csv/exports, written by the service) against the list: the
 * values read as the rows show them (Origin, Messenger ids, procedure and notes, unknown names),
 * and its dates and times as the row formats them, in another browser zone too.
 */
import { describe, expect, it } from 'vitest';
import { formatClinicDate, formatClinicTime } from '@common/clinic-calendar';
import {
  appointmentExportColumns,
  messengerText,
  originText,
  REASON_NOTES_MARK,
  reasonParts,
  UNKNOWN_DENTIST_TEXT,
  UNKNOWN_PATIENT_TEXT,
  type AppointmentExportRow,
} from '@common/csv/exports';
import { REASON_NOTES_SEPARATOR } from './list/bill';
import { originLabel } from './list/origin';
import { messengerIdText } from './model/display';
import { UNKNOWN_DENTIST } from './model/grouping';
import { LIST_TEXT } from './model/messages';

describe('the appointments export', () => {
  it('reads Origin, Messenger ids and missing names as the list does', () => {
    for (const origin of [null, undefined, '', '  ', 'messenger', 'Facebook MESSENGER', 'walk-in', 'phone']) {
      expect(originText(origin)).toBe(originLabel(origin));
    }
    for (const id of [null, undefined, '', ' ', '2400000000000001']) {
      expect(messengerText(id)).toBe(messengerIdText(id));
    }
    expect(REASON_NOTES_MARK).toBe(REASON_NOTES_SEPARATOR);
    expect(UNKNOWN_PATIENT_TEXT).toBe(LIST_TEXT.unknownPatient);
    expect(UNKNOWN_DENTIST_TEXT).toBe(UNKNOWN_DENTIST);
    expect(reasonParts('Braces Adjustment — Notes: upper, "left"')).toEqual({
      procedure: 'Braces Adjustment',
      notes: 'upper, "left"',
    });
    expect(reasonParts(null)).toEqual({ procedure: '', notes: '' });
  });

  it("writes the date and time as the row shows them, in the clinic's zone", () => {
    const row: AppointmentExportRow = {
      id: '7',
      appointment_time: '2027-03-02T01:20:00+00:00',
      local_date: '2027-03-02',
      local_time: '09:20',
      patient_name: null,
      patient_messenger_id: null,
      guardian_messenger_id: '99',
      dentist_name: null,
      reason: 'Dental Consultation — Notes: x',
      booking_origin: 'messenger',
      status: 'Confirmed',
    };
    const columns = appointmentExportColumns('Asia/Manila');
    const cells = Object.fromEntries(columns.map((column) => [column.header, column.value(row)]));
    expect(cells).toEqual({
      Patient: 'Unknown patient',
      Date: formatClinicDate(row.appointment_time, 'Asia/Manila'),
      Time: formatClinicTime(row.appointment_time, 'Asia/Manila'),
      'Appointment ID': '7',
      Messenger: 'N/A',
      Guardian: '99',
      Dentist: 'Unknown dentist',
      Procedure: 'Dental Consultation',
      Notes: 'x',
      Origin: 'Messenger',
      Status: 'Confirmed',
    });
    expect(cells.Date).toBe('March 2, 2027');
    expect(cells.Time).toBe('9:20 AM');
  });
});
