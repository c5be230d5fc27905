import { RECEIPT_TEXT } from '../messages';

/** The receipt's address: /receipts/:paymentId (src/app/route-rules.ts). */
export const receiptPath = (paymentId: number) => `/receipts/${paymentId}`;

/**
 * 'Print receipt' on a payment: the acknowledgement receipt in a new tab, where it prints; the
 * list stays as it was. The new tab signs in from the stored session.
 */
export function PrintReceiptLink({ paymentId }: { paymentId: number }) {
  return (
    <a
      className="button-link print-receipt-link"
      href={receiptPath(paymentId)}
      target="_blank"
      rel="noopener"
      title={RECEIPT_TEXT.printReceiptOf(paymentId)}
    >
      {RECEIPT_TEXT.printReceipt}
    </a>
  );
}
