export { InvoiceLinesTable } from './components/invoice-lines-table';
export { INVOICE_LINE_TEXT, invoiceLineSchema, invoiceLinesSchema, type InvoiceLine } from './invoice-lines';
