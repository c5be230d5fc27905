import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { HeaderMessage, useHeaderMessage } from '@/components/header-message/header-message';
import { lazyModal } from '@/components/lazy-view/lazy-modal';
import { namedExport, usePreloadOnceRead } from '@/components/lazy-view/lazy-view';
import { LoadingState } from '@/components/states/states';
import { useNoShowFlags } from '@/entities/patient';
import { PatientChartSlot, useHasFeatureSlot } from '@/lib/feature-slots';
import { useSession } from '@/lib/session';
import { useDeletePatientFlow } from './delete/components/use-delete-patient-flow';
import { ExportPatientsButton } from './export/components/export-patients-button';
import { usePatients } from './list/api/get-patients';
import { PatientsTable, type PatientRowActions } from './list/components/patients-table';
import { createPatientSearch } from './list/patient-search';
import type { PatientListItem } from './model/api/patient-columns';
import { PATIENT_EXTRA_TEXT, PATIENT_TEXT } from './model/messages';
import '@/components/table/data-table.css';
import './patients.css';

// The modals (the patient form with its schema library, the history, the HMO cards) are chunks of
// their own: opened from a button or a row, they are not needed to draw the list, which a slow
// phone would otherwise wait for. The pointer coming over the screen, or the focus coming into it,
// starts their download; so does the browser's first idle moment after the list has been read.
const PatientFormModal = lazyModal(
  namedExport(() => import('./form/components/patient-form-modal'), 'PatientFormModal'),
  { label: 'Loading the patient form…' },
);
const PatientHistoryModal = lazyModal(
  namedExport(() => import('./history/components/patient-history-modal'), 'PatientHistoryModal'),
  { label: 'Loading the appointment history…' },
);
const PatientCoverageModal = lazyModal(
  namedExport(() => import('./hmo-discount/components/patient-coverage-modal'), 'PatientCoverageModal'),
  { label: 'Loading the HMO cards…' },
);
const preloadModals = () => {
  PatientFormModal.preload();
  PatientHistoryModal.preload();
  PatientCoverageModal.preload();
};

type OpenModal =
  | { kind: 'add' }
  | { kind: 'edit'; patient: PatientListItem }
  | { kind: 'history'; patient: PatientListItem }
  | { kind: 'chart'; patient: PatientListItem }
  | { kind: 'coverage'; patient: PatientListItem }
  | null;

/** The Patients tab for the clinic the user works on. */
export function PatientsView() {
  const { clinic } = useSession();
  if (clinic.id === null) return <LoadingState label={PATIENT_EXTRA_TEXT.loading} />;
  // A superadmin switching clinics gets a fresh screen: no modal or search carried across.
  return <PatientsScreen key={clinic.id} clinicId={clinic.id} />;
}

/**
 * Keeps the sticky header's height in a CSS variable, so the table's column headings stick just
 * below it, and pads the page's scroll-into-view by both, so a row reached with Tab is never
 * hidden under them.
 */
function useStickyHeaderHeight() {
  const sectionRef = useRef<HTMLElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const section = sectionRef.current;
    const header = headerRef.current;
    if (!section || !header || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const apply = () => {
      const headings = section.querySelector('thead')?.offsetHeight ?? 0;
      section.style.setProperty('--patients-header-height', `${header.offsetHeight}px`);
      root.style.scrollPaddingTop = `${header.offsetHeight + headings}px`;
    };
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingTop = '';
    };
  }, []);
  return { sectionRef, headerRef };
}

