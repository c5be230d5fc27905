/**
 * An invoice's badge: the database derives Paid / Partial / Unpaid from the non-void payments (view
 * `invoice_summaries`); a voided invoice reads 'Void'. One label and one colour per state, wherever
 * an invoice is shown. Pure.
 */
import type { InvoiceStatus } from '@/lib/database.types';

export type { InvoiceStatus };
export type InvoiceBadgeLabel = InvoiceStatus | 'Void';
export type InvoiceBadgeTone = 'green' | 'orange' | 'red' | 'grey';

export const INVOICE_STATUSES: readonly InvoiceStatus[] = ['Paid', 'Partial', 'Unpaid'];

const TONES: Record<InvoiceBadgeLabel, InvoiceBadgeTone> = {
  Paid: 'green',
  Partial: 'orange',
  Unpaid: 'red',
  Void: 'grey',
};

export function isInvoiceStatus(value: unknown): value is InvoiceStatus {
  return typeof value === 'string' && (INVOICE_STATUSES as readonly string[]).includes(value);
}

/**
 * A status the app does not know (none, or a new one from a later database) reads 'Unpaid' —
 * the cautious label for money — rather than inventing a fourth colour.
 */
export function invoiceBadge(
  status: string | null | undefined,
  voided: boolean,
): { label: InvoiceBadgeLabel; tone: InvoiceBadgeTone } {
  const label: InvoiceBadgeLabel = voided ? 'Void' : isInvoiceStatus(status) ? status : 'Unpaid';
  return { label, tone: TONES[label] };
}
