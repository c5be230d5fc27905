import { useEffect, useState } from 'react';
import type { RealtimeStatus } from '@/lib/realtime-client';
import { LIVE_TEXT } from '../messages';

/** How long 'Live updates are back on.' stays after the connection came back. */
export const LIVE_RESTORED_NOTICE_MS = 4_000;

/**
 * A quiet line while live updates cannot arrive: the socket is reconnecting by itself, or the
 * service refused it (it will not retry). Once a lost connection is back, a line says so for a
 * few seconds; nothing while connecting or connected otherwise.
 */
export function LiveConnectionNotice({ status }: { status: RealtimeStatus }) {
  const [previous, setPrevious] = useState(status);
  const [restored, setRestored] = useState(false);
  if (status !== previous) {
    setPrevious(status);
    setRestored(status === 'connected' && (previous === 'reconnecting' || previous === 'refused'));
  }
  useEffect(() => {
    if (!restored) return;
    const timer = setTimeout(() => setRestored(false), LIVE_RESTORED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [restored]);

  if (status === 'connected' && restored) {
    return (
      <span className="live-connection live-connection-restored" role="status">
        <span className="live-connection-dot" aria-hidden="true" />
        {LIVE_TEXT.restored}
      </span>
    );
  }
  if (status !== 'reconnecting' && status !== 'refused') return null;
  return (
    <span className={`live-connection live-connection-${status}`} role="status">
      <span className="live-connection-dot" aria-hidden="true" />
      {status === 'reconnecting' ? LIVE_TEXT.reconnecting : LIVE_TEXT.refused}
    </span>
  );
}
