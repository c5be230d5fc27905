import { useCallback, useState } from 'react';
import { AfterFirstPaint, lazyView } from '@/components/lazy-view/lazy-view';
import { Screen } from '@/components/screen/screen';
import { ErrorState, LoadingState } from '@/components/states/states';
import { can } from '@/lib/authorization';
import { useDashboard } from '@/lib/dashboard';
import { requestErrorOf } from '@/lib/request-error';
import { useSession, useSignedInUser } from '@/lib/session';
import { FacebookConnectControls } from './facebook-connect/components/facebook-connect-controls';
import type { FacebookPollTiming } from './facebook-connect/poller';
import { ClinicForm } from './form/components/clinic-form';
import { useClinic, type ClinicSettings } from './model/api/get-clinic';
import { CLINIC_EXTRA_TEXT, CLINIC_TEXT } from './model/messages';
import { ADD_CLINIC, ClinicPicker } from './select-clinic/components/clinic-picker';
import './clinics.css';

/**
 * HMOs, Messenger contacts and the audit trail (./below-form.tsx): a chunk of their own, asked for
 * once the form has been painted.
 */
const BelowForm = lazyView<{ clinicId: number }>(() => import('./below-form'));

export interface ClinicConfigViewProps {
  /** The Facebook poll's timing; the spec's 2000 ms × 30 unless a test shortens it. */
  facebookTiming?: FacebookPollTiming;
}

/**
 * The Clinic Config tab: the working clinic's settings for its admin; the superadmin also picks any
 * clinic, or 'Add Clinic' for a new one.
 */
export function ClinicConfigView({ facebookTiming }: ClinicConfigViewProps) {
  const user = useSignedInUser();
  const { clinic, selectClinic, renameClinic } = useSession();
  const { selectTab } = useDashboard();
  const superadmin = can(user.role, 'clinic:create');
  const [adding, setAdding] = useState(false);
  const back = useCallback(() => selectTab('patients'), [selectTab]);

  // A new clinic (or a renamed one) becomes the working clinic, in both selectors; an admin's own
  // clinic keeps its place and only its name follows. The same when the form read the clinic again
  // after someone else saved it (and perhaps renamed it) meanwhile.
  const followClinic = useCallback(
    (stored: ClinicSettings) => {
      if (can(user.role, 'clinic:switch')) selectClinic({ id: stored.id, name: stored.name });
      else renameClinic(stored.id, stored.name);
    },
    [user.role, selectClinic, renameClinic],
  );
  const onSaved = useCallback(
    (saved: ClinicSettings) => {
      followClinic(saved);
      setAdding(false);
    },
    [followClinic],
  );

  let body;
  if (superadmin && adding) {
    body = (
      <ClinicForm
        key="new"
        clinic={null}
        onSaved={onSaved}
        onBack={back}
        facebookControls={<FacebookConnectControls clinicId={null} clinic={null} timing={facebookTiming} />}
      />
    );
  } else if (clinic.id === null) {
    body = <p className="clinic-empty">{CLINIC_TEXT.noClinic}</p>;
  } else {
    body = (
      <ClinicEditor
        key={clinic.id}
        clinicId={clinic.id}
        onSaved={onSaved}
        onChangedElsewhere={followClinic}
        onBack={back}
        facebookTiming={facebookTiming}
      />
    );
  }

  return (
    <Screen
      className="clinic-config"
      headerClassName="clinic-config-header"
      titleId="clinic-config-title"
      title={CLINIC_TEXT.title}
      tools={
        superadmin ? (
          <ClinicPicker
            value={adding ? ADD_CLINIC : clinic.id}
            onAdd={() => setAdding(true)}
            onChoose={(chosen) => {
              setAdding(false);
              selectClinic(chosen);
            }}
          />
        ) : null
      }
    >
      {body}
    </Screen>
  );
}

function ClinicEditor({
  clinicId,
  onSaved,
  onChangedElsewhere,
  onBack,
  facebookTiming,
}: {
  clinicId: number;
  onSaved: (saved: ClinicSettings) => void;
  onChangedElsewhere: (current: ClinicSettings) => void;
  onBack: () => void;
  facebookTiming?: FacebookPollTiming;
}) {
  const clinic = useClinic(clinicId);
  if (clinic.isPending) return <LoadingState label={CLINIC_EXTRA_TEXT.loading} />;
  if (clinic.isError) {
    // A clinic the user may not read (or no longer there) is the spec's "no clinic".
    if (requestErrorOf(clinic.error).kind === 'gone') return <p className="clinic-empty">{CLINIC_TEXT.noClinic}</p>;
    return (
      <ErrorState
        title={CLINIC_EXTRA_TEXT.loadFailed}
        onRetry={() => void clinic.refetch()}
        retryLabel={CLINIC_EXTRA_TEXT.retry}
      />
    );
  }
  return (
    <>
      <ClinicForm
        clinic={clinic.data}
        onSaved={onSaved}
        onChangedElsewhere={onChangedElsewhere}
        onBack={onBack}
        facebookControls={<FacebookConnectControls clinicId={clinicId} clinic={clinic.data} timing={facebookTiming} />}
      />
      <AfterFirstPaint>
        <BelowForm clinicId={clinicId} />
      </AfterFirstPaint>
    </>
  );
}
