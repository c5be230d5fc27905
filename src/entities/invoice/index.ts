export { InvoiceLinesTable } from './components/invoice-lines-table';
export {
  INVOICE_LINE_TEXT,
  INVOICE_SPLIT_TEXT,
  invoiceLineSchema,
  invoiceLinesSchema,
  type DiscountIdType,
  type InvoiceLine,
} from './invoice-lines';
export { invalidateInvoiceSplits, invoiceQueryKeys } from './query-keys';
