import { useState } from 'react';
import { Avatar } from '@/components/avatar/avatar';
import { confirmDialog } from '@/components/confirm-dialog';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import type { PatientListItem } from '../../model/api/patient-columns';
import { useMessengerContact } from '../api/get-messenger-contact';
import { useUnlinkMessenger } from '../api/unlink-messenger';
import { MESSENGER_LINK_TEXT } from '../messages';

/**
 * The Edit Patient form's Messenger link: who the stored Messenger ID belongs to (the name and
 * picture of the sender with that ID on the clinic's page, else the ID) and 'Unlink', which
 * clears it after a confirmation, leaving the rest of the form as typed.
 */
export function MessengerLink({
  clinicId,
  patient,
  psid,
  onUnlinked,
  onLinkedElsewhere,
  onFailed,
}: {
  clinicId: number;
  patient: Pick<PatientListItem, 'id' | 'name'>;
  psid: string;
  onUnlinked: () => void;
  /** Nothing was unlinked: the patient is linked to another ID now (`current`), set elsewhere meanwhile. */
  onLinkedElsewhere: (current: PatientListItem) => void;
  onFailed: (error: unknown) => void;
}) {
  const contact = useMessengerContact(clinicId, psid);
  const unlink = useUnlinkMessenger(clinicId);
  const [confirming, setConfirming] = useState(false);
  const displayName = contact.data?.display_name?.trim() || null;
  const name = displayName ?? MESSENGER_LINK_TEXT.unknownSender;

  async function onUnlink() {
    if (confirming || unlink.isPending) return;
    setConfirming(true);
    let confirmed: boolean;
    try {
      confirmed = await confirmDialog({
        title: MESSENGER_LINK_TEXT.confirmTitle,
        text: MESSENGER_LINK_TEXT.confirm(patient.name),
        confirmText: MESSENGER_LINK_TEXT.confirmButton,
      });
    } finally {
      setConfirming(false);
    }
    if (!confirmed) return;
    try {
      const outcome = await unlink.mutateAsync({ patientId: patient.id, psid });
      if (outcome === ALREADY_PENDING) return;
      if (outcome.unlinked) onUnlinked();
      else onLinkedElsewhere(outcome.row);
    } catch (error) {
      onFailed(error);
    }
  }

  return (
    <div className="messenger-link" role="group" aria-label={MESSENGER_LINK_TEXT.linked}>
      <p className="messenger-link-title">{MESSENGER_LINK_TEXT.linked}</p>
      <div className="messenger-link-row">
        {contact.data ? (
          <Avatar
            name={name}
            initialsFrom={displayName}
            url={contact.data.profile_pic_url}
            size={32}
            className="messenger-link-avatar"
            initialsClassName="is-initials"
          />
        ) : null}
        <div className="messenger-link-who">
          {contact.data ? <span className="messenger-link-name">{name}</span> : null}
          <span className="messenger-link-id">{MESSENGER_LINK_TEXT.idLabel(psid)}</span>
        </div>
        {/* aria-disabled, not disabled: the confirmation gives focus back here, and a disabled
            button would drop it while the unlink is on its way. onUnlink ignores a second press. */}
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={confirming || unlink.isPending || undefined}
          onClick={() => void onUnlink()}
        >
          {unlink.isPending ? MESSENGER_LINK_TEXT.unlinking : MESSENGER_LINK_TEXT.unlink}
        </button>
      </div>
    </div>
  );
}
