import { useState } from 'react';
import { confirmDialog } from '@/components/confirm-dialog';
import { Field } from '@/components/form/field';
import { FormModal } from '@/components/form/form-modal';
import { NOT_SENT, useFormSubmission } from '@/components/form/use-form-submission';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage } from '@/components/form-message';
import { useToast } from '@/components/toast/toast-context';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import type { UnlinkedContact } from '../api/get-unlinked-contacts';
import { useLinkContact } from '../api/link-contact';
import { linkContactSchema } from '../api/link-contact.schema';
import type { LinkPatient } from '../api/search-link-patients';
import { contactName } from '../contact-display';
import { linkChangedText, linkConfirmText, linkFailureText } from '../link-contact';
import { LINK_TEXT } from '../messages';
import { ContactAvatar } from './contact-avatar';
import { LinkPatientField } from './link-patient-field';

/**
 * 'Link to patient' for one sender: pick a patient of the clinic, confirm (saying when the
 * patient's own Messenger ID is replaced), and the patient's messenger_id becomes the sender's,
 * only while it is still the ID the confirmation went by. A failure, or a link changed elsewhere
 * meanwhile, keeps the dialog open with the reason; success closes it with a toast.
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
  const form = useZodForm(linkContactSchema, { defaultValues: { patient: null } });
  const [confirming, setConfirming] = useState(false);
  const link = useLinkContact(clinicId);
  const toast = useToast();
  const name = contactName(contact);
  const { formId, formProps, message, setFailure } = useFormSubmission(form, {
    pending: link.isPending,
    send: async (patient) => {
      if (!(await confirmLink(patient))) return NOT_SENT;
      const outcome = await link.mutateAsync({
        psid: contact.psid,
        patientId: patient.id,
        shownId: patient.messenger_id,
      });
      if (outcome === ALREADY_PENDING || outcome.linked) return outcome;
      // The patient's link changed after the dialog showed it: nothing was written. The dialog now
      // stands on the patient as stored, so the next confirmation warns of the link it would replace.
      form.setValue('patient', outcome.row);
      setFailure({ tone: 'error', text: linkChangedText(outcome.row, outcome.contactName) });
      return NOT_SENT;
    },
    onSent: ({ row }) => {
      toast(LINK_TEXT.linked(name, row.name), { tone: 'success' });
      onClose();
    },
    failureLog: 'linking a Messenger contact',
    failureMessage: (error) => ({ tone: 'error', text: linkFailureText(error) }),
  });

  async function confirmLink(patient: LinkPatient) {
    setConfirming(true);
    try {
      return await confirmDialog({
        title: LINK_TEXT.confirmTitle,
        text: linkConfirmText(name, patient, contact.psid),
        confirmText: LINK_TEXT.confirmButton,
        icon: 'question',
        danger: false,
      });
    } finally {
      setConfirming(false);
    }
  }

  return (
    <FormModal
      {...formProps}
      title={LINK_TEXT.title}
      onClose={onClose}
      submitDisabled={confirming}
      submitLabel={LINK_TEXT.link}
      pendingLabel={LINK_TEXT.linking}
    >
      <div className="contact-link-who">
        <ContactAvatar contact={contact} />
        <span className="contact-name">{name}</span>
      </div>
      <Field id={`${formId}-patient`} label={LINK_TEXT.patient}>
        {({ id }) => (
          <LinkPatientField
            id={id}
            clinicId={clinicId}
            value={form.watch('patient')}
            onChange={(chosen) => {
              form.setValue('patient', chosen);
              form.clearErrors();
              setFailure(null);
            }}
          />
        )}
      </Field>
      <FormMessage message={message} />
    </FormModal>
  );
}
