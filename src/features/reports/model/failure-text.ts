/** A report that could not be read or downloaded, worded for the screen (never a server's text). Pure. */
import { requestErrorOf } from '@/lib/request-error';
import { DAY_SHEET_TEXT, DISCOUNTS_TEXT, REPORTS_TEXT } from './messages';

/** No connection and no permission are told as such; anything else by `failed`. */
function failureText(error: unknown, failed: string): string {
  const failure = requestErrorOf(error);
  if (failure.kind === 'unreachable') return REPORTS_TEXT.unreachable;
  if (failure.kind === 'forbidden') return REPORTS_TEXT.forbidden;
  return failed;
}

export const reportFailureText = (error: unknown) => failureText(error, REPORTS_TEXT.failed);

/** The day sheet's download that failed (nothing was downloaded). */
export const daySheetDownloadFailureText = (error: unknown) => failureText(error, DAY_SHEET_TEXT.downloadFailed);

/** The discounts report's download that failed (nothing was downloaded). */
export const discountsDownloadFailureText = (error: unknown) => failureText(error, DISCOUNTS_TEXT.downloadFailed);
