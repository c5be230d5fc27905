import { useId, useState } from 'react';
import { useZodForm } from '@/components/form/use-zod-form';
import { Panel } from '@/components/screen/screen';
import { ErrorState, LoadingState } from '@/components/states/states';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { daySheetDownloadFailureText, reportFailureText } from '../../model/failure-text';
import { DAY_SHEET_TEXT, REPORTS_TEXT } from '../../model/messages';
import { useExportDaySheet } from '../api/export-day-sheet';
import { useDaySheet } from '../api/get-day-sheet';
import { daySheetFilterSchema } from '../api/get-day-sheet.schema';
import { daySheetCsv, daySheetFileName } from '../day-sheet-rows';
import { downloadTextFile } from '../download-file';
import { DaySheetTables } from './day-sheet-tables';

const TEXT = DAY_SHEET_TEXT;

/** The day sheet of one clinic day, printable and as a CSV file. */
export function DaySheetSection({
  clinicId,
  clinicName,
  today,
}: {
  clinicId: number;
  clinicName: string;
  /** Today in clinic time (YYYY-MM-DD), the day it opens with. */
  today: string;
}) {
  const id = useId();
  const form = useZodForm(daySheetFilterSchema, { defaultValues: { day: today } });
  const error = form.formState.errors.day?.message;
  const [day, setDay] = useState<string>(today);
  const sheet = useDaySheet(clinicId, day);
  const exporter = useExportDaySheet(clinicId);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const show = form.handleSubmit((checked) => setDay(checked.day));

  const data = sheet.data;
  // The file is built from the export's own answer (the database recorded that one), never from
  // the sheet on screen; a failure downloads nothing and says so.
  const download = async (sheetDay: string) => {
    setDownloadError(null);
    try {
      const exported = await exporter.mutateAsync(sheetDay);
      if (exported === ALREADY_PENDING) return;
      downloadTextFile(daySheetFileName(exported.day), daySheetCsv(exported, clinicName));
    } catch (failure) {
      setDownloadError(daySheetDownloadFailureText(failure));
    }
  };

  // The day to show, Today, Print and Download: left out of the printed sheet.
  const controls = (
    <>
      <form className="reports-tools reports-no-print" onSubmit={(event) => void show(event)} noValidate>
        <div className="reports-field">
          <label className="field-label" htmlFor={`${id}-day`}>
            {TEXT.dayLabel}
          </label>
          <input
            id={`${id}-day`}
            className="input"
            type="date"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-day-error` : undefined}
            {...form.register('day')}
          />
        </div>
        <button type="submit" className="button button-primary">
          {TEXT.show}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            form.setValue('day', today);
            void show();
          }}
        >
          {TEXT.today}
        </button>
        <button type="button" className="button button-secondary" disabled={!data} onClick={() => window.print()}>
          {TEXT.print}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={!data || exporter.isPending}
          onClick={() => data && void download(data.day)}
        >
          {TEXT.download}
        </button>
      </form>
      {error ? (
        <p id={`${id}-day-error`} className="reports-field-error reports-no-print" role="alert">
          {error}
        </p>
      ) : null}
      {downloadError ? (
        <p className="reports-field-error reports-no-print" role="alert" data-testid="day-sheet-download-error">
          {downloadError}
        </p>
      ) : null}
    </>
  );

  return (
    <Panel card className="reports-panel reports-day-sheet" title={TEXT.title} tools={controls}>
      <p className="reports-print-only">{clinicName}</p>
      {sheet.isPending ? (
        <LoadingState label={TEXT.loading} />
      ) : sheet.isError && !data ? (
        <ErrorState
          title={reportFailureText(sheet.error)}
          onRetry={() => void sheet.refetch()}
          retryLabel={REPORTS_TEXT.retry}
        />
      ) : data ? (
        <DaySheetTables sheet={data} />
      ) : null}
    </Panel>
  );
}
