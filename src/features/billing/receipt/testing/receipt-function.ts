import type { Role } from '@/lib/authorization';
import type { PaymentMethod, PaymentReceipt } from '@/lib/database.types';
import { centavosOfStored, db, mockRpc } from '@/testing/mocks';

/** Who calls, as the JWT would say (the mock does not read it): RLS and the admin check use it. */
export interface Caller {
  role: Role;
  clinicId: number;
}

const ADMIN_OF_CLINIC_1: Caller = { role: 'admin', clinicId: 1 };

const canRead = (caller: Caller, clinicId: number) => caller.role === 'superadmin' || caller.clinicId === clinicId;

/**
 * `payment_receipt`: the receipt of a payment the caller can read, with the balance after the
 * payments that are not void up to and including this one by (payment_date, id); null otherwise.
 */
export function mockReceiptFunction(caller: Caller = ADMIN_OF_CLINIC_1): void {
  mockRpc('payment_receipt', ({ p_payment_id }): PaymentReceipt | null => {
    const payment = db.table('payments').find(p_payment_id);
    if (!payment || !canRead(caller, payment.clinic_id)) return null;
    const invoice = db.table('invoices').find(payment.invoice_id);
    const clinic = db.table('clinics').find(payment.clinic_id);
    const patient = db.table('patients').find(payment.patient_id);
    if (!invoice || !clinic || !patient) return null;
    const upToThis = (row: { payment_date: string; id: number }) =>
      row.payment_date < payment.payment_date || (row.payment_date === payment.payment_date && row.id <= payment.id);
    const paid = db
      .table('payments')
      .where((row) => row.invoice_id === invoice.id && row.voided_at === null && upToThis(row))
      .reduce((sum, row) => sum + centavosOfStored(row.amount), 0);
    const total = centavosOfStored(invoice.total);
    return {
      payment_id: payment.id,
      invoice_id: invoice.id,
      clinic_name: clinic.name,
      clinic_time_zone: clinic.timezone,
      clinic_address: clinic.address,
      clinic_phone: clinic.contact_phone,
      clinic_email: clinic.contact_email,
      patient_name: patient.name,
      amount_centavos: centavosOfStored(payment.amount),
      method: payment.method as PaymentMethod,
      reference_number: payment.reference_number,
      notes: payment.notes,
      payment_date: payment.payment_date,
      voided_at: payment.voided_at,
      invoice_total_centavos: total,
      balance_after_centavos: total - paid,
    };
  });
}
