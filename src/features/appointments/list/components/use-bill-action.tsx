import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import {
  AddInvoiceModalSlot,
  useHasFeatureSlot,
  type AddInvoicePrefill,
  useBillItemsSource,
  type InvoiceLinePrefill,
} from '@/lib/feature-slots';
import type { ListAppointment } from '../../model/api/list-columns';
import { LIST_TEXT } from '../../model/messages';
import { billedAppointmentsKey, useBilledAppointments } from '../api/get-billed-appointments';
import { getProceduresNamed } from '../api/get-procedures-named';
import { billStart, procedureNameOfReason } from '../bill';
import { BILL_TEXT } from '../messages';

const NO_INVOICES: ReadonlyMap<number, number> = new Map();

/**
 * 'Bill' on Completed appointments, where the app offers billing: the Add
 * Invoice modal opens with the patient, the appointment and the procedure's current price (read
 * when 'Bill' is pressed, so a later price change never touches an invoice already made). Where
 * the app says which lines were done at an appointment (the treatment plan's items done there),
 * those come first: the modal opens itemised with them, and only an empty answer (or a failed
 * read) falls back to the reason's procedure (`billStart`: its line, or only a total). Which appointments are billed is read once `readBilled`.
 */
export function useBillAction(clinicId: number, readBilled = true) {
  const canBill = useHasFeatureSlot('AddInvoiceModal');
  const itemsFor = useBillItemsSource();
  const billedAppointments = useBilledAppointments(clinicId, canBill && readBilled);
  const [prefill, setPrefill] = useState<AddInvoicePrefill | null>(null);
  const queryClient = useQueryClient();
  const toast = useToast();

  const bill = useCallback(
    async (appointment: ListAppointment) => {
      const patient = { id: appointment.patient_id, name: appointment.patient?.name ?? LIST_TEXT.unknownPatient };
      let items: readonly InvoiceLinePrefill[] = [];
      try {
        items = itemsFor ? await itemsFor({ id: appointment.id, patientId: appointment.patient_id }) : [];
      } catch {
        toast(BILL_TEXT.itemsUnreadable, { tone: 'error' });
      }
      if (items.length > 0) {
        setPrefill({ patient, appointmentId: appointment.id, items });
        return;
      }
      let start: Pick<AddInvoicePrefill, 'items' | 'totalCentavos'> = {};
      try {
        start = billStart(await getProceduresNamed(clinicId, procedureNameOfReason(appointment.reason)));
      } catch {
        toast(BILL_TEXT.priceUnreadable, { tone: 'error' });
      }
      setPrefill({ patient, appointmentId: appointment.id, ...start });
    },
    [clinicId, itemsFor, toast],
  );
  const close = useCallback(() => {
    setPrefill(null);
    void queryClient.invalidateQueries({ queryKey: billedAppointmentsKey(clinicId) });
  }, [clinicId, queryClient]);

  // 'Bill' waits until the list knows which appointments are billed: offered on a billed one
  // meanwhile, it would flash and invite a second invoice. A failed read offers it (the database
  // refuses a second invoice for an appointment).
  const billedKnown = billedAppointments.data !== undefined || billedAppointments.isError;
  return {
    billed: billedAppointments.data ?? NO_INVOICES,
    onBill: canBill && billedKnown ? bill : undefined,
    billDialog: prefill ? <AddInvoiceModalSlot clinicId={clinicId} prefill={prefill} onClose={close} /> : null,
  };
}
