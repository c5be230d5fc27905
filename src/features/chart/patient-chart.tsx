import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { clinicToday, dayLabel, type IsoDate } from '@common/clinic-calendar';
import { APPOINTMENT_UPDATED, CHART_UPDATED } from '@common/contract/live-events';
import { confirmDialog } from '@/components/confirm-dialog';
import { HeaderMessage, useHeaderMessage } from '@/components/header-message/header-message';
import { Screen } from '@/components/screen/screen';
import { ErrorState, LoadingState } from '@/components/states/states';
import { useClinicZone } from '@/entities/clinic';
import { can } from '@/lib/authorization';
import type { PatientChartProps } from '@/lib/feature-slots';
import { ALREADY_PENDING } from '@/lib/keyed-guard';
import { useSignedInUser } from '@/lib/session';
import { useLiveRefresh } from '@/lib/use-live-refresh';
import { ChartEntryModal } from './mark-tooth/components/chart-entry-modal';
import {
  describeMark,
  summariseByTooth,
  summaryOf,
  SURFACES,
  type ChartMark,
  type Surface,
} from './model/chart-summary';
import { chartFailureText } from './model/failure-text';
import { chartRows, dentitionFor, type Dentition } from './model/fdi-layout';
import { CHART_TEXT } from './model/messages';
import { PLAN_TEXT } from './model/plan-messages';
import { chartKeys } from './model/query-keys';
import { visitIdsOnChart } from './model/visits-on-chart';
import { PlanSection } from './plan-section';
import { PlanTreatmentModal } from './plan-treatment/components/plan-treatment-modal';
import { useRemoveChartEntry } from './remove-entry/api/remove-chart-entry';
import { ToothEntries } from './remove-entry/components/tooth-entries';
import { useChartAsOf } from './view-chart/api/get-chart';
import { ChartLegend } from './view-chart/components/chart-legend';
import { Odontogram } from './view-chart/components/odontogram';
import './chart.css';

const DENTITIONS: readonly Dentition[] = ['permanent', 'mixed', 'primary'];
const systemNow = () => new Date();

/**
 * A patient's dental chart: the odontogram as of a clinic day (today unless another is
 * chosen), the selected tooth's entries, a legend, and for dentists and admins on today's chart,
 * Chart tooth and Remove. Live: an entry recorded or removed on another screen shows within a moment,
 * and so does a visit of the patient booked, moved, cancelled or deleted (with the plan's Booked).
 */
