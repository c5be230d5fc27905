import { useId, useState } from 'react';
import { BILLING_UPDATED } from '@common/contract/live-events';
import { useZodForm } from '@/components/form/use-zod-form';
import { Panel } from '@/components/screen/screen';
import { useSignedInUser } from '@/lib/session';
import { useLiveRefresh } from '@/lib/use-live-refresh';
import { PeriodForm } from '../../model/components/period-form';
import { ReportQueryBody } from '../../model/components/report-query-body';
import { daySheetDownloadFailureText } from '../../model/failure-text';
import { DAY_SHEET_TEXT } from '../../model/messages';
import { reportKeys } from '../../model/query-keys';
import type { DaySheet } from '../../model/report-shapes';
import { useCsvDownload } from '../../model/use-csv-download';
import { useExportDaySheet } from '../api/export-day-sheet';
import { useDaySheet, type SheetRange } from '../api/get-day-sheet';
import { daySheetRangeSchema } from '../api/get-day-sheet.schema';
import { daySheetCsv, daySheetFileName } from '../day-sheet-rows';
import { DaySheetTables } from './day-sheet-tables';
import { PrintedBy } from './printed-by';

const TEXT = DAY_SHEET_TEXT;

/** The day sheet of a range of clinic days (today by default), kept live, printable and as a CSV file. */
export function DaySheetSection({
  clinicId,
  clinicName,
  today,
  timeZone,
}: {
  clinicId: number;
  clinicName: string;
  /** Today in clinic time (YYYY-MM-DD), the range it opens with. */
  today: string;
  timeZone: string;
}) {
  const id = useId();
  const user = useSignedInUser();
  const form = useZodForm(daySheetRangeSchema, { defaultValues: { from: today, to: today } });
  const [range, setRange] = useState<SheetRange>({ from: today, to: today });
  const sheet = useDaySheet(clinicId, range);
  // A payment or invoice recorded, or voided, at any desk re-reads the sheet on screen.
  const live = useLiveRefresh({ clinicId, event: BILLING_UPDATED, queryKey: reportKeys.daySheets(clinicId) });
  const exporter = useExportDaySheet(clinicId);
  const { download, error: downloadError } = useCsvDownload({
    exportReport: (sheetRange: SheetRange) => exporter.mutateAsync(sheetRange),
    file: (exported: DaySheet) => ({
      name: daySheetFileName(exported),
      text: daySheetCsv(exported, clinicName),
    }),
    failureText: daySheetDownloadFailureText,
  });

  const show = form.handleSubmit((checked) => setRange(checked));

  const data = sheet.data;

  // The range to show, Today, Refresh, Print and Download: left out of the printed sheet.
  const controls = (
    <PeriodForm
      formId={id}
      form={form}
      text={TEXT}
      onShow={show}
      note={TEXT.rangeNote}
      download={{
        label: TEXT.download,
        enabled: Boolean(data) && !exporter.isPending,
        start: () => data && void download({ from: data.from, to: data.to }),
        error: downloadError,
        errorTestId: 'day-sheet-download-error',
      }}
      noPrint
    >
      <button
        type="button"
        className="button button-secondary"
        onClick={() => {
          form.setValue('from', today);
          form.setValue('to', today);
          void show();
        }}
      >
        {TEXT.today}
      </button>
      <button
        type="button"
        className="button button-secondary"
        aria-busy={sheet.isFetching || undefined}
        onClick={() => void sheet.refetch()}
      >
        {TEXT.refresh}
      </button>
      <button type="button" className="button button-secondary" disabled={!data} onClick={() => window.print()}>
        {TEXT.print}
      </button>
    </PeriodForm>
  );

  return (
    <Panel card className="reports-panel reports-day-sheet" title={TEXT.title} tools={controls} data-live={live}>
      <p className="reports-print-only">{clinicName}</p>
      <PrintedBy timeZone={timeZone} staffName={user.name} />
      <ReportQueryBody query={sheet} loadingLabel={TEXT.loading}>
        {(data) => <DaySheetTables sheet={data} />}
      </ReportQueryBody>
    </Panel>
  );
}
