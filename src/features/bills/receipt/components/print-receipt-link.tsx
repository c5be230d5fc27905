import { PrintablePageLink } from '../../model/components/printable-page-link';
import { RECEIPT_TEXT } from '../messages';

/** The receipt's address: /receipts/:paymentId (src/app/route-rules.ts). */
export const receiptPath = (paymentId: number) => `/receipts/${paymentId}`;

/** 'Print receipt' on a payment: the acknowledgement receipt in a new tab, where it prints. */
export function PrintReceiptLink({ paymentId }: { paymentId: number }) {
  return (
    <PrintablePageLink
      href={receiptPath(paymentId)}
      label={RECEIPT_TEXT.printReceipt}
      title={RECEIPT_TEXT.printReceiptOf(paymentId)}
      className="print-receipt-link"
    />
  );
}
