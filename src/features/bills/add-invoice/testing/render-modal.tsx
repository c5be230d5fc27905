import { useState, type ReactElement } from 'react';
import { vi } from 'vitest';
import type { InvoiceLinePrefill } from '@/lib/feature-slots';
import { renderSignedIn, seed } from '@/testing/real-db';
import { AddInvoiceModal } from '../components/add-invoice-modal';

/** Renders UI signed in to clinic 1 as a receptionist, who bills at the front desk. */
export const renderAsReceptionist = (ui: ReactElement) => renderSignedIn(ui, { role: 'receptionist' });

/**
 * Add Invoice as 'Bill' opens it on `patient`'s completed appointment (with a dentist of its own),
 * prefilled with the lines done at it.
 */
export async function openBillOfAppointment(patient: { id: number; name: string }, items: InvoiceLinePrefill[]) {
  await seed.dentists([{}]);
  const [appointment] = await seed.appointments([{ patient_id: patient.id, status: 'Completed' }]);
  const onClose = vi.fn();
  await renderAsReceptionist(
    <AddInvoiceModal clinicId={1} onClose={onClose} prefill={{ patient, appointmentId: appointment!.id, items }} />,
  );
  return { appointment: appointment!, onClose };
}

/**
 * Add Invoice for `patient` as the front desk reopens it: Cancel closes it, and 'Add another
 * invoice' opens a new one (what a second visit at the desk does).
 */
export function ReopenableAddInvoice({ patient }: { patient: { id: number; name: string } }) {
  const [open, setOpen] = useState(true);
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Add another invoice
      </button>
    );
  return <AddInvoiceModal clinicId={1} onClose={() => setOpen(false)} prefill={{ patient }} />;
}
