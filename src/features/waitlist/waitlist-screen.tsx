import { useState } from 'react';
import { WAITLIST_UPDATED } from '@common/contract/live-events';
import { confirmDialog } from '@/components/confirm-dialog';
import { HeaderMessage, useHeaderMessage } from '@/components/header-message/header-message';
import { lazyModal } from '@/components/lazy-view/lazy-modal';
import { namedExport, usePreloadOnceRead } from '@/components/lazy-view/lazy-view';
import { Screen } from '@/components/screen/screen';
import { ErrorState, LoadingState } from '@/components/states/states';
import { useClinicZone } from '@/entities/clinic';
import { useSession } from '@/lib/session';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { useLiveRefresh } from '@/lib/use-live-refresh';
import { useWaitlist, type WaitlistEntry } from './list/api/get-waitlist';
import { WaitlistTable } from './list/components/waitlist-table';
import { isShownByDefault } from './model/entry-status';
import { failureText } from './model/failure-text';
import { WAITLIST_TEXT } from './model/messages';
import { waitlistKeys } from './model/query-keys';
import { useRemoveWaitlistEntry } from './remove-entry/api/remove-entry';
import '@/components/table/data-table.css';
import './waitlist.css';

const systemNow = () => new Date();

// Add to Waitlist's form (with its schema library) is a chunk of its own: not needed to draw the
// list, which a slow phone would otherwise wait for. The pointer coming over the screen, or the
// focus coming into it, starts its download; so does the first idle moment after the list is read.
const AddEntryModal = lazyModal(
  namedExport(() => import('./add-entry/components/add-entry-modal'), 'AddEntryModal'),
  { label: 'Loading the waitlist form…' },
);
const preloadModal = () => AddEntryModal.preload();

/**
 * The Waitlist tab: the clinic's waitlist in order, Add to Waitlist, Remove, and the offers and
 * bookings the service makes, kept current live.
 */
export function WaitlistScreen({ clinicId, now }: { clinicId: number; now?: () => Date }) {
  const entries = useWaitlist(clinicId);
  const { timeZone } = useClinicZone(clinicId);
  const header = useHeaderMessage();
  const remove = useRemoveWaitlistEntry(clinicId);
  const [adding, setAdding] = useState(false);
  const [showClosed, setShowClosed] = useState(false);
  usePreloadOnceRead(!entries.isPending, preloadModal);
  // An entry added or removed on any device, an offer sent, a slot taken or gone.
  const live = useLiveRefresh({ clinicId, event: WAITLIST_UPDATED, queryKey: waitlistKeys.entries(clinicId) });

  const shown = (entries.data ?? []).filter((entry) => showClosed || isShownByDefault(entry, (now ?? systemNow)()));

  async function onRemove(entry: WaitlistEntry) {
    const confirmed = await confirmDialog({
      title: WAITLIST_TEXT.removeTitle,
      text: WAITLIST_TEXT.removeText(entry.patient?.name ?? 'This patient'),
      confirmText: WAITLIST_TEXT.removeConfirm,
    });
    if (!confirmed) return;
    try {
      if ((await remove.mutateAsync(entry.id)) === ALREADY_PENDING) return;
      header.showSuccess(WAITLIST_TEXT.removed);
    } catch (error) {
      console.error('Ngiti: removing a waitlist entry failed', error);
      const detail = failureText(error, 'remove');
      header.showError(detail ? `${WAITLIST_TEXT.removeFailed} ${detail}` : WAITLIST_TEXT.removeFailed);
    }
  }

  return (
    <Screen
      className="waitlist-screen"
      titleId="waitlist-title"
      title={WAITLIST_TEXT.title}
      data-live={live}
      onPointerOver={preloadModal}
      onFocus={preloadModal}
      message={<HeaderMessage message={header.message} onDismiss={header.clear} onExpire={header.expire} />}
      tools={
        <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
          {WAITLIST_TEXT.add}
        </button>
      }
    >
      <p className="waitlist-intro">{WAITLIST_TEXT.intro}</p>
      <div className="waitlist-toolbar">
        <label>
          <input type="checkbox" checked={showClosed} onChange={(event) => setShowClosed(event.target.checked)} />
          {WAITLIST_TEXT.showClosed}
        </label>
      </div>

      {entries.isError ? (
        <ErrorState title={WAITLIST_TEXT.fetchFailed} onRetry={() => void entries.refetch()} />
      ) : (
        <WaitlistTable
          entries={shown}
          loading={entries.isPending}
          timeZone={timeZone}
          removing={(entry) => remove.isPendingFor(waitlistKeys.remove(clinicId, entry.id))}
          onRemove={(entry) => void onRemove(entry)}
        />
      )}

      {adding ? (
        <AddEntryModal
          clinicId={clinicId}
          timeZone={timeZone}
          {...(now ? { now } : {})}
          onClose={() => setAdding(false)}
          onSaved={(message) => {
            setAdding(false);
            header.showSuccess(message);
          }}
        />
      ) : null}
    </Screen>
  );
}

/** The screen for the clinic the session works on (the superadmin's choice, or the user's own). */
export function WaitlistForActiveClinic() {
  const { clinic } = useSession();
  if (clinic.id === null) return <LoadingState label="Loading clinics…" />;
  return <WaitlistScreen key={clinic.id} clinicId={clinic.id} />;
}
