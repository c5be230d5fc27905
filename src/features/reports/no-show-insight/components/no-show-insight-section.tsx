import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { ErrorBoundary } from '@/components/error-boundary';
import { useZodForm } from '@/components/form/use-zod-form';
import { Panel } from '@/components/screen/screen';
import { EmptyState, LoadingState } from '@/components/states/states';
import { useNearViewport } from '@/lib/use-near-viewport';
import { PeriodForm } from '../../model/components/period-form';
import { ReportQueryBody } from '../../model/components/report-query-body';
import { NO_SHOW_TEXT } from '../../model/messages';
import { defaultPeriod } from '../../model/period';
import {
  chartCeiling,
  chartHours,
  chartMonths,
  chartText,
  hourLabel,
  isoWeekdayName,
  lateCancelRate,
  monthLabel,
  noShowRate,
  type ChartPoint,
  type LabelledCounts,
} from '../../model/rates';
import type { NoShowInsight } from '../../model/report-shapes';
import { useNoShowInsight } from '../api/get-no-show-insight';
import { noShowPeriodSchema } from '../api/get-no-show-insight.schema';
import { MissedAppointments } from './missed-appointments';

// uPlot is loaded only when a chart is drawn, once it comes near the screen (on a phone the charts
// are far below the day sheet): its own chunk, not the tab's.
const NoShowChart = lazy(() => import('./no-show-chart'));

const TEXT = NO_SHOW_TEXT;
const COLUMNS = TEXT.columns;
const HOUR_LABELS = { x: COLUMNS.hour, noShowRate: COLUMNS.noShowRate, lateCancelRate: COLUMNS.lateCancelRate };
const MONTH_LABELS = { x: COLUMNS.month, noShowRate: COLUMNS.noShowRate, lateCancelRate: COLUMNS.lateCancelRate };

type Row = LabelledCounts & { key: string | number };

function RatesTable({ caption, firstColumn, rows }: { caption: string; firstColumn: string; rows: readonly Row[] }) {
  return (
    <div className="table-scroll reports-table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="data-table reports-table">
        <caption className="reports-table-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{firstColumn}</th>
            <th scope="col" className="align-end">
              {COLUMNS.booked}
            </th>
            <th scope="col" className="align-end">
              {COLUMNS.noShows}
            </th>
            <th scope="col" className="align-end">
              {COLUMNS.noShowRate}
            </th>
            <th scope="col" className="align-end">
              {COLUMNS.lateCancels}
            </th>
            <th scope="col" className="align-end">
              {COLUMNS.lateCancelRate}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td className="align-end">{row.booked}</td>
              <td className="align-end">{row.no_shows}</td>
              <td className="align-end">{noShowRate(row)}</td>
              <td className="align-end">{row.late_cancels}</td>
              <td className="align-end">{lateCancelRate(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RatesChart({
  title,
  alt,
  points,
  labels,
  testId,
}: {
  title: string;
  alt: string;
  points: readonly ChartPoint[];
  labels: { x: string; noShowRate: string; lateCancelRate: string };
  testId: string;
}) {
  const { ref, near } = useNearViewport<HTMLDivElement>();
  return (
    <figure className="reports-chart-figure">
      <figcaption className="reports-chart-title">{title}</figcaption>
      <div ref={ref} className="reports-chart-frame" role="img" aria-label={alt}>
        {near ? (
          <ErrorBoundary fallback={() => <p className="reports-chart-note">{TEXT.chartFailed}</p>}>
            <Suspense fallback={<LoadingState label={TEXT.chartLoading} />}>
              <NoShowChart points={points} ceiling={chartCeiling(points)} labels={labels} testId={testId} />
            </Suspense>
          </ErrorBoundary>
        ) : null}
      </div>
    </figure>
  );
}

function InsightView({ insight }: { insight: NoShowInsight }) {
  const { overall } = insight;
  const hours = useMemo(() => chartHours(insight.by_hour), [insight.by_hour]);
  const months = useMemo(() => chartMonths(insight.by_month), [insight.by_month]);
  const hourRows = insight.by_hour.map((row) => ({ ...row, key: row.hour, label: hourLabel(row.hour) }));
  const monthRows = insight.by_month.map((row) => ({ ...row, key: row.month, label: monthLabel(row.month) }));
  if (overall.booked === 0) return <EmptyState title={TEXT.empty} />;
  return (
    <div className="reports-insight-body" data-testid="no-show-insight">
      <p className="reports-summary">{TEXT.summary(overall.booked, noShowRate(overall), lateCancelRate(overall))}</p>
      <MissedAppointments
        missed={insight.missed}
        total={overall.no_shows + overall.late_cancels}
        timeZone={insight.time_zone}
      />
      <div className="reports-charts">
        <RatesChart
          title={TEXT.trendTitle}
          alt={TEXT.trendAlt(chartText(monthRows))}
          points={months}
          labels={MONTH_LABELS}
          testId="no-show-trend-chart"
        />
        <RatesChart
          title={TEXT.chartTitle}
          alt={TEXT.chartAlt(chartText(hourRows))}
          points={hours}
          labels={HOUR_LABELS}
          testId="no-show-chart"
        />
      </div>
      <div className="reports-insight-tables">
        <RatesTable caption={TEXT.byMonth} firstColumn={COLUMNS.month} rows={monthRows} />
        <RatesTable
          caption={TEXT.byDentist}
          firstColumn={COLUMNS.dentist}
          rows={insight.by_dentist.map((row) => ({ ...row, key: row.dentist_id, label: row.dentist_name }))}
        />
        <RatesTable
          caption={TEXT.byWeekday}
          firstColumn={COLUMNS.weekday}
          rows={insight.by_weekday.map((row) => ({ ...row, key: row.weekday, label: isoWeekdayName(row.weekday) }))}
        />
        <RatesTable caption={TEXT.byHour} firstColumn={COLUMNS.hour} rows={hourRows} />
      </div>
    </div>
  );
}

/** No-show and late-cancel rates by dentist, weekday and hour over a period. */
export function NoShowInsightSection({ clinicId, today }: { clinicId: number; today: string }) {
  const id = useId();
  const form = useZodForm(noShowPeriodSchema, { defaultValues: defaultPeriod(today) });
  const [period, setPeriod] = useState(() => defaultPeriod(today));
  const insight = useNoShowInsight(clinicId, period);
  const show = form.handleSubmit(setPeriod);

  return (
    <Panel
      card
      className="reports-panel reports-insight"
      title={TEXT.title}
      tools={<PeriodForm formId={id} form={form} text={TEXT} onShow={show} />}
    >
      <p className="reports-note">{TEXT.definition}</p>
      <ReportQueryBody query={insight} loadingLabel={TEXT.loading}>
        {(data) => <InsightView insight={data} />}
      </ReportQueryBody>
    </Panel>
  );
}
