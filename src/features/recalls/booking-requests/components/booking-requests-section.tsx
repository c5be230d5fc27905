import { useId } from 'react';
import { formatClinicDateTimeShort } from '@common/clinic-calendar';
import { Panel } from '@/components/screen/screen';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
import { useToast } from '@/components/toast/toast-context';
import { useOpenBooking } from '@/entities/appointment';
import { requestErrorOf } from '@/lib/request-error';
import { RECALLS_TEXT } from '../../model/messages';
import { useDismissBookingRequest } from '../api/dismiss-request';
import { useBookingRequests, type BookingRequest } from '../api/get-requests';

const TEXT = RECALLS_TEXT.requests;

/**
 * 'Booking requests': patients who tapped Book on a recall, live (oldest first). 'Book' opens the
 * Appointments tab with its Add Appointment form for the patient (the request closes by itself once
 * they have an appointment ahead); 'Dismiss' closes it without one.
 */
export function BookingRequestsSection({ clinicId, timeZone }: { clinicId: number; timeZone: string }) {
  const requests = useBookingRequests(clinicId);
  const dismiss = useDismissBookingRequest(clinicId);
  const openBooking = useOpenBooking();
  const toast = useToast();

  const onDismiss = async (request: BookingRequest) => {
    try {
      await dismiss.mutateAsync(request.id);
      toast(TEXT.dismissed(request.patient_name), { tone: 'success' });
    } catch (error) {
      // Not there (PT404) or handled meanwhile (PT409): either way it is off the list.
      const kind = requestErrorOf(error).kind;
      toast(kind === 'gone' || kind === 'changed' ? TEXT.alreadyHandled : TEXT.dismissFailed, { tone: 'error' });
    }
  };

  let body;
  if (requests.isPending) body = <LoadingState label={TEXT.loading} />;
  else if (requests.isError && !requests.data)
    body = <ErrorState title={TEXT.loadFailed} onRetry={() => void requests.refetch()} />;
  else if (requests.data.length === 0) body = <EmptyState title={TEXT.empty} />;
  else
    body = (
      <ul className="plain-list recall-requests-list" aria-label={TEXT.list}>
        {requests.data.map((request) => (
          <RequestItem
            key={request.id}
            request={request}
            timeZone={timeZone}
            canBook={openBooking !== null}
            dismissing={dismiss.isPendingFor(['recalls', 'dismiss', request.id])}
            onBook={() => openBooking?.({ clinicId, patient: { id: request.patient_id, name: request.patient_name } })}
            onDismiss={() => void onDismiss(request)}
          />
        ))}
      </ul>
    );

  return (
    <Panel
      card
      className="recall-requests"
      title={
        <>
          {TEXT.title}
          {requests.data && requests.data.length > 0 ? (
            <span className="recall-badge" data-testid="recall-requests-count">
              {requests.data.length}
            </span>
          ) : null}
        </>
      }
      tools={<p className="section-note">{TEXT.intro}</p>}
    >
      {body}
    </Panel>
  );
}

function RequestItem({
  request,
  timeZone,
  canBook,
  dismissing,
  onBook,
  onDismiss,
}: {
  request: BookingRequest;
  timeZone: string;
  canBook: boolean;
  dismissing: boolean;
  onBook(): void;
  onDismiss(): void;
}) {
  const nameId = useId();
  return (
    <li className="recall-request" aria-labelledby={nameId}>
      <div className="recall-request-body">
        <p id={nameId} className="recall-request-name">
          {request.patient_name}
        </p>
        <p className="recall-request-meta">
          {request.patient_phone} · {TEXT.requested(formatClinicDateTimeShort(request.created_at, timeZone))}
        </p>
      </div>
      <div className="recall-request-actions">
        {canBook ? (
          <button
            type="button"
            className="button button-primary"
            aria-describedby={nameId}
            title={TEXT.bookHint}
            onClick={onBook}
          >
            {TEXT.book}
          </button>
        ) : null}
        <button
          type="button"
          className="button button-secondary"
          aria-describedby={nameId}
          disabled={dismissing}
          onClick={onDismiss}
        >
          {TEXT.dismiss}
        </button>
      </div>
    </li>
  );
}
