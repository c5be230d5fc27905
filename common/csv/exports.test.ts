import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_EXPORT_COLUMNS,
  AUDIT_EXPORT_COLUMNS,
  auditChangesText,
  exportFileName,
  exportQuery,
  PAYMENT_EXPORT_COLUMNS,
  paymentMethodText,
} from './exports';
import { toCsv } from './index';

describe('export names and query strings', () => {
  it('names a file after the list, the clinic as ASCII and the clinic date', () => {
    expect(exportFileName('patients', 'Smile Dental', '2026-11-26')).toBe('patients-smile-dental-2026-11-26.csv');
    expect(exportFileName('payments', 'Clínica Niño & Peña, Inc.', '2026-11-26')).toBe(
      'payments-clinica-nino-pena-inc-2026-11-26.csv',
    );
    expect(exportFileName('invoices', '😁 ', '2026-11-26')).toBe('invoices-clinic-2026-11-26.csv');
  });

  it('leaves empty filters and the All status out of the query string', () => {
    expect(exportQuery<'invoices'>(3, { q: '', status: 'All' })).toEqual({ clinicId: '3' });
    expect(exportQuery<'invoices'>(3, { q: 'ana', status: 'Paid' })).toEqual({
      clinicId: '3',
      q: 'ana',
      status: 'Paid',
    });
    expect(
      exportQuery<'appointments'>(3, {
        from: '2026-10-31T16:00:00.000Z',
        to: '2026-11-30T16:00:00.000Z',
        dentistId: null,
      }),
    ).toEqual({ clinicId: '3', from: '2026-10-31T16:00:00.000Z', to: '2026-11-30T16:00:00.000Z' });
    expect(exportQuery<'appointments'>(3, { from: 'a', to: 'b', dentistId: 9 })).toMatchObject({ dentistId: '9' });
  });

  it('labels payment methods as the Billing tab does, an unknown one as stored', () => {
    expect(['cash', 'card', 'e-wallet', 'bank', 'cheque', null].map(paymentMethodText)).toEqual([
      'Cash',
      'Card',
      'E-Wallet',
      'Bank Transfer',
      'cheque',
      '',
    ]);
  });
});

