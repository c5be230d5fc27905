/**
 * The Appointments export (@common/csv/exports, written by the service) against the list: the
 * values read as the rows show them (Origin, Messenger ids, procedure and notes, unknown names),
 * and the clinic's date and time as sortable cells, whatever the browser's zone.
 */
import { describe, expect, it } from 'vitest';
import { clinicWallClock } from '@common/clinic-calendar';
import {
  APPOINTMENT_EXPORT_COLUMNS,
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

  it("writes the clinic's date as YYYY-MM-DD and its time as 24-hour HH:MM, in cells of their own", () => {
    const row: AppointmentExportRow = {
      id: '7',
      appointment_time: '2027-03-02T06:20:00+00:00',
      local_date: '2027-03-02',
      local_time: '14:20',
      patient_name: null,
      patient_messenger_id: null,
      guardian_messenger_id: '99',
      dentist_name: null,
      reason: 'Dental Consultation — Notes: x',
      booking_origin: 'messenger',
      status: 'Confirmed',
    };
    const cells = Object.fromEntries(APPOINTMENT_EXPORT_COLUMNS.map((column) => [column.header, column.value(row)]));
    expect(cells).toEqual({
      Patient: 'Unknown patient',
      Date: '2027-03-02',
      Time: '14:20',
      'Appointment ID': '7',
      Messenger: 'N/A',
      Guardian: '99',
      Dentist: 'Unknown dentist',
      Procedure: 'Dental Consultation',
      Notes: 'x',
      Origin: 'Messenger',
      Status: 'Confirmed',
    });
    // The database's reading of the clinic's clock is the calendar module's.
    const clock = clinicWallClock(row.appointment_time, 'Asia/Manila');
    expect([cells.Date, cells.Time]).toEqual([clock.date, clock.time]);
  });
});
