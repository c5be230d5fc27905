import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '@/components/states/states';
import { reportFailureText } from '../failure-text';
import { REPORTS_TEXT } from '../messages';

/**
 * A report panel's body: loading, the failure in the report's words with Retry (only while nothing
 * was read yet, so a failed refresh keeps the last report on screen), then the report itself.
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
  return query.data ? children(query.data) : null;
}
