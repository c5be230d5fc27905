/** A report that could not be read, worded for the screen (never a server's text). Pure. */
import { requestErrorOf } from '@/lib/request-error';
import { DAY_SHEET_TEXT, REPORTS_TEXT } from './messages';

export function reportFailureText(error: unknown): string {
  const failure = requestErrorOf(error);
  if (failure.kind === 'unreachable') return REPORTS_TEXT.unreachable;
  if (failure.kind === 'forbidden') return REPORTS_TEXT.forbidden;
  return REPORTS_TEXT.failed;
}

/** The day sheet's download that failed (nothing was downloaded), worded for the screen. Pure. */
export function daySheetDownloadFailureText(error: unknown): string {
  const failure = requestErrorOf(error);
  if (failure.kind === 'unreachable') return REPORTS_TEXT.unreachable;
  if (failure.kind === 'forbidden') return REPORTS_TEXT.forbidden;
  return DAY_SHEET_TEXT.downloadFailed;
}
