import { periodSchema } from '../../model/period-schema';

/** The discounts report's period: at most MAX_PERIOD_DAYS (model/period.ts), as statutory_discounts allows. */
export const discountsPeriodSchema = periodSchema();
