import { describe, expect, it } from 'vitest';
import { actorLabel, describeAction, fieldChanges, formatAuditValue } from './audit-display';

const MANILA = 'Asia/Manila';

describe('describeAction', () => {
  it('names the record and what happened to it', () => {
    expect(describeAction('appointment', 'insert')).toBe('Appointment booked');
    expect(describeAction('appointment', 'update')).toBe('Appointment changed');
    expect(describeAction('payment', 'void')).toBe('Payment voided');
    expect(describeAction('user', 'delete')).toBe('Staff user removed');
    expect(describeAction('clinic', 'update')).toBe('Clinic settings changed');
    expect(describeAction('facebook_connection', 'disconnect')).toBe('Facebook page disconnected');
  });
});

describe('actorLabel', () => {
  it('is the staff name, else the e-mail, else what made the change', () => {
    expect(actorLabel({ actor_name: 'Carmela Santos', actor_email: 'admin@demo.test', source: 'browser' })).toBe(
      'Carmela Santos',
    );
    expect(actorLabel({ actor_name: null, actor_email: 'gone@demo.test', source: 'service' })).toBe('gone@demo.test');
    expect(actorLabel({ actor_name: null, actor_email: null, source: 'webhook' })).toBe('Patient via Messenger');
    expect(actorLabel({ actor_name: null, actor_email: null, source: 'service' })).toBe('System');
  });
});

describe('formatAuditValue', () => {
  it('shows centavos as pesos, exactly', () => {
    expect(formatAuditValue('total_centavos', 150050, MANILA)).toBe('₱1,500.50');
    expect(formatAuditValue('amount_centavos', 30, MANILA)).toBe('₱0.30');
  });

  it('shows instants in clinic time, whatever the browser zone', () => {
    expect(formatAuditValue('appointment_time', '2030-01-07T01:00:00+00:00', MANILA)).toBe('Mon 2030-01-07, 9:00 AM');
    expect(formatAuditValue('voided_at', '2030-01-06T16:30:00+00:00', MANILA)).toBe('Mon 2030-01-07, 12:30 AM');
  });

  it('knows an instant by its field, as the CSV export does, not by how the value looks', () => {
    // The same values as common/csv/exports.test.ts: both read them through @common/audit/value-kinds.
    expect(formatAuditValue('notes', '2027-03-02T09:20:00+08:00', MANILA)).toBe('2027-03-02T09:20:00+08:00');
    expect(formatAuditValue('reason', '2027-03-02T01:20:00Z', MANILA)).toBe('2027-03-02T01:20:00Z');
    expect(formatAuditValue('appointment_time', '2027-03-02T01:20:00+00:00', MANILA)).toBe('Tue 2027-03-02, 9:20 AM');
    expect(formatAuditValue('payment_date', '2027-03-05T09:30:00+00:00', MANILA)).toBe('Fri 2027-03-05, 5:30 PM');
    expect(formatAuditValue('appointment_time', 'not a time', MANILA)).toBe('not a time');
  });

  it('reads methods, roles, times, flags and record ids as staff say them', () => {
    expect(formatAuditValue('method', 'e-wallet', MANILA)).toBe('E-Wallet');
    expect(formatAuditValue('method', 'bank', MANILA)).toBe('Bank Transfer');
    expect(formatAuditValue('role', 'receptionist', MANILA)).toBe('Receptionist');
    expect(formatAuditValue('reminder_time', '14:30:00', MANILA)).toBe('2:30 PM');
    expect(formatAuditValue('reminder_time', 'not a time', MANILA)).toBe('not a time');
    expect(formatAuditValue('deleted', true, MANILA)).toBe('Yes');
    expect(formatAuditValue('invoice_id', 12, MANILA)).toBe('#12');
    expect(formatAuditValue('recall_interval_months', 6, MANILA)).toBe('6');
  });

  it('never shows a token: only that it was stored or replaced', () => {
    expect(formatAuditValue('page_access_token', 'stored', MANILA)).toBe('Stored (hidden)');
    expect(formatAuditValue('page_access_token', 'replaced', MANILA)).toBe('Replaced (hidden)');
    expect(formatAuditValue('page_access_token', 'EAAsomething', MANILA)).toBe('Hidden');
  });

  it('shows a missing or empty value as a dash', () => {
    expect(formatAuditValue('address', null, MANILA)).toBe('—');
    expect(formatAuditValue('address', '', MANILA)).toBe('—');
    expect(formatAuditValue('address', undefined, MANILA)).toBe('—');
  });
});

