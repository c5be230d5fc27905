import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { ErrorBoundary } from '@/components/error-boundary';
import { useZodForm } from '@/components/form/use-zod-form';
import { Panel } from '@/components/screen/screen';
import { ErrorState, EmptyState, LoadingState } from '@/components/states/states';
import { reportFailureText } from '../../model/failure-text';
import { NO_SHOW_TEXT, REPORTS_TEXT } from '../../model/messages';
import { defaultPeriod } from '../../model/period';
import { chartHours, chartText, formatRate, hourLabel, isoWeekdayName } from '../../model/rates';
import type { NoShowInsight, RateCounts } from '../../model/report-shapes';
import { useNoShowInsight } from '../api/get-no-show-insight';
import { noShowPeriodSchema } from '../api/get-no-show-insight.schema';

// uPlot is loaded only when a chart is drawn: its own chunk, not the tab's.
const NoShowChart = lazy(() => import('./no-show-chart'));

const TEXT = NO_SHOW_TEXT;
const COLUMNS = TEXT.columns;
const CHART_LABELS = {
  hour: COLUMNS.hour,
  noShowRate: COLUMNS.noShowRate,
  lateCancelRate: COLUMNS.lateCancelRate,
};

function RatesTable({
  caption,
  firstColumn,
  rows,
}: {
  caption: string;
  firstColumn: string;
  rows: readonly (RateCounts & { key: string | number; label: string })[];
}) {
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
              <td className="align-end">{formatRate(row.no_shows, row.booked)}</td>
              <td className="align-end">{row.late_cancels}</td>
              <td className="align-end">{formatRate(row.late_cancels, row.booked)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function InsightView({ insight }: { insight: NoShowInsight }) {
  const { overall } = insight;
  const hours = useMemo(() => chartHours(insight.by_hour), [insight.by_hour]);
  if (overall.booked === 0) return <EmptyState title={TEXT.empty} />;
  return (
    <div className="reports-insight-body" data-testid="no-show-insight">
      <p className="reports-summary">
        {TEXT.summary(
          overall.booked,
          formatRate(overall.no_shows, overall.booked),
          formatRate(overall.late_cancels, overall.booked),
        )}
      </p>
      <figure className="reports-chart-figure">
        <figcaption className="reports-chart-title">{TEXT.chartTitle}</figcaption>
        <div className="reports-chart-frame" role="img" aria-label={TEXT.chartAlt(chartText(insight.by_hour))}>
          <ErrorBoundary fallback={() => <p className="reports-chart-note">{TEXT.chartFailed}</p>}>
            <Suspense fallback={<LoadingState label={TEXT.chartLoading} />}>
              <NoShowChart hours={hours} labels={CHART_LABELS} />
            </Suspense>
          </ErrorBoundary>
        </div>
      </figure>
      <div className="reports-insight-tables">
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
        <RatesTable
          caption={TEXT.byHour}
          firstColumn={COLUMNS.hour}
          rows={insight.by_hour.map((row) => ({ ...row, key: row.hour, label: hourLabel(row.hour) }))}
        />
      </div>
    </div>
  );
}

/** No-show and late-cancel rates by dentist, weekday and hour over a period. */
export function NoShowInsightSection({ clinicId, today }: { clinicId: number; today: string }) {
  const id = useId();
  const form = useZodForm(noShowPeriodSchema, { defaultValues: defaultPeriod(today) });
  const errors = form.formState.errors;
  const [period, setPeriod] = useState(() => defaultPeriod(today));
  const insight = useNoShowInsight(clinicId, period);
  const show = form.handleSubmit(setPeriod);

  const field = (name: 'from' | 'to', label: string) => (
    <div className="reports-field">
      <label className="field-label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className="input"
        type="date"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...form.register(name)}
      />
    </div>
  );

  return (
    <Panel
      card
      className="reports-panel reports-insight"
      title={TEXT.title}
      tools={
        <>
          <form className="reports-tools" onSubmit={(event) => void show(event)} noValidate>
            {field('from', TEXT.fromLabel)}
            {field('to', TEXT.toLabel)}
            <button type="submit" className="button button-primary">
              {TEXT.show}
            </button>
          </form>
          {(['from', 'to'] as const).map((name) =>
            errors[name] ? (
              <p key={name} id={`${id}-${name}-error`} className="reports-field-error" role="alert">
                {errors[name].message}
              </p>
            ) : null,
          )}
        </>
      }
    >
      <p className="reports-note">{TEXT.definition}</p>
      {insight.isPending ? (
        <LoadingState label={TEXT.loading} />
      ) : insight.isError && !insight.data ? (
        <ErrorState
          title={reportFailureText(insight.error)}
          onRetry={() => void insight.refetch()}
          retryLabel={REPORTS_TEXT.retry}
        />
      ) : insight.data ? (
        <InsightView insight={insight.data} />
      ) : null}
    </Panel>
  );
}
