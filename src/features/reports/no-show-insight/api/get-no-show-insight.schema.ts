import { periodSchema } from '../../model/period-schema';

/** The no-show insight's period: at most MAX_PERIOD_DAYS (model/period.ts). */
export const noShowPeriodSchema = periodSchema();
