import { MESSAGE_MAX_LENGTH } from '@common/contract/limits';
import { pushModal } from '@/components/modal/modal-stack';
import { dialogBody, loadSweetAlert } from '@/components/sweet-alert';
import { CANCEL_TEXT, LIST_TEXT } from '../../model/messages';
import type { OpenPlanItem } from '../api/plan-items';

/**
 * The Appointments list's sweetalert2 dialogs (loaded on first use): the confirmation with an
 * optional message for the patient, and the failure dialogs with a reason line.
 */

async function swal() {
  return loadSweetAlert();
}

const BUTTONS = {
  heightAuto: false,
  scrollbarPadding: false,
  returnFocus: true,
  buttonsStyling: false,
  reverseButtons: true,
} as const;

/** What the confirmation of a change to Completed, No Show or Cancelled gathered. */
export interface StatusChangeAnswer {
  /** The custom message for the patient, possibly blank. */
  message: string;
  /** Why it was cancelled, for the clinic's records; null when not given or not a cancellation. */
  cancelReason: string | null;
  /** The plan items ticked as done at this visit (Completed only). */
  planItemIds: number[];
}

/**
 * The patient's open plan items as checkboxes (Completed), those `ticked` starting ticked. Native
 * checkboxes in a fieldset, so they are reachable with Tab and Space.
 */
function planItemsField(items: readonly OpenPlanItem[], ticked: (item: OpenPlanItem) => boolean) {
  const field = document.createElement('fieldset');
  field.className = 'appointments-plan-items';
  const legend = document.createElement('legend');
  legend.textContent = LIST_TEXT.planItemsLegend;
  field.append(legend);
  const boxes = items.map((item) => {
    const label = document.createElement('label');
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.value = String(item.id);
    box.checked = ticked(item);
    label.append(box, ` ${LIST_TEXT.planItemLabel(item.procedure_name, item.tooth, item.surfaces.join(''))}`);
    field.append(label);
    return box;
  });
  return { field, ticked: () => boxes.filter((box) => box.checked).map((box) => Number(box.value)) };
}

/**
 * The clinic's own reason, a select (never a second textbox: the message stays the dialog's one
 * text field), placed under the message once the dialog is open.
 */
function cancelReasonField(): { field: HTMLElement; select: HTMLSelectElement } {
  const field = document.createElement('label');
  field.className = 'appointments-cancel-reason';
  const caption = document.createElement('span');
  caption.textContent = LIST_TEXT.cancelReasonLabel;
  const select = document.createElement('select');
  select.className = 'input';
  select.append(new Option(LIST_TEXT.cancelReasonNone, ''));
  for (const reason of LIST_TEXT.cancelReasons) select.append(new Option(reason, reason));
  field.append(caption, select);
  return { field, select };
}

/**
 * Asks before a change to Completed, No Show or Cancelled. Resolves with the custom
 * message typed (possibly blank), for Cancelled the clinic's reason, and for Completed the plan
 * items ticked as done (`plan`: the patient's open items and this appointment); null when the
 * user cancels.
 */
export async function askStatusChange(
  status: string,
  patientName: string,
  plan?: { items: readonly OpenPlanItem[]; appointmentId: number },
): Promise<StatusChangeAnswer | null> {
  const Swal = await swal();
  const reason = status === 'Cancelled' ? cancelReasonField() : null;
  const planItems =
    status === 'Completed' && plan && plan.items.length > 0
      ? planItemsField(plan.items, (item) => item.appointment_id === plan.appointmentId)
      : null;
  const entry = pushModal();
  try {
    const result = await Swal.fire({
      ...BUTTONS,
      title: LIST_TEXT.statusQuestion(status),
      text: LIST_TEXT.statusQuestionText(patientName),
      icon: 'question',
      input: 'textarea',
      inputLabel: LIST_TEXT.statusMessageLabel,
      inputPlaceholder: LIST_TEXT.statusMessagePlaceholder,
      // maxlength counts UTF-16 units, stricter than characterCount: what fits is never refused.
      inputAttributes: { maxlength: String(MESSAGE_MAX_LENGTH), 'aria-label': LIST_TEXT.statusMessageLabel },
      showCancelButton: true,
      confirmButtonText: LIST_TEXT.statusConfirm,
      cancelButtonText: CANCEL_TEXT,
      customClass: {
        confirmButton: status === 'Cancelled' ? 'button button-danger' : 'button button-primary',
        cancelButton: 'button button-secondary',
        actions: 'confirm-dialog-actions',
        input: 'input appointments-status-message',
      },
      didOpen: (popup) => {
        if (reason) popup.querySelector('.swal2-textarea')?.after(reason.field);
        if (planItems) popup.querySelector('.swal2-textarea')?.after(planItems.field);
      },
    });
    if (!result.isConfirmed) return null;
    return {
      message: String(result.value ?? ''),
      cancelReason: reason?.select.value || null,
      planItemIds: planItems?.ticked() ?? [],
    };
  } finally {
    entry.release();
  }
}

