import type { RealtimeStatus } from '@/lib/realtime-client';
import { LIVE_TEXT } from '../messages';

/**
 * A quiet line while live updates cannot arrive: the socket is reconnecting by itself, or the
 * service refused it (it will not retry). Nothing while connecting or connected.
 */
export function LiveConnectionNotice({ status }: { status: RealtimeStatus }) {
  if (status !== 'reconnecting' && status !== 'refused') return null;
  return (
    <span className={`live-connection live-connection-${status}`} role="status">
      <span className="live-connection-dot" aria-hidden="true" />
      {status === 'reconnecting' ? LIVE_TEXT.reconnecting : LIVE_TEXT.refused}
    </span>
  );
}
