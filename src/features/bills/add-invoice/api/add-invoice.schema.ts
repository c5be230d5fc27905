import { z } from 'zod';
import { pesosSchema } from '@/entities/money';
import type { ChosenPatient } from '@/entities/patient';
import { amountSchema } from '../../model/amount-input';
import { AMOUNT_PROBLEM_TEXT, BILLING_TEXT } from '../../model/messages';
import { ITEM_TEXT } from '../messages';

const patientField = z.custom<ChosenPatient | null>().transform((patient, context) => {
  if (patient !== null) return patient.id;
  context.addIssue({ code: 'custom', message: BILLING_TEXT.selectPatient });
  return z.NEVER;
});

/**
 * Add Invoice: a patient picked from the search results, else 'Please select a patient.'; Total
 * required, at least ₱0.01, two decimals at most. Each refusal is told at its field, both at once.
 */
export const addInvoiceSchema = z
  .object({ patient: patientField, total: amountSchema(BILLING_TEXT.fields.total) })
  .transform(({ patient, total }) => ({ patientId: patient, totalCentavos: total }));

/** The surfaces of a tooth, in the order an invoice line prints them (M O D B L). */
export const TOOTH_SURFACES = ['M', 'O', 'D', 'B', 'L'] as const;
export type ToothSurface = (typeof TOOTH_SURFACES)[number];

/** One line of the item editor as typed. */
export interface InvoiceItemValues {
  /** The price-list procedure's id as the select holds it; '' until one is chosen. */
  procedureId: string;
  tooth: string;
  surfaces: ToothSurface[];
  quantity: string;
  price: string;
  discount: string;
}

/** A price or discount: pesos, ₱0.00 allowed (a free item, no discount). */
const zeroOrPesos = (label: string) =>
  pesosSchema(
    {
      empty: AMOUNT_PROBLEM_TEXT.empty(label),
      'not-a-number': AMOUNT_PROBLEM_TEXT['not-a-number'](label),
      'not-positive': ITEM_TEXT.notNegative(label),
      'too-many-decimals': AMOUNT_PROBLEM_TEXT['too-many-decimals'](label),
      'too-large': AMOUNT_PROBLEM_TEXT['too-large'](label),
    },
    { allowZero: true },
  );

/**
 * A line's fields read into what the database takes. Only their form is checked here (a
 * number, pesos); whether the tooth is an FDI tooth, the surfaces a set and the discount within
 * the line is the database's rule (create_itemised_invoice), told back by its refusal code.
 */
const itemSchema = z.object({
  procedureId: z.string().transform((value, context) => {
    if (/^\d+$/.test(value)) return Number(value);
    context.addIssue({ code: 'custom', message: ITEM_TEXT.chooseProcedure });
    return z.NEVER;
  }),
  tooth: z.string().transform((value, context) => {
    const tooth = value.trim();
    if (tooth === '') return null;
    if (/^\d{2}$/.test(tooth)) return Number(tooth);
    context.addIssue({ code: 'custom', message: ITEM_TEXT.toothFormat });
    return z.NEVER;
  }),
  surfaces: z.array(z.enum(TOOTH_SURFACES)),
  quantity: z.string().transform((value, context) => {
    const quantity = value.trim();
    if (/^\d{1,4}$/.test(quantity) && Number(quantity) >= 1) return Number(quantity);
    context.addIssue({ code: 'custom', message: ITEM_TEXT.quantityFormat });
    return z.NEVER;
  }),
  price: zeroOrPesos(ITEM_TEXT.columns.price),
  discount: z
    .string()
    .transform((value) => (value.trim() === '' ? '0' : value))
    .pipe(zeroOrPesos(ITEM_TEXT.columns.discount)),
});

const toNewItem = ({ price, discount, ...item }: z.output<typeof itemSchema>): NewInvoiceItem => ({
  ...item,
  priceCentavos: price,
  discountCentavos: discount,
});

const readableItems = z.array(itemSchema).min(1);

/**
 * The lines as typed, read as the save would send them, or null while any of them cannot be read
 * yet: what the Add Invoice form asks the database to split before it is saved.
 */
export function readInvoiceItems(items: readonly InvoiceItemValues[]): NewInvoiceItem[] | null {
  const read = readableItems.safeParse(items);
  return read.success ? read.data.map(toNewItem) : null;
}

type PlainInvoiceFields = { itemised: false; patientId: number; totalCentavos: number };

export type NewInvoiceItem = {
  procedureId: number;
  tooth: number | null;
  surfaces: ToothSurface[];
  quantity: number;
  priceCentavos: number;
  discountCentavos: number;
};

/**
 * The Add Invoice form: the spec's plain Total (`itemised: false`, the default, with the spec's
 * messages), or line items (`itemised: true`, at least one). Only the chosen way is checked.
 */
const invoiceFormUnion = z
  .discriminatedUnion('itemised', [
    z.object({
      itemised: z.literal(false),
      patient: patientField,
      total: amountSchema(BILLING_TEXT.fields.total),
      items: z.array(z.unknown()),
    }),
    z.object({
      itemised: z.literal(true),
      patient: patientField,
      total: z.string(),
      items: z.array(itemSchema).min(1, ITEM_TEXT.itemsRequired),
    }),
  ])
  .transform((values): { itemised: true; patientId: number; items: NewInvoiceItem[] } | PlainInvoiceFields =>
    values.itemised
      ? {
          itemised: true,
          patientId: values.patient,
          items: values.items.map(toNewItem),
        }
      : { itemised: false, patientId: values.patient, totalCentavos: values.total },
  );

/** What the form holds: both ways' fields at once, `itemised` saying which one is sent. */
export interface InvoiceFormValues {
  itemised: boolean;
  patient: ChosenPatient | null;
  total: string;
  items: InvoiceItemValues[];
}

export type InvoiceFormOutput = z.output<typeof invoiceFormUnion>;

// The union's input is one branch or the other; the form's values are the one shape above, which
// either branch reads (the unused way's fields are ignored), so the schema is typed by it.
export const invoiceFormSchema = invoiceFormUnion as unknown as z.ZodType<InvoiceFormOutput, InvoiceFormValues>;
