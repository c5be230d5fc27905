import { useState } from 'react';
import { notificationPermission } from '../live-updates';
import { LIVE_TEXT } from '../messages';

/**
 * The spec's desktop notification needs the browser's permission, which only the user can give:
 * while it is undecided, a small button asks for it (browsers show their prompt only after a
 * click). Granted, denied or unsupported, nothing is shown; live updates then come as toasts.
 */
export function DesktopNotificationsOffer() {
  const [permission, setPermission] = useState(notificationPermission);
  const [asking, setAsking] = useState(false);
  if (permission !== 'default') return null;

  const ask = async () => {
    setAsking(true);
    try {
      await Notification.requestPermission();
    } catch (error) {
      // An old browser's callback-only API, or a prompt the browser would not show.
      console.error('Ngiti: asking for desktop notifications failed', error);
    } finally {
      setAsking(false);
      setPermission(notificationPermission());
    }
  };

  return (
    <button
      type="button"
      className="button button-link desktop-notifications-offer"
      title={LIVE_TEXT.desktopNotificationsHint}
      disabled={asking}
      onClick={() => void ask()}
    >
      {LIVE_TEXT.turnOnDesktopNotifications}
    </button>
  );
}
