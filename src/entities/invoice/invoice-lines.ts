/**
 * An itemised invoice's lines as the database prints them (public.invoice_item_lines, read by the
 * receipt and the day sheet): the label is made in SQL ('36 MO Composite filling'), never here,
 * and amounts are integer centavos. Pure.
 */
import * as z from 'zod/mini';

export const invoiceLineSchema = z.object({
  position: z.int(),
  /** Tooth, surfaces and procedure name, e.g. '36 MO Composite filling'. */
  label: z.string(),
  quantity: z.int(),
  unit_price_centavos: z.int(),
  discount_centavos: z.int(),
  line_total_centavos: z.int(),
});

/** In position order; empty for an invoice made with a total only. */
export const invoiceLinesSchema = z.array(invoiceLineSchema);

export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** The lines' column names, wherever lines are shown or typed. */
export const INVOICE_LINE_TEXT = {
  columns: {
    item: 'Item',
    procedure: 'Procedure',
    tooth: 'Tooth',
    surfaces: 'Surfaces',
    quantity: 'Qty',
    price: 'Price',
    discount: 'Discount',
    lineTotal: 'Line total',
  },
  itemCount: (count: number) => `${count} item${count === 1 ? '' : 's'}`,
} as const;
