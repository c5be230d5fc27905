import { useId, useState } from 'react';
import { BILLING_UPDATED } from '@common/contract/live-events';
import { useZodForm } from '@/components/form/use-zod-form';
import { Panel } from '@/components/screen/screen';
import { EmptyState } from '@/components/states/states';
import { useLiveRefresh } from '@/lib/use-live-refresh';
import { PeriodForm } from '../../model/components/period-form';
import { ReportQueryBody } from '../../model/components/report-query-body';
import { Money, SheetTable } from '../../model/components/report-table';
import { discountsDownloadFailureText } from '../../model/failure-text';
import { DISCOUNTS_TEXT } from '../../model/messages';
import { monthPeriod } from '../../model/period';
import { reportKeys } from '../../model/query-keys';
import type { DiscountAmounts, StatutoryDiscounts } from '../../model/report-shapes';
import { useCsvDownload } from '../../model/use-csv-download';
import { useExportStatutoryDiscounts } from '../api/export-statutory-discounts';
import { useStatutoryDiscounts, type DiscountsPeriod } from '../api/get-statutory-discounts';
import { discountsPeriodSchema } from '../api/get-statutory-discounts.schema';
import { discountsCsv, discountsFileName, discountsHeading, idTypeLabel, invoiceDay } from '../discount-rows';

const TEXT = DISCOUNTS_TEXT;
const COLUMNS = TEXT.columns;

function AmountCells({ amounts }: { amounts: DiscountAmounts }) {
  return (
    <>
      <td className="align-end">
        <Money centavos={amounts.gross_centavos} />
      </td>
      <td className="align-end">
        <Money centavos={amounts.vat_exemption_centavos} />
      </td>
      <td className="align-end">
        <Money centavos={amounts.discount_centavos} />
      </td>
      <td className="align-end">
        <Money centavos={amounts.amount_due_centavos} />
      </td>
    </>
  );
}

const MONEY_HEAD = [COLUMNS.gross, COLUMNS.vatExemption, COLUMNS.discount, COLUMNS.amountDue] as const;

function DiscountsTables({ report }: { report: StatutoryDiscounts }) {
  return (
    <div className="reports-sheet" data-testid="statutory-discounts">
      <h3 className="reports-sheet-day">{discountsHeading(report)}</h3>
      {report.invoices.length === 0 ? (
        <EmptyState title={TEXT.empty} />
      ) : (
        <>
          <SheetTable
            caption={TEXT.caption}
            head={[COLUMNS.date, COLUMNS.invoice, COLUMNS.patient, COLUMNS.idType, COLUMNS.idNumber, ...MONEY_HEAD]}
          >
            {report.invoices.map((invoice) => (
              <tr key={invoice.id}>
                <td>{invoiceDay(report, invoice.created_at)}</td>
                <td>#{invoice.id}</td>
                <td>{invoice.patient_name}</td>
                <td>{idTypeLabel(invoice.discount_id_type)}</td>
                <td>{invoice.discount_id_number}</td>
                <AmountCells amounts={invoice} />
              </tr>
            ))}
          </SheetTable>
          <SheetTable caption={TEXT.totalsCaption} head={[COLUMNS.idType, COLUMNS.invoices, ...MONEY_HEAD]}>
            {report.by_type.map((total) => (
              <tr key={total.discount_id_type}>
                <th scope="row">{TEXT.typeTotal(idTypeLabel(total.discount_id_type))}</th>
                <td className="align-end">{total.invoice_count}</td>
                <AmountCells amounts={total} />
              </tr>
            ))}
            <tr className="reports-grand-total">
              <th scope="row">{TEXT.overall}</th>
              <td className="align-end">{report.overall.invoice_count}</td>
              <AmountCells amounts={report.overall} />
            </tr>
          </SheetTable>
        </>
      )}
    </div>
  );
}

/**
 * The senior citizen and PWD discounts granted over a period of clinic days (this month by
 * default): each discounted invoice, totals per ID type and overall, and the CSV file a clinic keeps.
 */
export function StatutoryDiscountsSection({
  clinicId,
  clinicName,
  today,
}: {
  clinicId: number;
  clinicName: string;
  /** Today in clinic time (YYYY-MM-DD): the report opens on its month. */
  today: string;
}) {
  const id = useId();
  const form = useZodForm(discountsPeriodSchema, { defaultValues: monthPeriod(today) });
  const [period, setPeriod] = useState<DiscountsPeriod>(() => monthPeriod(today));
  const report = useStatutoryDiscounts(clinicId, period);
  // An invoice made or voided at any desk re-reads the report on screen.
  const live = useLiveRefresh({
    clinicId,
    event: BILLING_UPDATED,
    queryKey: [...reportKeys.all(clinicId), 'statutory-discounts'],
  });
  const exporter = useExportStatutoryDiscounts(clinicId);
  const { download, error: downloadError } = useCsvDownload({
    exportReport: (exportPeriod: DiscountsPeriod) => exporter.mutateAsync(exportPeriod),
    file: (exported: StatutoryDiscounts) => ({
      name: discountsFileName(exported),
      text: discountsCsv(exported, clinicName),
    }),
    failureText: discountsDownloadFailureText,
  });
  const show = form.handleSubmit(setPeriod);
  const data = report.data;

  return (
    <Panel
      card
      className="reports-panel reports-discounts"
      title={TEXT.title}
      data-live={live}
      tools={
        <PeriodForm
          formId={id}
          form={form}
          text={TEXT}
          onShow={show}
          download={{
            label: TEXT.download,
            enabled: Boolean(data) && !exporter.isPending,
            start: () => data && void download({ from: data.from, to: data.to }),
            error: downloadError,
          }}
        />
      }
    >
      <ReportQueryBody query={report} loadingLabel={TEXT.loading}>
        {(data) => <DiscountsTables report={data} />}
      </ReportQueryBody>
    </Panel>
  );
}