/**
 * After a completion refused because an item was no longer open: the patient's open items again
 * (read anew), those ticked before still ticked. Resolves with the ids ticked now (none: nothing
 * more to mark done), or null when staff close it.
 */
export async function askPlanItemsAgain(
  items: readonly OpenPlanItem[],
  tickedBefore: readonly number[],
): Promise<number[] | null> {
  const Swal = await swal();
  const planItems = items.length > 0 ? planItemsField(items, (item) => tickedBefore.includes(item.id)) : null;
  const body = dialogBody({
    text: planItems ? LIST_TEXT.planItemsAgainText : LIST_TEXT.planItemsNoneOpenText,
    className: 'appointments-dialog-text',
  });
  if (planItems) body.append(planItems.field);
  const entry = pushModal();
  try {
    const result = await Swal.fire({
      ...BUTTONS,
      title: LIST_TEXT.planItemsAgainTitle,
      html: body,
      icon: 'question',
      showCancelButton: true,
      confirmButtonText: planItems ? LIST_TEXT.planItemsAgainConfirm : LIST_TEXT.planItemsNoneOpenConfirm,
      cancelButtonText: LIST_TEXT.close,
      customClass: {
        confirmButton: 'button button-primary',
        cancelButton: 'button button-secondary',
        actions: 'confirm-dialog-actions',
      },
    });
    return result.isConfirmed ? (planItems?.ticked() ?? []) : null;
  } finally {
    entry.release();
  }
}

/** What staff chose after a failure that has a way on: do it again, go on without, or close. */
export type FailureChoice = 'again' | 'without' | 'close';

/**
 * A failure (title, text, reason line, as showFailure) with ways on: `again` names the button that
 * tries again (Retry, Choose again), `without` the one that goes on without what failed, `close`
 * the one that gives up. A button not named is not offered; Escape gives up.
 */
export async function askAfterFailure(
  message: { title: string; text: string; reason?: string },
  buttons: { again?: string; without?: string; close: string },
): Promise<FailureChoice> {
  const Swal = await swal();
  const { title, text, reason } = message;
  const body = dialogBody(
    { text, className: 'appointments-dialog-text' },
    reason ? { text: `${LIST_TEXT.reason} ${reason}`, className: 'appointments-dialog-reason' } : undefined,
  );
  const entry = pushModal();
  try {
    const result = await Swal.fire({
      ...BUTTONS,
      title,
      html: body,
      icon: 'error',
      showConfirmButton: buttons.again !== undefined,
      confirmButtonText: buttons.again,
      showDenyButton: buttons.without !== undefined,
      denyButtonText: buttons.without,
      showCancelButton: true,
      cancelButtonText: buttons.close,
      customClass: {
        confirmButton: 'button button-primary',
        denyButton: 'button button-secondary',
        cancelButton: 'button button-secondary',
        actions: 'confirm-dialog-actions',
      },
    });
    if (result.isConfirmed) return 'again';
    return result.isDenied ? 'without' : 'close';
  } finally {
    entry.release();
  }
}

/** A failure: the spec's title and text, and the reason (e.g. the service's error) below them. */
export async function showFailure(title: string, text: string, reason?: string): Promise<void> {
  await showMessage('error', title, text, reason);
}

/** Something done differently from what was asked, told after it succeeded. */
export async function showNotice(title: string, text: string): Promise<void> {
  await showMessage('info', title, text);
}

async function showMessage(icon: 'error' | 'info', title: string, text: string, reason?: string): Promise<void> {
  const Swal = await swal();
  const body = dialogBody(
    { text, className: 'appointments-dialog-text' },
    reason ? { text: `${LIST_TEXT.reason} ${reason}`, className: 'appointments-dialog-reason' } : undefined,
  );
  const entry = pushModal();
  try {
    await Swal.fire({
      ...BUTTONS,
      title,
      html: body,
      icon,
      confirmButtonText: 'OK',
      customClass: { confirmButton: 'button button-primary', actions: 'confirm-dialog-actions' },
    });
  } finally {
    entry.release();
  }
}
