import { useState } from 'react';
import type { ListAppointment } from '../../model/api/list-columns';
import { BILL_TEXT } from '../messages';
import './bill-action.css';

/** Opens Add Invoice for the appointment once the procedure's price has been read. */
export type BillAppointment = (appointment: ListAppointment) => Promise<void>;

/**
 * 'Bill' on a Completed appointment, or 'Billed #{invoice}' once it has an invoice that is not
 * void (one per appointment: the database refuses a second).
 */
export function BillAction({
  appointment,
  who,
  invoiceId,
  onBill,
}: {
  appointment: ListAppointment;
  who: string;
  invoiceId: number | undefined;
  onBill: BillAppointment;
}) {
  const [preparing, setPreparing] = useState(false);
  if (invoiceId !== undefined) {
    return (
      <span className="bill-done" title={BILL_TEXT.billedTitle(invoiceId)}>
        {BILL_TEXT.billed(invoiceId)}
      </span>
    );
  }
  return (
    <button
      type="button"
      className="bill-button"
      aria-label={BILL_TEXT.billLabel(who)}
      disabled={preparing}
      onClick={() => {
        setPreparing(true);
        void onBill(appointment).finally(() => setPreparing(false));
      }}
    >
      {preparing ? BILL_TEXT.preparing : BILL_TEXT.bill}
    </button>
  );
}
