import { useEffect } from 'react';
import { useAfterFirstPaint } from '@/components/lazy-view/lazy-view';
import { useClinics } from '@/features/clinicconfig/model/api/get-clinics';
import { useSession } from '@/lib/session';

/**
 * The superadmin's clinic selector: the chosen clinic is the one every view works on
 * (session.clinic). Other roles never see it and stay on their own clinic.
 */
export function ClinicSelector() {
  const { clinic, selectClinic } = useSession();
  // The list is for choosing another clinic: it is asked for once the dashboard's first screen has
  // been painted, so a reload's first paint does not wait on it.
  const clinics = useClinics({ enabled: useAfterFirstPaint() });
  const list = clinics.data;

  // No clinic yet, or the remembered one is gone: take the first the user can read.
  useEffect(() => {
    if (!list || list.length === 0) return;
    if (clinic.id === null || !list.some((candidate) => candidate.id === clinic.id)) selectClinic(list[0]!);
  }, [list, clinic.id, selectClinic]);

  // A long name is cut to the selector's width: the full one is its title, the options' text, and
  // shown below it while it has focus.
  const chosenName = list?.find((candidate) => candidate.id === clinic.id)?.name ?? clinic.name ?? '';
  return (
    <div className="clinic-selector">
      <label className="sidebar-caption" htmlFor="clinic-selector">
        Working on
      </label>
      <select
        id="clinic-selector"
        className="input sidebar-select"
        value={clinic.id ?? ''}
        disabled={!list}
        title={chosenName || undefined}
        onChange={(event) => {
          const chosen = list?.find((candidate) => String(candidate.id) === event.target.value);
          if (chosen) selectClinic(chosen);
        }}
      >
        {clinic.id === null || !list ? (
          <option value={clinic.id ?? ''}>{clinic.name ?? 'Loading clinics…'}</option>
        ) : null}
        {list?.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.name}
          </option>
        ))}
      </select>
      {chosenName ? (
        <span className="clinic-selector-full" aria-hidden="true" data-testid="clinic-selector-full">
          {chosenName}
        </span>
      ) : null}
      {clinics.isError ? (
        <p className="sidebar-error" role="alert">
          Could not load the clinics.{' '}
          <button type="button" className="sidebar-retry" onClick={() => void clinics.refetch()}>
            Retry
          </button>
        </p>
      ) : null}
    </div>
  );
}
