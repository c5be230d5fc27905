import type { ReactElement } from 'react';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
import { BILLING_EXTRA_TEXT } from '../../model/messages';

/**
 * What a billing table shows instead of rows: loading, a failed read with Retry, or its empty text
 * (one for a filter that matches nothing, one for no rows at all); null when it has rows.
 */
export function tablePlaceholder({
  status,
  count,
  filtered,
  onRetry,
  texts,
}: {
  status: 'loading' | 'failed' | 'ready';
  count: number;
  filtered: boolean;
  onRetry: () => void;
  texts: { failed: string; noMatch: string; none: string };
}): ReactElement | null {
  if (status === 'loading') return <LoadingState label={BILLING_EXTRA_TEXT.loading} />;
  if (status === 'failed')
    return <ErrorState title={texts.failed} onRetry={onRetry} retryLabel={BILLING_EXTRA_TEXT.retry} />;
  if (count === 0) return <EmptyState title={filtered ? texts.noMatch : texts.none} />;
  return null;
}
