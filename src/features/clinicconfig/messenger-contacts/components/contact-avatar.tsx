import { Avatar } from '@/components/avatar/avatar';
import { contactName } from '../contact-display';

/**
 * A sender's Messenger profile picture, named by the sender; their initials when Meta gave no
 * picture or it fails to load (an expired link).
 */
export function ContactAvatar({
  contact,
}: {
  contact: { display_name: string | null; profile_pic_url: string | null };
}) {
  return (
    <Avatar
      name={contactName(contact)}
      initialsFrom={contact.display_name}
      url={contact.profile_pic_url}
      size={40}
      className="contact-avatar"
      initialsClassName="contact-avatar-initials"
      lazy
    />
  );
}
