import type { Role } from '@/lib/authorization';
import { db, mockRpc, pgError } from '@/testing/mocks';

/** Who calls, as the JWT would say (the mock does not read it): RLS and the admin check use it. */
export interface Caller {
  role: Role;
  clinicId: number;
}

const ADMIN_OF_CLINIC_1: Caller = { role: 'admin', clinicId: 1 };

const canVoid = (caller: Caller, clinicId: number) =>
  caller.role === 'superadmin' || (caller.role === 'admin' && caller.clinicId === clinicId);
const canRead = (caller: Caller, clinicId: number) => caller.role === 'superadmin' || caller.clinicId === clinicId;

function requireReason(reason: string | null | undefined): string {
  const trimmed = reason?.trim() ?? '';
  if (trimmed === '') throw pgError('22023', 'A reason is required to void.', { hint: 'void_reason_required' });
  return trimmed;
}

/**
 * `void_payment` and `void_invoice` as the migration defines them (supabase/migrations/…_billing.sql):
 * admins of the clinic and the superadmin only (42501 'Only an admin can void.'), a reason
 * required, not twice, and an invoice only once none of its payments counts.
 */
export function mockVoidFunctions(caller: Caller = ADMIN_OF_CLINIC_1, now = () => new Date().toISOString()): void {
  mockRpc('void_payment', ({ p_payment_id, p_reason }) => {
    const payment = db.table('payments').find(p_payment_id);
    if (!payment || !canRead(caller, payment.clinic_id))
      throw pgError('PT404', 'Payment not found.', { hint: 'payment_not_found' });
    if (!canVoid(caller, payment.clinic_id))
      throw pgError('42501', 'Only an admin can void.', { hint: 'void_forbidden' });
    const reason = requireReason(p_reason);
    if (payment.voided_at !== null)
      throw pgError('PT409', 'This payment is already void.', { hint: 'payment_already_void' });
    db.table('payments').update(p_payment_id, { voided_at: now(), void_reason: reason });
    return undefined;
  });
  mockRpc('void_invoice', ({ p_invoice_id, p_reason }) => {
    const invoice = db.table('invoices').find(p_invoice_id);
    if (!invoice || !canRead(caller, invoice.clinic_id))
      throw pgError('PT404', 'Invoice not found.', { hint: 'invoice_not_found' });
    if (!canVoid(caller, invoice.clinic_id))
      throw pgError('42501', 'Only an admin can void.', { hint: 'void_forbidden' });
    const reason = requireReason(p_reason);
    if (invoice.voided_at !== null)
      throw pgError('PT409', 'This invoice is already void.', { hint: 'invoice_already_void' });
    const counting = db.table('payments').where((row) => row.invoice_id === p_invoice_id && row.voided_at === null);
    if (counting.length > 0)
      throw pgError('PT409', "Void this invoice's payments first.", { hint: 'invoice_has_payments' });
    db.table('invoices').update(p_invoice_id, { voided_at: now(), void_reason: reason });
    return undefined;
  });
}
