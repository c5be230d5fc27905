import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { dayLabel, formatClinicDateTimeShort } from '@common/clinic-calendar';
import { ErrorState, LoadingState } from '@/components/states/states';
import { formatPesos } from '@/entities/money';
import { refusalTextOf } from '@/lib/refusal-text';
import { clinicContactLine, positiveRouteId } from '../../model/printable-page';
import { useAvailment } from '../api/get-availment';
import type { Availment } from '../availment';
import { AVAILMENT_TEXT } from '../messages';
import '../../model/components/printable-page.css';
import './availment-page.css';

const TEXT = AVAILMENT_TEXT;
const ROWS = TEXT.rows;
const COLUMNS = TEXT.columns;

function FormRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="availment-row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

const dateOrNotRecorded = (date: string | null) => (date ? dayLabel(date) : TEXT.notRecorded);

/** A signature line: the line to sign on with its label, and a date line beside it. */
function SignatureLine({ label }: { label: string }) {
  return (
    <div className="availment-signature">
      <p className="availment-signature-line">{label}</p>
      <p className="availment-signature-line availment-signature-date">{TEXT.date}</p>
    </div>
  );
}

/** The form itself: what the paper shows. */
function AvailmentSheet({ form }: { form: Availment }) {
  const voided = form.voided_at !== null;
  const contact = clinicContactLine(form);
  const cardDeleted = form.member_number === null;
  return (
    <article
      className={voided ? 'printable-sheet availment availment-voided' : 'printable-sheet availment'}
      aria-labelledby="availment-title"
    >
      <header className="availment-clinic">
        <p className="availment-clinic-name">{form.clinic_name}</p>
        {form.clinic_address ? <p className="availment-clinic-line">{form.clinic_address}</p> : null}
        {contact ? <p className="availment-clinic-line">{contact}</p> : null}
      </header>
      <h1 id="availment-title" className="availment-title">
        {TEXT.title}
      </h1>
      <p className="availment-number">{TEXT.invoiceNumber(form.invoice_id)}</p>
      {voided ? (
        <div className="availment-void" role="note">
          <p className="availment-void-stamp">{TEXT.voidStamp}</p>
          <p className="availment-void-note">
            {TEXT.voidedNote(formatClinicDateTimeShort(form.voided_at!, form.clinic_time_zone))}
          </p>
        </div>
      ) : null}
      <dl className="availment-rows">
        <FormRow label={ROWS.patient} value={form.patient_name} />
        {/* The clinic does not record birthdays: the patient writes it in. */}
        <FormRow label={ROWS.birthday} value="" />
        <FormRow label={ROWS.hmo} value={form.hmo_name} />
        <FormRow label={ROWS.memberNumber} value={form.member_number ?? TEXT.notRecorded} />
        <FormRow label={ROWS.company} value={form.company ?? (cardDeleted ? TEXT.notRecorded : TEXT.none)} />
        <FormRow
          label={ROWS.validity}
          value={TEXT.validity(dateOrNotRecorded(form.valid_from), dateOrNotRecorded(form.valid_until))}
        />
        <FormRow label={ROWS.visitDate} value={dayLabel(form.visit_date)} />
        <FormRow label={ROWS.dentist} value={form.dentist_name ?? TEXT.none} />
      </dl>
      {form.items.length > 0 ? (
        <table className="availment-services">
          <caption className="visually-hidden">{TEXT.servicesCaption(form.invoice_id)}</caption>
          <thead>
            <tr>
              <th scope="col">{COLUMNS.service}</th>
              <th scope="col">{COLUMNS.tooth}</th>
              <th scope="col">{COLUMNS.surfaces}</th>
              <th scope="col" className="availment-number-cell">
                {COLUMNS.amount}
              </th>
              <th scope="col" className="availment-number-cell">
                {COLUMNS.hmoShare}
              </th>
            </tr>
          </thead>
          <tbody>
            {form.items.map((line) => (
              <tr key={line.position}>
                <td>{line.label}</td>
                <td>{line.tooth ?? TEXT.none}</td>
                <td>{line.surfaces || TEXT.none}</td>
                <td className="availment-number-cell">{formatPesos(line.line_total_centavos)}</td>
                <td className="availment-number-cell">{formatPesos(line.hmo_share_centavos)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={4}>
                {TEXT.hmoTotal}
              </th>
              <td className="availment-number-cell">{formatPesos(form.hmo_total_centavos)}</td>
            </tr>
          </tfoot>
        </table>
      ) : (
        <>
          <p className="availment-note">{TEXT.noServices}</p>
          <dl className="availment-rows">
            <FormRow label={TEXT.hmoTotal} value={formatPesos(form.hmo_total_centavos)} />
          </dl>
        </>
      )}
      <div className="availment-signatures">
        <SignatureLine label={TEXT.patientSignature} />
        <SignatureLine label={TEXT.dentistSignature} />
      </div>
    </article>
  );
}

function AvailmentView() {
  const { invoiceId: param } = useParams();
  const invoiceId = positiveRouteId(param);
  const availment = useAvailment(invoiceId);

  useEffect(() => {
    document.title = availment.data ? `${TEXT.title} ${TEXT.invoiceNumber(availment.data.invoice_id)}` : TEXT.title;
  }, [availment.data]);

  if (invoiceId === null || availment.data === null) {
    return (
      <ErrorState title={TEXT.notFoundTitle} fullPage>
        {TEXT.notFound(param ?? '')}
      </ErrorState>
    );
  }
  if (availment.isError) {
    // A refusal (an invoice without an HMO) says why and is not worth retrying.
    const refusal = refusalTextOf(availment.error);
    return refusal ? (
      <ErrorState title={TEXT.failedTitle} fullPage>
        {refusal}
      </ErrorState>
    ) : (
      <ErrorState title={TEXT.failedTitle} onRetry={() => void availment.refetch()} retryLabel={TEXT.retry} fullPage>
        {TEXT.failed}
      </ErrorState>
    );
  }
  if (!availment.data) {
    return <LoadingState label={TEXT.loading} fullPage />;
  }
  return (
    <main className="printable-page availment-page">
      <div className="printable-toolbar">
        <button type="button" className="button button-primary" onClick={() => window.print()}>
          {TEXT.print}
        </button>
      </div>
      <AvailmentSheet form={availment.data} />
    </main>
  );
}

/**
 * `/availment/:invoiceId`: the form an HMO patient and the dentist sign for the HMO's claim, in
 * its own tab, ready to print on A4. Outside the dashboard, so it has its own query client.
 */
export default function AvailmentPage() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, staleTime: 30_000 } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <AvailmentView />
    </QueryClientProvider>
  );
}
