import { useState } from 'react';
import { contactName, initialsOf } from '../contact-display';

/**
 * A sender's Messenger profile picture, named by the sender; their initials when Meta gave no
 * picture or it fails to load (an expired link).
 */
export function ContactAvatar({
  contact,
}: {
  contact: { display_name: string | null; profile_pic_url: string | null };
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const name = contactName(contact);
  const url = contact.profile_pic_url;
  if (url && failedUrl !== url) {
    return (
      <img
        className="contact-avatar"
        src={url}
        alt={name}
        width={40}
        height={40}
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setFailedUrl(url)}
      />
    );
  }
  return (
    <span className="contact-avatar contact-avatar-initials" role="img" aria-label={name}>
      <span aria-hidden="true">{initialsOf(contact.display_name)}</span>
    </span>
  );
}
