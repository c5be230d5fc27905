/** The Add Invoice item editor's texts; the spec has none (docs/adr/0047-itemised-invoices.md). */
import { INVOICE_LINE_TEXT, INVOICE_SPLIT_TEXT, type DiscountIdType } from '@/entities/invoice';

/** Who holds the ID, mid-sentence: 'senior citizen', 'PWD'. */
const holder = (kind: DiscountIdType) => (kind === 'pwd' ? 'PWD' : 'senior citizen');

export const ITEM_TEXT = {
  columns: INVOICE_LINE_TEXT.columns,
  itemise: 'Itemise',
  useTotal: 'Enter a total instead',
  addItem: 'Add item',
  item: (position: number) => `Item ${position}`,
  removeItem: (position: number) => `Remove item ${position}`,
  chooseProcedurePlaceholder: 'Choose a procedure…',
  priceListLoading: 'Loading the price list…',
  priceListFailed: 'Could not load the price list.',
  toothHint: 'FDI, e.g. 36',
  runningTotal: 'Total',
  chooseProcedure: 'Choose a procedure.',
  toothFormat: 'Tooth is a two-digit FDI number, like 36.',
  quantityFormat: 'Quantity is a whole number of at least 1.',
  notNegative: (label: string) => `${label} cannot be negative.`,
  itemsRequired: 'Add at least one item.',
  contractedPrice: (price: string) => `Billed at the HMO's contracted price, ${price}.`,
  limitReached: "The HMO's annual limit is reached: the patient pays the rest.",
  statutoryInstead: (kind: DiscountIdType, discount: string) =>
    `${INVOICE_SPLIT_TEXT.statutoryDiscount(kind)} instead of this line's ${discount} discount: ` +
    'the higher of the two, not both.',
  lineDiscountInstead: (kind: DiscountIdType, discount: string) =>
    `This line's ${discount} discount instead of the ${holder(kind)} discount (20%): the higher of the two, not both.`,
  noHmoShare: 'The HMO pays nothing on this invoice.',
  splitFailed: 'Could not work out who pays; try again in a moment.',
  discountIdOnFile: (kind: DiscountIdType) =>
    `This patient has a ${holder(kind)} ID on file. A total alone gets no discount: ` +
    'use Itemise for the 20% discount and the VAT exemption.',
  hmoCardOnFile: (forVisit: boolean) =>
    `This patient has an HMO card valid ${forVisit ? 'on the day of the visit' : 'today'}. ` +
    "A total alone is the patient's to pay: use Itemise to bill the HMO its share.",
} as const;
