import { pushModal } from '@/components/modal/modal-stack';
import { loadSweetAlert } from '@/components/sweet-alert';

export interface ReminderAlertOptions {
  title: string;
  text: string;
  icon: 'success' | 'error';
  /** A second, smaller line: why it failed, in words staff can act on. */
  detail?: string;
  /** Closes by itself after this long, without an OK button. */
  timerMs?: number;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The modal's result dialogs ('Settings Saved!', 'Failed to send reminder', …) in sweetalert2,
 * loaded on first use like src/components/confirm-dialog.ts. Resolves once the dialog is closed.
 */
export async function showReminderAlert(options: ReminderAlertOptions): Promise<void> {
  const Swal = await loadSweetAlert();
  const entry = pushModal();
  try {
    await Swal.fire({
      title: options.title,
      text: options.text,
      icon: options.icon,
      footer: options.detail ? `<span class="reminder-alert-detail">${escapeHtml(options.detail)}</span>` : undefined,
      timer: options.timerMs,
      timerProgressBar: options.timerMs !== undefined,
      showConfirmButton: options.timerMs === undefined,
      confirmButtonText: 'OK',
      // The app locks scrolling itself (modal-stack); sweetalert2 must not resize <body>.
      heightAuto: false,
      scrollbarPadding: false,
      returnFocus: true,
      customClass: { confirmButton: 'button button-primary' },
      buttonsStyling: false,
    });
  } finally {
    entry.release();
  }
}
