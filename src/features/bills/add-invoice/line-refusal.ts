/**
 * Which line of the item editor the database refused, and at which of its fields the refusal is
 * told: the refusal's code says the field, its detail 'line=<position>' the line (1 for the
 * first), as create_itemised_invoice and invoice_split give them. The words are the code's
 * (src/lib/refusal-text.ts). Pure.
 */
import type { DatabaseErrorCode } from '@common/contract/error-codes';
import { refusalCodeOf, refusalTextOf } from '@/lib/refusal-text';
import { requestErrorOf } from '@/lib/request-error';
import type { InvoiceItemValues } from './api/add-invoice.schema';

export type LineField = keyof InvoiceItemValues;

const FIELD_OF_CODE: Partial<Record<DatabaseErrorCode, LineField>> = {
  invoice_item_unreadable: 'procedureId',
  invoice_item_procedure_unknown: 'procedureId',
  invoice_item_description_required: 'procedureId',
  invoice_item_tooth_invalid: 'tooth',
  // What the line lacks is its tooth.
  invoice_item_surfaces_need_tooth: 'tooth',
  invoice_item_surfaces_invalid: 'surfaces',
  invoice_item_price_invalid: 'price',
  invoice_item_quantity_invalid: 'quantity',
  invoice_item_discount_invalid: 'discount',
  invoice_item_discount_over_line: 'discount',
};

export interface LineRefusal {
  /** The line's index in the editor (0 for the first). */
  index: number;
  field: LineField;
  text: string;
}

/** The refused line of a failed save or preview, or null when the failure is not about one line. */
export function lineRefusalOf(error: unknown): LineRefusal | null {
  if (!error) return null;
  const cause = requestErrorOf(error).cause;
  const code = refusalCodeOf(cause);
  const field = code === undefined ? undefined : FIELD_OF_CODE[code];
  const details = typeof cause === 'object' && cause !== null && 'details' in cause ? cause.details : undefined;
  const position = typeof details === 'string' ? /^line=([1-9]\d*)$/.exec(details)?.[1] : undefined;
  if (field === undefined || position === undefined) return null;
  return { index: Number(position) - 1, field, text: refusalTextOf(cause)! };
}
