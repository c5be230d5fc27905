import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState, StaleState } from '@/components/states/states';
import { reportFailureText } from '../failure-text';
import { REPORTS_TEXT } from '../messages';

/**
 * A report panel's body: loading, the failure in the report's words with Retry, then the report
 * itself. A failed refresh keeps the last report on screen under a line that says it is not
 * current (printed with it), so a day is never closed on a sheet taken for fresh.
 */
export function ReportQueryBody<T>({
  query,
  loadingLabel,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.isError && !query.data) {
    return (
      <ErrorState
        title={reportFailureText(query.error)}
        onRetry={() => void query.refetch()}
        retryLabel={REPORTS_TEXT.retry}
      />
    );
  }
  if (!query.data) return null;
  return (
    <>
      {query.isError ? (
        <StaleState
          text={REPORTS_TEXT.staleAfterFailedRefresh}
          retryLabel={REPORTS_TEXT.retry}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {children(query.data)}
    </>
  );
}
