import { DAY_SHEET_LIMIT } from '../../model/period';
import { periodSchema } from '../../model/period-schema';

/** The day sheet's range: at most 31 clinic days (model/period.ts), as day_sheet allows. */
export const daySheetRangeSchema = periodSchema(DAY_SHEET_LIMIT);