describe('dates and times in the exports', () => {
  it('writes an appointment as a Date cell (YYYY-MM-DD) and a 24-hour Time cell, both clinic time', () => {
    const csv = toCsv(APPOINTMENT_EXPORT_COLUMNS, [
      {
        id: '41',
        appointment_time: '2027-03-02T06:20:00+00:00',
        local_date: '2027-03-02',
        local_time: '14:20',
        patient_name: 'Peña, Ana',
        patient_messenger_id: '4242',
        guardian_messenger_id: null,
        dentist_name: 'Dr. Reyes',
        reason: 'Dental Consultation — Notes: upper left',
        booking_origin: 'messenger',
        status: 'Confirmed',
      },
      {
        id: '42',
        appointment_time: '2027-03-02T16:00:00+00:00',
        local_date: '2027-03-03',
        local_time: '00:00',
        patient_name: null,
        patient_messenger_id: null,
        guardian_messenger_id: null,
        dentist_name: null,
        reason: null,
        booking_origin: null,
        status: 'Scheduled',
      },
    ]);
    expect(csv).toBe(
      '\uFEFFPatient,Date,Time,Appointment ID,Messenger,Guardian,Dentist,Procedure,Notes,Origin,Status\r\n' +
        '"Peña, Ana",2027-03-02,14:20,41,4242,N/A,Dr. Reyes,Dental Consultation,upper left,Messenger,Confirmed\r\n' +
        'Unknown patient,2027-03-03,00:00,42,N/A,N/A,Unknown dentist,,,System,Scheduled\r\n',
    );
  });

  it("splits the Payments table's Date into the clinic's Date and Time, money and guards unchanged", () => {
    const csv = toCsv(PAYMENT_EXPORT_COLUMNS, [
      {
        id: '9',
        invoice_id: '5',
        patient_name: 'Niño Cruz',
        amount: '-0.50',
        method: 'e-wallet',
        reference_number: '=GC-1',
        payment_date: '2027-03-05T09:30:00+00:00',
        local_date: '2027-03-05',
        local_time: '17:30',
        voided_at: '2027-03-06T01:00:00+00:00',
        void_reason: 'Entered twice',
      },
    ]);
    expect(csv).toBe(
      '\uFEFFIID,Patient,Amount,Method,Ref #,Date,Time,Payment ID,Void,Void reason\r\n' +
        "5,Niño Cruz,-0.50,E-Wallet,'=GC-1,2027-03-05,17:30,9,Void,Entered twice\r\n",
    );
  });

  it('writes the times a change moved in clinic time, as the Date and Time cells are', () => {
    const csv = toCsv(AUDIT_EXPORT_COLUMNS, [
      {
        id: '78',
        occurred_at: '2027-03-01T02:00:00+00:00',
        local_date: '2027-03-01',
        local_time: '10:00',
        time_zone: 'Asia/Manila',
        entity: 'appointment',
        action: 'update',
        entity_label: 'Appointment of Niño Cruz',
        actor_name: 'Rosa Reyes',
        actor_email: null,
        actor_role: 'receptionist',
        source: 'browser',
        client_address: null,
        before: { appointment_time: '2027-03-02T01:20:00+00:00', cancelled_at: null, reason: '2027-03-02T01:20' },
        after: { appointment_time: '2027-03-02T16:40:00+00:00', cancelled_at: null, reason: '2027-03-02T01:20' },
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe(
      '2027-03-01,10:00,Rosa Reyes,receptionist,browser,appointment,update,Appointment of Niño Cruz,' +
        '"appointment_time: 2027-03-02 09:20 → 2027-03-03 00:40\ncancelled_at:  → \nreason: 2027-03-02T01:20 → 2027-03-02T01:20",,78',
    );
  });

  it('knows an instant by its field, as the Audit Trail screen does, not by how the value looks', () => {
    // The same values as the screen's audit-display.test.ts: both read them through ../audit/value-kinds.
    expect(
      auditChangesText(
        { notes: 'first visit', appointment_time: '2027-03-02T01:20:00+00:00', payment_date: null },
        {
          notes: '2027-03-02T09:20:00+08:00',
          appointment_time: '2027-03-02T01:20:00+00:00',
          payment_date: '2027-03-05T09:30:00+00:00',
        },
        'Asia/Manila',
      ),
    ).toBe(
      'appointment_time: 2027-03-02 09:20 → 2027-03-02 09:20\n' +
        'notes: first visit → 2027-03-02T09:20:00+08:00\n' +
        'payment_date:  → 2027-03-05 17:30',
    );
    expect(auditChangesText(null, { reason: '2027-03-02T01:20:00Z' }, 'Asia/Manila')).toBe(
      'reason: 2027-03-02T01:20:00Z',
    );
    expect(auditChangesText(null, { appointment_time: 'not a time' }, 'Asia/Manila')).toBe(
      'appointment_time: not a time',
    );
  });

  it("splits the Audit Trail's When into the clinic's Date and Time", () => {
    const csv = toCsv(AUDIT_EXPORT_COLUMNS, [
      {
        id: '77',
        occurred_at: '2027-03-05T01:05:09.123+00:00',
        local_date: '2027-03-05',
        local_time: '09:05',
        time_zone: 'Asia/Manila',
        entity: 'payment',
        action: 'insert',
        entity_label: 'Payment of Niño Cruz',
        actor_name: 'Rosa Reyes',
        actor_email: 'reception@demo.test',
        actor_role: 'receptionist',
        source: 'browser',
        client_address: null,
        before: null,
        after: { amount_centavos: 150050 },
      },
    ]);
    expect(csv).toBe(
      '\uFEFFDate,Time,Who,Role,Source,Record,Action,Subject,Changes,Address,Entry ID\r\n' +
        '2027-03-05,09:05,Rosa Reyes,receptionist,browser,payment,insert,Payment of Niño Cruz,amount: 1500.50,,77\r\n',
    );
  });
});
