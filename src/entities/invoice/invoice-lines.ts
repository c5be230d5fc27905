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
  /** The part of the line the patient's HMO pays (0 when it covers none of it). */
  hmo_share_centavos: z.int(),
  /** line total − HMO share: the patient's part, before any senior citizen / PWD discount. */
  patient_share_centavos: z.int(),
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
    hmoShare: 'HMO share',
    patientShare: 'Patient share',
  },
  itemCount: (count: number) => `${count} item${count === 1 ? '' : 's'}`,
} as const;

/** A statutory discount ID as the database names it (public.discount_id_type). */
export type DiscountIdType = 'pwd' | 'senior_citizen';

/**
 * The lines under an itemised invoice's items, wherever the split is shown (the Add Invoice
 * preview, the receipt): the amounts come from the database (public.invoice_split), never from
 * here. The 20% is statutory_rates()'s, named as clinics print it.
 */
export const INVOICE_SPLIT_TEXT = {
  hmoPays: (hmo: string, memberNumber: string) => `${hmo} (member ${memberNumber}) pays`,
  vatExemption: 'VAT exemption',
  statutoryDiscount: (type: DiscountIdType) =>
    type === 'pwd' ? 'PWD discount (20%)' : 'Senior citizen discount (20%)',
  less: (label: string) => `Less: ${label}`,
  discountId: (type: DiscountIdType, number: string) => `${type === 'pwd' ? 'PWD ID' : 'Senior citizen ID'} ${number}`,
  patientPays: 'Patient pays',
} as const;
