import { useCallback } from 'react';
import { confirmDialog } from '@/components/confirm-dialog';
import { FormMessage } from '@/components/form-message';
import { useToast } from '@/components/toast/toast-context';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import type { ClinicSettings } from '../../model/api/get-clinic';
import { isConnected } from '../../model/clinic-form';
import { showClinicAlert } from '../../model/components/clinic-dialogs';
import { serviceReason } from '../../model/failure-text';
import { CLINIC_EXTRA_TEXT, CLINIC_TEXT } from '../../model/messages';
import { useDisconnectFacebookPage } from '../api/disconnect-page';
import type { FacebookPollTiming } from '../poller';
import { PagePickerModal } from './page-picker-modal';
import { useFacebookConnect } from './use-facebook-connect';

/**
 * The form's Facebook buttons: 'Connect Facebook Page' ('Connecting...' and disabled while the
 * popup is open and the poll runs), the page picker, and 'Disconnect page' once a page is connected.
 */
export function FacebookConnectControls({
  clinicId,
  clinic,
  timing,
}: {
  clinicId: number | null;
  clinic: ClinicSettings | null;
  timing?: FacebookPollTiming;
}) {
  const flow = useFacebookConnect({ clinicId, clinic, timing });
  return (
    <div className="clinic-facebook">
      <div className="clinic-facebook-buttons">
        <button
          type="button"
          className="button button-primary"
          disabled={flow.connecting}
          aria-busy={flow.connecting || undefined}
          onClick={flow.connect}
        >
          {flow.connecting ? CLINIC_TEXT.connecting : CLINIC_TEXT.connect}
        </button>
        {clinicId !== null && isConnected(clinic) ? (
          <DisconnectButton clinicId={clinicId} disabled={flow.connecting} />
        ) : null}
      </div>
      <FormMessage message={flow.notice} />
      {flow.pages ? (
        <PagePickerModal
          pages={flow.pages}
          selecting={flow.selecting}
          onChoose={(page) => void flow.choosePage(page)}
          onCancel={flow.closePicker}
        />
      ) : null}
    </div>
  );
}

function DisconnectButton({ clinicId, disabled }: { clinicId: number; disabled: boolean }) {
  const disconnect = useDisconnectFacebookPage(clinicId);
  const toast = useToast();
  const onClick = useCallback(async () => {
    const confirmed = await confirmDialog({
      title: CLINIC_EXTRA_TEXT.disconnectTitle,
      text: CLINIC_EXTRA_TEXT.disconnectText,
      confirmText: CLINIC_EXTRA_TEXT.disconnectConfirm,
      cancelText: CLINIC_TEXT.cancel,
      focusCancel: true,
    });
    if (!confirmed) return;
    try {
      const result = await disconnect.mutateAsync();
      if (result === ALREADY_PENDING) return;
      toast(CLINIC_EXTRA_TEXT.disconnected, { tone: 'success' });
    } catch (error) {
      void showClinicAlert({
        title: CLINIC_TEXT.errorTitle,
        text: CLINIC_EXTRA_TEXT.disconnectFailed,
        icon: 'error',
        detail: serviceReason(error, CLINIC_EXTRA_TEXT.disconnectFailed),
      });
    }
  }, [disconnect, toast]);
  return (
    <button
      type="button"
      className="button button-danger"
      disabled={disabled || disconnect.isPending}
      onClick={() => void onClick()}
    >
      {disconnect.isPending ? CLINIC_EXTRA_TEXT.disconnecting : CLINIC_EXTRA_TEXT.disconnect}
    </button>
  );
}
