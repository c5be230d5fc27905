import { useQueryClient } from '@tanstack/react-query';
import { refusalTextOf } from '@/lib/refusal-text';
import { requestErrorOf, type PostgrestErrorLike } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { refreshAfterSave } from '../../model/api/refresh-changed-invoices';
import { billingKeys } from '../../model/query-keys';
import { VOID_TEXT } from '../messages';

/** A payment names its invoice: after the void, that invoice is what the lists read again. */
export type VoidTarget = { kind: 'payment'; id: number; invoiceId: number } | { kind: 'invoice'; id: number };

const invoiceOf = (target: VoidTarget) => (target.kind === 'invoice' ? target.id : target.invoiceId);

/** A void the database refused or that never arrived, with the text the dialog shows. */
export class VoidFailure extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'VoidFailure';
  }
}

/**
 * The dialog's text for a failed void: the refusal's text by its code ('Only an admin can void.',
 * 'This payment is already void.', 'Void this invoice's payments first.'), or a plain one.
 */
export function voidFailureText(error: PostgrestErrorLike, status: number): string {
  const kind = requestErrorOf({ ...error, status }).kind;
  if (kind === 'unreachable') return VOID_TEXT.unreachable;
  return refusalTextOf(error) ?? VOID_TEXT.failed;
}

/** Voids through the admin-only functions `void_payment` / `void_invoice` (no browser update). */
export async function voidEntry(target: VoidTarget, reason: string): Promise<void> {
  const supabase = getSupabase();
  const answer =
    target.kind === 'payment'
      ? await supabase.rpc('void_payment', { p_payment_id: target.id, p_reason: reason })
      : await supabase.rpc('void_invoice', { p_invoice_id: target.id, p_reason: reason });
  if (answer.error) throw new VoidFailure(voidFailureText(answer.error, answer.status), { cause: answer.error });
}

/**
 * One void at a time per entry (a double click voids once). Whatever the answer, the invoice voided
 * (or the payment's) is read again into the lists, and the clinic's other billing reads whole: a
 * refusal such as 'already void' means the rows shown are out of date.
 */
export function useVoidEntry(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: ({ target }: { target: VoidTarget; reason: string }) => [
      ...billingKeys.all(clinicId),
      'void',
      target.kind,
      target.id,
    ],
    mutationFn: ({ target, reason }: { target: VoidTarget; reason: string }) => voidEntry(target, reason),
    onSettled: (_data, _error, { target }) => refreshAfterSave(queryClient, clinicId, [invoiceOf(target)]),
  });
}
