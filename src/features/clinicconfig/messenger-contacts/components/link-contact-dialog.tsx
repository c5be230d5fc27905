import { useId, useRef, useState, type FormEvent } from 'react';
import { confirmDialog } from '@/components/confirm-dialog';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { Modal } from '@/components/modal/modal';
import { useToast } from '@/components/toast/toast-context';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import type { UnlinkedContact } from '../api/get-unlinked-contacts';
import { useLinkContact } from '../api/link-contact';
import type { LinkPatient } from '../api/search-link-patients';
import { contactName } from '../contact-display';
import { linkConfirmText, linkFailureText } from '../link-contact';
import { LINK_TEXT } from '../messages';
import { ContactAvatar } from './contact-avatar';
import { LinkPatientField } from './link-patient-field';

/**
 * 'Link to patient' for one sender: pick a patient of the clinic, confirm (saying when the
 * patient's own Messenger ID is replaced), and the patient's messenger_id becomes the sender's.
 * A failure keeps the dialog open with the reason; success closes it with a toast.
 */
export function LinkContactDialog({
  clinicId,
  contact,
  onClose,
}: {
  clinicId: number;
  contact: UnlinkedContact;
  onClose: () => void;
}) {
  const formId = useId();
  const fieldId = `${formId}-patient`;
  const [patient, setPatient] = useState<LinkPatient | null>(null);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const [confirming, setConfirming] = useState(false);
  const link = useLinkContact(clinicId);
  const toast = useToast();
  const done = useRef(false);
  const name = contactName(contact);
  const busy = confirming || link.isPending;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || done.current) return;
    if (!patient) {
      setMessage({ tone: 'error', text: LINK_TEXT.choosePatient });
      return;
    }
    setMessage(null);
    setConfirming(true);
    let confirmed: boolean;
    try {
      confirmed = await confirmDialog({
        title: LINK_TEXT.confirmTitle,
        text: linkConfirmText(name, patient, contact.psid),
        confirmText: LINK_TEXT.confirmButton,
        icon: 'question',
        danger: false,
      });
    } finally {
      setConfirming(false);
    }
    if (!confirmed) return;
    try {
      const row = await link.mutateAsync({ psid: contact.psid, patientId: patient.id });
      if (row === ALREADY_PENDING) return;
      done.current = true;
      toast(LINK_TEXT.linked(name, row.name), { tone: 'success' });
      onClose();
    } catch (error) {
      console.error('Ngiti: linking a Messenger contact failed', error);
      setMessage({ tone: 'error', text: linkFailureText(error) });
    }
  }

  return (
    <Modal
      open
      title={LINK_TEXT.title}
      onClose={onClose}
      size="small"
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {LINK_TEXT.cancel}
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={busy}>
            {link.isPending ? LINK_TEXT.linking : LINK_TEXT.link}
          </button>
        </>
      }
    >
      <form id={formId} className="contact-link-form" onSubmit={onSubmit} noValidate>
        <div className="contact-link-who">
          <ContactAvatar contact={contact} />
          <span className="contact-name">{name}</span>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={fieldId}>
            {LINK_TEXT.patient}
          </label>
          <LinkPatientField
            id={fieldId}
            clinicId={clinicId}
            value={patient}
            onChange={(chosen) => {
              setPatient(chosen);
              setMessage(null);
            }}
          />
        </div>
        <FormMessage message={message} />
      </form>
    </Modal>
  );
}
