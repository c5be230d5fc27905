import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState, type ReactElement } from 'react';
import { formatClinicDateTimeShort } from '@common/clinic-calendar';
import { Panel } from '@/components/screen/screen';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
import { useToast } from '@/components/toast/toast-context';
import { TruncatedText } from '@/components/truncated-text/truncated-text';
import { useClinicZone } from '@/entities/clinic';
import { CreatePatientModalSlot, useHasFeatureSlot } from '@/lib/feature-slots';
import { useUnlinkedContacts, type UnlinkedContact } from '../api/get-unlinked-contacts';
import { forgetContact, refreshAfterLink } from '../api/link-contact';
import { cappedContacts, contactName, firstMessageLine } from '../contact-display';
import { CONTACTS_TEXT } from '../messages';
import { ContactAvatar } from './contact-avatar';
import { LinkContactDialog } from './link-contact-dialog';
import './messenger-contacts.css';

type OpenDialog = { kind: 'link' | 'create'; contact: UnlinkedContact } | null;

/**
 * Clinic Config's 'Messenger contacts': the people who wrote to the clinic's page and are not a
 * patient yet (their page-scoped id is what reminders are sent to), the latest first. Each can be
 * linked to a patient, or made a new patient through the Patients feature's form.
 */
export function MessengerContactsSection({ clinicId }: { clinicId: number }): ReactElement {
  const contacts = useUnlinkedContacts(clinicId);
  const { timeZone } = useClinicZone(clinicId);
  const canCreate = useHasFeatureSlot('CreatePatientModal');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const queryClient = useQueryClient();
  const toast = useToast();

  const close = useCallback(() => setDialog(null), []);
  const onPatientCreated = useCallback(
    (text: string, psid: string) => {
      setDialog(null);
      toast(text, { tone: 'success' });
      // The new patient's messenger_id linked the contact (a trigger on patients).
      forgetContact(queryClient, clinicId, psid);
      void refreshAfterLink(queryClient, clinicId);
    },
    [toast, queryClient, clinicId],
  );

  let body: ReactElement;
  if (contacts.isPending) body = <LoadingState label={CONTACTS_TEXT.loading} />;
  else if (contacts.isError && !contacts.data)
    body = <ErrorState title={CONTACTS_TEXT.loadFailed} onRetry={() => void contacts.refetch()} />;
  else if (contacts.data.length === 0) body = <EmptyState title={CONTACTS_TEXT.empty} />;
  else {
    const { shown, more } = cappedContacts(contacts.data);
    body = (
      <>
        {contacts.isError ? (
          <p className="form-message form-message-error" role="alert">
            {CONTACTS_TEXT.loadFailed}
          </p>
        ) : null}
        <ul className="plain-list contacts-list" aria-label={CONTACTS_TEXT.list}>
          {shown.map((contact) => (
            <ContactItem
              key={`${contact.page_id}:${contact.psid}`}
              contact={contact}
              timeZone={timeZone}
              canCreate={canCreate}
              onLink={() => setDialog({ kind: 'link', contact })}
              onCreate={() => setDialog({ kind: 'create', contact })}
            />
          ))}
        </ul>
        {more ? <p className="section-note">{CONTACTS_TEXT.capped(shown.length)}</p> : null}
      </>
    );
  }

  return (
    <Panel
      card
      className="messenger-contacts"
      title={CONTACTS_TEXT.title}
      intro={<p className="section-note">{CONTACTS_TEXT.intro}</p>}
      tools={
        <button
          type="button"
          className="button button-secondary"
          disabled={contacts.isFetching}
          onClick={() => void contacts.refetch()}
        >
          {CONTACTS_TEXT.refresh}
        </button>
      }
    >
      {body}
      {dialog?.kind === 'link' ? (
        <LinkContactDialog clinicId={clinicId} contact={dialog.contact} onClose={close} />
      ) : null}
      {dialog?.kind === 'create' ? (
        <CreatePatientModalSlot
          clinicId={clinicId}
          prefill={{ name: dialog.contact.display_name?.trim() ?? '', messengerId: dialog.contact.psid }}
          onClose={close}
          onSaved={(text) => onPatientCreated(text, dialog.contact.psid)}
        />
      ) : null}
    </Panel>
  );
}

function ContactItem({
  contact,
  timeZone,
  canCreate,
  onLink,
  onCreate,
}: {
  contact: UnlinkedContact;
  timeZone: string;
  canCreate: boolean;
  onLink: () => void;
  onCreate: () => void;
}) {
  const nameId = useId();
  const name = contactName(contact);
  const message = firstMessageLine(contact.first_message);
  return (
    <li className="contact" aria-labelledby={nameId}>
      <ContactAvatar contact={contact} />
      <div className="contact-body">
        <p id={nameId} className={contact.display_name ? 'contact-name' : 'contact-name is-unknown'}>
          {name}
        </p>
        {message ? (
          <TruncatedText text={message} className="contact-message" />
        ) : (
          <p className="contact-message is-empty">{CONTACTS_TEXT.noMessage}</p>
        )}
        {contact.last_inbound_at ? (
          <p className="contact-time">
            {CONTACTS_TEXT.lastMessage(formatClinicDateTimeShort(contact.last_inbound_at, timeZone))}
          </p>
        ) : null}
      </div>
      <div className="contact-actions">
        <button type="button" className="button button-primary" aria-describedby={nameId} onClick={onLink}>
          {CONTACTS_TEXT.linkToPatient}
        </button>
        {canCreate ? (
          <button type="button" className="button button-secondary" aria-describedby={nameId} onClick={onCreate}>
            {CONTACTS_TEXT.createPatient}
          </button>
        ) : null}
      </div>
    </li>
  );
}
