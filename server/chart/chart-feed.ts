/**
 * The dental chart's change feed: the trigger on chart entries announces every entry recorded or
 * removed on 'chart_changes' with its clinic, patient and entry. The notice is the whole event:
 * screens open on that patient re-read the chart. Every instance LISTENs, so each relays notices
 * to its own sockets of the clinic's room as `chart-updated`.
 */
import { chartUpdatedPayloadSchema, type ChartUpdatedPayload } from '@common/contract';
import { createClinicFeed, type ClinicFeedOptions, type Feed } from '../realtime/feed';

export const CHART_CHANGES_CHANNEL = 'chart_changes';

export const createChartFeed = (options: ClinicFeedOptions<ChartUpdatedPayload>): Feed =>
  createClinicFeed(
    { channel: CHART_CHANGES_CHANNEL, schema: chartUpdatedPayloadSchema, name: 'chart change' },
    options,
  );
