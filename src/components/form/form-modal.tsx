import { useRef, type FormEvent, type ReactNode } from 'react';
import { Modal, type ModalProps } from '@/components/modal/modal';
import { joinClasses } from '@/lib/class-names';
import './form-modal.css';

export interface FormModalProps {
  /** The form's id: the footer's submit button sits outside the form and names it. */
  formId: string;
  title: ReactNode;
  onClose: () => void;
  size?: ModalProps['size'];
  initialFocus?: ModalProps['initialFocus'];
  /** A destructive action (void): focus starts on Cancel, not on a field (see ModalProps). */
  destructive?: boolean;
  /** Classes beside form-modal-form, which stacks the fields (form-modal.css). */
  formClassName?: string;
  /**
   * Runs on submit, default prevented; react-hook-form's handleSubmit(...) fits. A second submit
   * while one runs, or while `pending` or `disabled`, is ignored.
   */
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  /** A write is in flight: the submit button is disabled and shows `pendingLabel`. */
  pending: boolean;
  /** The submit button is disabled, and a submit ignored, with nothing in flight (nothing to send). */
  submitDisabled?: boolean;
  /** The submit button's classes; 'button button-danger' for a destructive action. */
  submitClassName?: string;
  /** The buttons' words; most forms save, so 'Save', 'Saving...' and 'Cancel' unless told. */
  submitLabel?: ReactNode;
  pendingLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** Buttons before Cancel in the footer (e.g. Delete). */
  footerStart?: ReactNode;
  children: ReactNode;
}

/**
 * A form in the app's Modal: Cancel and the submit button in the footer, the double-submit
 * guard of useGuardedMutation/useAction kept at the form too (a submit while one is being
 * checked or sent does nothing).
 */
export function FormModal({
  formId,
  title,
  onClose,
  size = 'small',
  initialFocus,
  destructive = false,
  formClassName,
  onSubmit,
  pending,
  submitDisabled = false,
  submitClassName = 'button button-primary',
  submitLabel = 'Save',
  pendingLabel = 'Saving...',
  cancelLabel = 'Cancel',
  footerStart,
  children,
}: FormModalProps) {
  const running = useRef(false);
  const cancelRef = useRef<HTMLButtonElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || submitDisabled || running.current) return;
    running.current = true;
    try {
      await onSubmit(event);
    } finally {
      running.current = false;
    }
  }

  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      size={size}
      initialFocus={destructive ? cancelRef : initialFocus}
      footer={
        <>
          {footerStart}
          <button ref={cancelRef} type="button" className="button button-secondary" onClick={onClose}>
            {cancelLabel}
          </button>
          <button type="submit" form={formId} className={submitClassName} disabled={pending || submitDisabled}>
            {pending ? pendingLabel : submitLabel}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className={joinClasses('form-modal-form', formClassName)}
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        {children}
      </form>
    </Modal>
  );
}
