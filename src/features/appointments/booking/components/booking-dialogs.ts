/**
 * The booking form's dialogs in sweetalert2, like every other dialog of the app, loaded on first
 * use. Each registers in the modal stack, so the form's own dialog neither answers Esc nor pulls
 * focus back while one is open.
 */
import type { SweetAlertOptions } from 'sweetalert2';
import { pushModal } from '@/components/modal/modal-stack';
import { loadSweetAlert } from '@/components/sweet-alert';
import { CANCEL_TEXT } from '../../model/messages';
import { BOOKING_MESSAGES, EDIT_EXISTING_LABEL } from '../messages';
import type { DoubleBookingDetails } from '../outcome';
import type { DoubleBookingChoice } from '../submit-booking';

async function fire(options: SweetAlertOptions) {
  const Swal = await loadSweetAlert();
  const entry = pushModal();
  try {
    return await Swal.fire({
      // The app locks scrolling itself (modal-stack); sweetalert2 must not resize <body>.
      heightAuto: false,
      scrollbarPadding: false,
      returnFocus: true,
      buttonsStyling: false,
      ...options,
    });
  } finally {
    entry.release();
  }
}

/** A message with one OK button: 'Validation Error', 'Invalid Slot', 'Booking failed!'. */
export async function showBookingAlert(
  title: string,
  text: string,
  icon: 'error' | 'warning' = 'error',
): Promise<void> {
  await fire({
    title,
    text,
    icon,
    confirmButtonText: 'OK',
    customClass: { confirmButton: 'button button-primary' },
  });
}

function detailList(details: DoubleBookingDetails): HTMLElement {
  const list = document.createElement('dl');
  list.className = 'double-booking-details';
  for (const [term, value] of [
    ['Date', details.date],
    ['Time', details.time],
    ['Dentist', details.dentist],
    ['Reason', details.reason],
    ['Status', details.status],
  ] as const) {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    dd.textContent = value;
    list.append(dt, dd);
  }
  return list;
}

/**
 * 'Double Booking': the patient already has an appointment that day. Shows its time, dentist,
 * reason and status; resolves 'edit-existing' for 'Edit Existing Appointment', 'cancel' otherwise (Cancel,
 * Esc, a click outside).
 */
export async function askAboutDoubleBooking(details: DoubleBookingDetails): Promise<DoubleBookingChoice> {
  const body = document.createElement('div');
  const lead = document.createElement('p');
  lead.textContent = 'This patient already has an appointment on this day:';
  body.append(lead, detailList(details));
  const result = await fire({
    title: BOOKING_MESSAGES.doubleBookingTitle,
    html: body,
    icon: 'warning',
    showCancelButton: true,
    confirmButtonText: EDIT_EXISTING_LABEL,
    cancelButtonText: CANCEL_TEXT,
    focusCancel: true,
    reverseButtons: true,
    customClass: {
      confirmButton: 'button button-primary',
      cancelButton: 'button button-secondary',
      actions: 'confirm-dialog-actions',
    },
  });
  return result.isConfirmed ? 'edit-existing' : 'cancel';
}
