import { pushModal } from './modal/modal-stack';
import { loadSweetAlert } from './sweet-alert';

export interface ConfirmOptions {
  title: string;
  text: string;
  /** Default 'Yes, delete'. */
  confirmText?: string;
  /** Default 'Cancel'. */
  cancelText?: string;
  icon?: 'warning' | 'question' | 'info';
  /** Whether the confirm button is the destructive red one (default true). */
  danger?: boolean;
  /**
   * Focus Cancel instead of the confirm button. The default for a destructive confirmation, so a
   * second Enter (or a double tap) cannot delete; a harmless one focuses its confirm button.
   */
  focusCancel?: boolean;
}

/**
 * A confirmation dialog in sweetalert2, loaded on first use so it costs nothing until someone
 * deletes something. Resolves true when confirmed; Esc, Cancel and a click outside resolve false.
 */
export async function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  const Swal = await loadSweetAlert();
  // Back (the browser's, or Android's gesture) answers like Cancel.
  const entry = pushModal({ onBack: () => Swal.close() });
  try {
    const result = await Swal.fire({
      title: options.title,
      text: options.text,
      icon: options.icon ?? 'warning',
      showCancelButton: true,
      confirmButtonText: options.confirmText ?? 'Yes, delete',
      cancelButtonText: options.cancelText ?? 'Cancel',
      focusCancel: options.focusCancel ?? options.danger !== false,
      reverseButtons: true,
      // The app locks scrolling itself (modal-stack); sweetalert2 must not resize <body>.
      heightAuto: false,
      scrollbarPadding: false,
      returnFocus: true,
      customClass: {
        confirmButton: options.danger === false ? 'button button-primary' : 'button button-danger',
        cancelButton: 'button button-secondary',
        actions: 'confirm-dialog-actions',
      },
      buttonsStyling: false,
    });
    return result.isConfirmed;
  } finally {
    entry.release();
  }
}