describe('fieldChanges', () => {
  it('lists an update as before → after per field, in a fixed order, hiding ids that have a name', () => {
    const changes = fieldChanges(
      {
        action: 'update',
        before: {
          dentist_id: 1,
          dentist: 'Dr. Ana Reyes',
          appointment_time: '2030-01-07T01:00:00Z',
          status: 'Scheduled',
        },
        after: {
          dentist_id: 2,
          dentist: 'Dr. Ben Cruz',
          appointment_time: '2030-01-07T02:00:00Z',
          status: 'Confirmed',
        },
      },
      MANILA,
    );
    expect(changes).toEqual([
      { field: 'status', label: 'Status', before: 'Scheduled', after: 'Confirmed' },
      {
        field: 'appointment_time',
        label: 'Time',
        before: 'Mon 2030-01-07, 9:00 AM',
        after: 'Mon 2030-01-07, 10:00 AM',
      },
      { field: 'dentist', label: 'Dentist', before: 'Dr. Ana Reyes', after: 'Dr. Ben Cruz' },
    ]);
  });

  it('lists an insert by its values only and a delete by what it was', () => {
    expect(
      fieldChanges({ action: 'insert', before: null, after: { amount_centavos: 50000, method: 'cash' } }, MANILA),
    ).toEqual([
      { field: 'amount_centavos', label: 'Amount', before: null, after: '₱500.00' },
      { field: 'method', label: 'Method', before: null, after: 'Cash' },
    ]);
    expect(fieldChanges({ action: 'delete', before: { role: 'dentist' }, after: null }, MANILA)).toEqual([
      { field: 'role', label: 'Role', before: 'Dentist', after: null },
    ]);
  });

  it('shows money and instants the table does not list by the audit trail’s own naming', () => {
    expect(formatAuditValue('statutory_discount_centavos', 30000, MANILA)).toBe('₱300.00');
    expect(formatAuditValue('unit_price_centavos', 150000, MANILA)).toBe('₱1,500.00');
    expect(formatAuditValue('cancelled_at', '2030-01-06T16:30:00+00:00', MANILA)).toBe('Mon 2030-01-07, 12:30 AM');
    expect(
      fieldChanges(
        {
          action: 'update',
          before: { removed_at: null, refund_centavos: 0 },
          after: { removed_at: '2030-01-07T01:00:00Z', refund_centavos: 12345 },
        },
        MANILA,
      ),
    ).toEqual([
      { field: 'refund_centavos', label: 'Refund', before: '₱0.00', after: '₱123.45' },
      { field: 'removed_at', label: 'Removed at', before: '—', after: 'Mon 2030-01-07, 9:00 AM' },
    ]);
  });

  it('names the HMO claim an invoice bills the patient for by its number', () => {
    expect(
      fieldChanges({ action: 'update', before: { rebills_claim_id: null }, after: { rebills_claim_id: 5 } }, MANILA),
    ).toEqual([{ field: 'rebills_claim_id', label: 'Bills the unpaid HMO claim', before: '—', after: '#5' }]);
  });

  it('keeps a field it does not know, under its own name', () => {
    expect(fieldChanges({ action: 'update', before: { colour: 'red' }, after: { colour: 'blue' } }, MANILA)).toEqual([
      { field: 'colour', label: 'colour', before: 'red', after: 'blue' },
    ]);
  });
});
