import { pushModal } from '@/components/modal/modal-stack';
import { dialogBody, loadSweetAlert } from '@/components/sweet-alert';
import { CLINIC_EXTRA_TEXT } from '../messages';

export interface ClinicAlertOptions {
  title: string;
  text: string;
  icon: 'success' | 'error' | 'warning' | 'info';
  /** A second, smaller line: a page name, or why something failed. */
  detail?: string;
}

/**
 * Clinic Configuration's result dialogs ('Success!', 'Error', 'Facebook Page Connected', …) in
 * sweetalert2, loaded on first use like src/components/confirm-dialog.ts. Texts go in as text,
 * never as HTML. Resolves once the dialog is closed.
 */
export async function showClinicAlert({ title, text, icon, detail }: ClinicAlertOptions): Promise<void> {
  const Swal = await loadSweetAlert();
  const body = dialogBody(
    { text, className: 'clinic-dialog-text' },
    detail ? { text: detail, className: 'clinic-dialog-detail' } : undefined,
  );
  const entry = pushModal({ onBack: () => Swal.close() });
  try {
    await Swal.fire({
      title,
      html: body,
      icon,
      confirmButtonText: CLINIC_EXTRA_TEXT.ok,
      // The app locks scrolling itself (modal-stack); sweetalert2 must not resize <body>.
      heightAuto: false,
      scrollbarPadding: false,
      returnFocus: true,
      buttonsStyling: false,
      customClass: { confirmButton: 'button button-primary', actions: 'confirm-dialog-actions' },
    });
  } finally {
    entry.release();
  }
}