export function PatientChart({
  clinicId,
  patient,
  onClose,
  now = systemNow,
}: PatientChartProps & { now?: () => Date }) {
  const user = useSignedInUser();
  const { timeZone } = useClinicZone(clinicId);
  const today = clinicToday(now(), timeZone);
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const asOf = chosenDay ?? today;
  const [chosenDentition, setChosenDentition] = useState<Dentition | null>(null);
  const [selectedTooth, setSelectedTooth] = useState<number | null>(null);
  const [charting, setCharting] = useState<number | null>(null);
  const [planning, setPlanning] = useState<{ tooth: number; surfaces: readonly Surface[] } | null>(null);
  const header = useHeaderMessage();
  const chart = useChartAsOf(clinicId, patient.id, asOf);
  const remove = useRemoveChartEntry(clinicId, patient.id);
  const queryClient = useQueryClient();
  const chartLive = useLiveRefresh({
    clinicId,
    event: CHART_UPDATED,
    queryKey: chartKeys.patient(clinicId, patient.id),
    concerns: (change) => change.patient_id === patient.id,
  });
  // The whole chart: the plan's Booked and an entry's visit time come from the visits too.
  const visitsLive = useLiveRefresh({
    clinicId,
    event: APPOINTMENT_UPDATED,
    queryKey: chartKeys.patient(clinicId, patient.id),
    concerns: (visit) =>
      visit.patient_id === patient.id || visitIdsOnChart(queryClient, clinicId, patient.id).has(visit.id),
  });
  // Connected once both are: until then an event of either may be missed.
  const live = chartLive === 'connected' ? visitsLive : chartLive;

  const marks = chart.data;
  const summaries = useMemo(() => summariseByTooth(marks ?? []), [marks]);
  const dentition = chosenDentition ?? dentitionFor(summaries.keys());
  const rows = chartRows(dentition);
  const tooth =
    selectedTooth !== null && rows.some((row) => row.teeth.includes(selectedTooth))
      ? selectedTooth
      : rows[0]!.teeth[0]!;
  const onToday = asOf === today;
  const writes = onToday && can(user.role, 'chart:write');
  const plans = onToday && can(user.role, 'plan:write');
  const planFrom = (mark: ChartMark) =>
    setPlanning({ tooth: mark.tooth, surfaces: SURFACES.filter((surface) => mark.surfaces.includes(surface)) });

  async function onRemove(mark: ChartMark) {
    const confirmed = await confirmDialog({
      title: CHART_TEXT.removeLabel(`${CHART_TEXT.tooth(mark.tooth)} ${describeMark(mark)}`),
      text: CHART_TEXT.removeText,
      confirmText: CHART_TEXT.remove,
    });
    if (!confirmed) return;
    try {
      if ((await remove.mutateAsync(mark.id)) === ALREADY_PENDING) return;
      header.showSuccess(CHART_TEXT.removed);
    } catch (error) {
      console.error('Ngiti: removing a chart entry failed', error);
      const detail = chartFailureText(error);
      header.showError(detail ? `${CHART_TEXT.removeFailed} ${detail}` : CHART_TEXT.removeFailed);
    }
  }

  return (
    <Screen
      className="chart-screen"
      titleId="chart-title"
      title={CHART_TEXT.title(patient.name)}
      data-live={live}
      data-as-of={asOf}
      message={<HeaderMessage message={header.message} onDismiss={header.clear} onExpire={header.expire} />}
      tools={
        <div className="chart-tools">
          <label className="chart-tool">
            {CHART_TEXT.asOf}
            <input
              type="date"
              className="input"
              value={asOf}
              max={today}
              required
              onChange={(event) => setChosenDay(event.target.value || null)}
            />
          </label>
          <label className="chart-tool">
            {CHART_TEXT.dentition}
            <select
              className="input"
              value={dentition}
              onChange={(event) => setChosenDentition(event.target.value as Dentition)}
            >
              {DENTITIONS.map((value) => (
                <option key={value} value={value}>
                  {CHART_TEXT.dentitions[value]}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="button button-secondary chart-no-print" onClick={() => window.print()}>
            {CHART_TEXT.print}
          </button>
          <button type="button" className="button button-secondary chart-no-print" onClick={onClose}>
            {CHART_TEXT.back}
          </button>
        </div>
      }
    >
      {!onToday ? <p className="chart-history-note">{CHART_TEXT.history(dayLabel(asOf as IsoDate))}</p> : null}
      {chart.isError && !marks ? (
        <ErrorState title={CHART_TEXT.loadFailed} onRetry={() => void chart.refetch()} />
      ) : !marks ? (
        <LoadingState label={CHART_TEXT.loading} />
      ) : (
        <div className="chart-layout" data-testid="chart" aria-busy={chart.isFetching || undefined}>
          <div className="chart-main">
            <Odontogram rows={rows} summaries={summaries} selectedTooth={tooth} onSelect={setSelectedTooth} />
            <ChartLegend />
          </div>
          <aside className="chart-panel" aria-labelledby="chart-panel-title">
            <h2 id="chart-panel-title" className="chart-panel-title">
              {CHART_TEXT.tooth(tooth)}
            </h2>
            <ToothEntries
              tooth={tooth}
              marks={summaryOf(summaries, tooth).marks}
              timeZone={timeZone}
              removingId={remove.isPending ? (remove.variables ?? null) : null}
              onRemove={writes ? (mark) => void onRemove(mark) : undefined}
              onPlan={plans ? planFrom : undefined}
            />
            {writes ? (
              <button type="button" className="button button-primary chart-no-print" onClick={() => setCharting(tooth)}>
                {CHART_TEXT.addTitle(tooth)}
              </button>
            ) : onToday ? (
              <p className="chart-read-only">{CHART_TEXT.readOnly}</p>
            ) : null}
            {plans ? (
              <button
                type="button"
                className="button button-secondary chart-no-print"
                onClick={() => setPlanning({ tooth, surfaces: [] })}
              >
                {PLAN_TEXT.planButton(tooth)}
              </button>
            ) : null}
          </aside>
        </div>
      )}
      <PlanSection
        clinicId={clinicId}
        patient={patient}
        timeZone={timeZone}
        onMessage={(tone, text) => (tone === 'success' ? header.showSuccess(text) : header.showError(text))}
      />
      {charting !== null ? (
        <ChartEntryModal
          clinicId={clinicId}
          patientId={patient.id}
          tooth={charting}
          timeZone={timeZone}
          onClose={() => setCharting(null)}
          onSaved={(text) => {
            setCharting(null);
            header.showSuccess(text);
          }}
        />
      ) : null}
      {planning !== null ? (
        <PlanTreatmentModal
          clinicId={clinicId}
          patientId={patient.id}
          tooth={planning.tooth}
          surfaces={planning.surfaces}
          onClose={() => setPlanning(null)}
          onSaved={(text) => {
            setPlanning(null);
            header.showSuccess(text);
          }}
        />
      ) : null}
    </Screen>
  );
}