function PatientsScreen({ clinicId }: { clinicId: number }) {
  const patients = usePatients(clinicId);
  const noShowFlags = useNoShowFlags(clinicId);
  const [query, setQuery] = useState('');
  const [modal, setModal] = useState<OpenModal>(null);
  const { message, showSuccess, showError, clear, expire } = useHeaderMessage();
  const { deletingId, onDelete } = useDeletePatientFlow(clinicId, { showSuccess, showError, clear });
  const { sectionRef, headerRef } = useStickyHeaderHeight();
  usePreloadOnceRead(!patients.isPending, preloadModals);

  const list = patients.data;
  const search = useMemo(() => createPatientSearch(list ?? []), [list]);
  // Searching 10,000 prepared rows and rendering the visible ones takes a few ms, so the table
  // follows each keystroke in the same render (a deferred value would cost an extra frame).
  const shown = useMemo(() => search(query), [search, query]);
  const searching = query.trim() !== '';

  const closeModal = useCallback(() => setModal(null), []);
  const onSaved = useCallback(
    (text: string) => {
      setModal(null);
      showSuccess(text);
    },
    [showSuccess],
  );

  const hasChart = useHasFeatureSlot('PatientChart');
  const actions = useMemo<PatientRowActions>(
    () => ({
      onOpenHistory: (patient) => setModal({ kind: 'history', patient }),
      onEdit: (patient) => setModal({ kind: 'edit', patient }),
      onDelete: (patient) => void onDelete(patient),
      onOpenCoverage: (patient) => setModal({ kind: 'coverage', patient }),
      onOpenChart: hasChart ? (patient) => setModal({ kind: 'chart', patient }) : undefined,
    }),
    [onDelete, hasChart],
  );

  const status = patients.isPending ? 'loading' : patients.isError && !list ? 'failed' : 'ready';
  // A failed first load is the table's to say (with Retry); the header says it only when a reload
  // failed under rows that are still shown.
  const headerMessage =
    message ?? (patients.isError && list ? { tone: 'error' as const, text: PATIENT_TEXT.fetchFailed } : null);

  // The chart takes the list's place (the sidebar still says Patients); the list stays mounted, hidden,
  // so Back returns to it as it was (search, scroll measurements).
  const chart = modal?.kind === 'chart' ? modal.patient : null;

  return (
    <>
      {chart ? <PatientChartSlot clinicId={clinicId} patient={chart} onClose={closeModal} /> : null}
      <section
        ref={sectionRef}
        className="patients"
        aria-labelledby="patients-title"
        hidden={chart !== null}
        onPointerOver={preloadModals}
        onFocus={preloadModals}
      >
        <header ref={headerRef} className="patients-header">
          <div className="patients-header-main">
            <h1 id="patients-title" className="patients-title">
              {PATIENT_TEXT.title}
            </h1>
            <div className="patients-tools">
              <input
                type="search"
                className="input patients-search"
                placeholder={PATIENT_TEXT.searchPlaceholder}
                aria-label="Search patients"
                value={query}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => setQuery(event.target.value)}
              />
              <ExportPatientsButton clinicId={clinicId} query={query} />
              <button type="button" className="button button-primary" onClick={() => setModal({ kind: 'add' })}>
                {PATIENT_TEXT.addPatient}
              </button>
            </div>
          </div>
          <div className="patients-header-info">
            {status !== 'ready' ? null : (
              <p className="patients-total" data-testid="patients-total">
                {PATIENT_TEXT.total(list?.length ?? 0)}
              </p>
            )}
            <p className="patients-matches" role="status" data-testid="patients-matches">
              {searching && status === 'ready' ? PATIENT_EXTRA_TEXT.matches(shown.length) : ''}
            </p>
            <HeaderMessage message={headerMessage} onDismiss={message ? clear : undefined} onExpire={expire} />
          </div>
        </header>

        <PatientsTable
          patients={shown}
          query={query}
          status={status}
          deletingId={deletingId}
          noShowCounts={noShowFlags.data}
          actions={actions}
          onRetry={() => void patients.refetch()}
        />

        {modal?.kind === 'add' || modal?.kind === 'edit' ? (
          <PatientFormModal clinicId={clinicId} mode={modal} onClose={closeModal} onSaved={onSaved} />
        ) : null}
        {modal?.kind === 'coverage' ? (
          <PatientCoverageModal clinicId={clinicId} patient={modal.patient} onClose={closeModal} />
        ) : null}
        {modal?.kind === 'history' ? (
          <PatientHistoryModal clinicId={clinicId} patient={modal.patient} onClose={closeModal} />
        ) : null}
      </section>
    </>
  );
}
